import { RouterLinkStub } from '@vue/test-utils';
import TopologyCard from '@pkg/topology/TopologyCard.vue';
import { HARVESTER_HOST, PLAIN_CLUSTER, RKE2_GUEST } from '../../../lab/world/ids';
import { mountDemo } from '../../harness/mount';
import { useDemoServer } from '../../harness/demoServer';

const { state } = useDemoServer();

describe('TopologyCard', () => {
  it('summarises the guest’s topology and links to the Topology page, without asking the host', async() => {
    const { wrapper } = await mountDemo(TopologyCard, RKE2_GUEST.id);

    expect(wrapper.find('p').text()).toBe('2 regions, 3 zones, 6 nodes, 1 unlabelled');
    expect(wrapper.findComponent(RouterLinkStub).props('to')).toStrictEqual({ name: 'c-cluster-explorer-harvester-topology', params: { cluster: RKE2_GUEST.id, product: 'explorer' } });
    expect(wrapper.findComponent(RouterLinkStub).text()).toBe('View topology');
    expect(state.requests.some((r) => r.path.includes(HARVESTER_HOST.id))).toBe(false);
  });

  it('says so on a cluster not running on Harvester, in both languages', async() => {
    expect((await mountDemo(TopologyCard, PLAIN_CLUSTER.id)).wrapper.text()).toBe('This cluster does not run on Harvester VMs.');
    expect((await mountDemo(TopologyCard, PLAIN_CLUSTER.id, 'zh-hans')).wrapper.text()).toBe('此集群未运行在 Harvester 虚拟机上。');
  });
});
