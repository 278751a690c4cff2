import { RouterLinkStub } from '@vue/test-utils';
import { deleteObject } from '../../../lab/simulator/core/state';
import OverviewPage from '@pkg/overview/OverviewPage.vue';
import OverviewCard from '@pkg/overview/OverviewCard.vue';
import { useDemoServer } from '../../harness/demoServer';
import { HARVESTER_HOST, PLAIN_CLUSTER, RKE2_GUEST } from '../../../lab/world/ids';
import { mountDemo } from '../../harness/mount';

const { state } = useDemoServer();

const section = (wrapper: any, id: string) => wrapper.find(`[data-testid="${ id }"]`);

describe('Harvester integration overview page', () => {
  it('says what is installed, what each version supports and what needs attention, reading only', async() => {
    const { wrapper } = await mountDemo(OverviewPage, RKE2_GUEST.id);
    const provider = section(wrapper, 'overview-component-cloudProvider');
    const csi = section(wrapper, 'overview-component-csiDriver');

    const lines = (el: any) => el.findAll('.capabilities li').map((li: any) => li.text().replace(/\s+/g, ' '));

    expect(provider.find('p').text().replace(/\s+/g, ' ')).toBe('Installed, version 0.2.7');
    // v0.2.0 removed the health-check annotations; everything else the demo's v0.2.7 has.
    expect(lines(provider)).toEqual([
      'Load balancers for LoadBalancer Services: Supported',
      'Health-check annotations: Not in this version (before v0.2.0)',
      'Sharing one IP between Services: Supported (from v0.2.0)',
      'Choosing the load balancer\'s network: Supported (from v0.2.0)',
      'Checking networks against the NAD mapping: Supported (from v0.2.7)',
    ]);
    expect(csi.find('p').text().replace(/\s+/g, ' ')).toBe('Installed, version 0.2.4');
    // The demo's v0.2.4 takes snapshots, not yet as backups (v0.2.8).
    expect(lines(csi).slice(2)).toEqual([
      'ReadWriteMany volumes (Longhorn host classes): Supported (from v0.2.0)',
      'Volume snapshots: Supported (from v0.2.4)',
      'Snapshots as backups to the host\'s backup target: Not in this version (from v0.2.8)',
    ]);

    expect(section(wrapper, 'overview-nad').findAll('li').map((li: any) => li.text())).toEqual(['default/vlan100 (enp1s0)', 'default/vlan200 (enp2s0)']);

    // The demo host has no binding for the guest's CSI account: the problem, and the manifest naming that account.
    expect(section(wrapper, 'overview-problems').text()).toContain('default/rke2-guest has no ClusterRoleBinding');
    expect(section(wrapper, 'overview-rbac-yaml').text()).toContain('name: "rke2-guest"\n    namespace: "default"');

    // Load balancers by state, each Pending one with its cause and a link to its Service.
    expect(section(wrapper, 'overview-lb-counts').text()).toBe('3 allocated, 4 Pending');
    const rows = section(wrapper, 'overview-pending').findAll('tbody tr');

    expect(rows.map((r: any) => r.text())).toContain('default/other-networkNetwork not in the NAD mapping');
    expect(rows[0].findComponent(RouterLinkStub).props('to')).toEqual({
      name:   'c-cluster-product-resource-namespace-id',
      params: {
        cluster: RKE2_GUEST.id, product: 'explorer', resource: 'service', namespace: 'default', id: 'network-changed'
      }
    });
    expect(section(wrapper, 'overview-topology').text()).toBe('Topology2 regions, 3 zones, 6 nodes, 1 unlabelled');
    expect(state.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('names a missing CSI driver as a problem and its capabilities as not installed', async() => {
    deleteObject(state, RKE2_GUEST.id, 'apps.daemonset', 'kube-system/harvester-csi-driver');
    const { wrapper } = await mountDemo(OverviewPage, RKE2_GUEST.id);

    expect(section(wrapper, 'overview-problems').text()).toContain('The Harvester CSI driver is not installed.');
    expect(section(wrapper, 'overview-component-csiDriver').findAll('li .badge-state').map((b: any) => b.text())).toEqual(Array(5).fill('Not installed'));
    // Its RBAC is then not a problem of its own.
    expect(section(wrapper, 'overview-problems').text()).not.toContain('ClusterRoleBinding');
  });

  it('speaks Simplified Chinese', async() => {
    const { wrapper } = await mountDemo(OverviewPage, RKE2_GUEST.id, 'zh-hans');

    expect(wrapper.find('h1').text()).toBe('Harvester 集成');
    expect(section(wrapper, 'overview-lb-counts').text()).toBe('3 个已分配，4 个 Pending');
    expect(section(wrapper, 'overview-component-cloudProvider').text()).toContain('已安装，版本 0.2.7');
  });

  it('says so on a cluster not on Harvester, without asking for its components', async() => {
    const { wrapper } = await mountDemo(OverviewPage, PLAIN_CLUSTER.id);

    expect(section(wrapper, 'overview-not-harvester').text()).toBe('This cluster does not run on Harvester VMs, so it has no Harvester integration to check.');
    expect(state.requests.some((r) => r.path.includes('harvester-cloud-provider'))).toBe(false);
  });
});

describe('Harvester integration card', () => {
  it('shows both components and the load balancers with at most 3 requests, none to the host', async() => {
    const { wrapper } = await mountDemo(OverviewCard, RKE2_GUEST.id);
    const before = state.requests.length;

    expect(wrapper.findAll('li').map((li: any) => li.text().replace(/\s+/g, ' '))).toEqual([
      'Harvester cloud provider: Installed, version 0.2.7',
      'Harvester CSI driver: Installed, version 0.2.4',
    ]);
    expect(wrapper.text()).toContain('3 allocated, 4 Pending');
    expect(wrapper.findComponent(RouterLinkStub).props('to')).toEqual({ name: 'c-cluster-explorer-harvester-integration', params: { cluster: RKE2_GUEST.id, product: 'explorer' } });
    expect(before).toBeGreaterThan(0);
    const mine = state.requests.filter((r) => /harvester-cloud-provider|harvester-csi-driver|services/.test(`${ r.path }`));

    expect(mine.length).toBeLessThanOrEqual(3);
    expect(state.requests.some((r) => r.path.includes(HARVESTER_HOST.id))).toBe(false);
  });
});
