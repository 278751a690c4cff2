/**
 * Issue 26: the Topology page tells a user who may not read what it needs why, and offers no control that cannot
 * work. The demo's viewer reads rke2-guest but is no member of harvester-host: drift cannot be checked, and the page
 * says that it is their membership, not a missing credential. Nodes or pods a role may not list are said so too.
 */
import TopologyView from '@pkg/topology/TopologyView.vue';
import { hostNoticeKeys, nodesDenied, spreadDenied } from '@pkg/topology/access';
import { RouterLinkStub } from '@vue/test-utils';
import { RKE2_GUEST } from '../../../lab/world/ids';
import { useDemoServer } from '../../harness/demoServer';
import { mountDemo, mountWithStore, settle } from '../../harness/mount';
import { demoStore } from '../../harness/store';

const demo = useDemoServer();
const { state } = demo;
const text = (w: any, id: string) => w.find(`[data-testid="${ id }"]`).text().replace(/\s+/g, ' ').trim();

/** The page on rke2-guest with the schemas of `types` taken from the user (as Steve leaves out what a role may not use). */
async function withoutSchemas(types: string[]) {
  const store = await demoStore(RKE2_GUEST.id);

  types.forEach((type) => store.commit('cluster/remove', store.getters['cluster/schemaFor'](type)));
  const wrapper = mountWithStore(TopologyView, store, { global: { stubs: { RouterLink: RouterLinkStub } } });

  await settle(12);

  return wrapper;
}

describe('what the Topology page decides from the user\'s schemas and the host lookup', () => {
  const read = { collectionMethods: ['GET'], resourceMethods: ['GET'] };

  it('nodes: denied without list in the schema or on a 403, a failure otherwise', () => {
    expect(nodesDenied(() => read, null)).toBe(false);
    expect(nodesDenied(() => read, 'forbidden')).toBe(true);
    expect(nodesDenied(() => read, 'unreachable')).toBe(false);
    expect(nodesDenied(() => null, 'unreachable')).toBe(true);
  });

  it('spread: needs Deployments or StatefulSets to pick from, then Pods to count', () => {
    expect(spreadDenied(() => read)).toBeNull();
    expect(spreadDenied((_s, type) => (type === 'apps.deployment' ? read : null))).toBe('pods');
    expect(spreadDenied((_s, type) => (type === 'pod' ? read : null))).toBe('workloads');
  });

  it('host: why it is not known, then what that leaves out; the read failures as before', () => {
    const noHost = {
      hostClusterId: null, snapshot: null, problem: 'noHost' as const
    };

    expect(hostNoticeKeys({ ...noHost, unknown: 'notMember' })).toEqual(['harvesterCloud.host.unknown.notMember', 'harvesterTopology.host.consequence']);
    expect(hostNoticeKeys(noHost)).toEqual(['harvesterTopology.host.noHost']);
    expect(hostNoticeKeys({
      ...noHost, hostClusterId: 'c-h', problem: 'forbidden'
    })).toEqual(['harvesterTopology.host.forbidden']);
    expect(hostNoticeKeys({ ...noHost, problem: null })).toEqual([]);
  });
});

describe('the Topology page for a user who may not read all it needs', () => {
  it('the viewer is told they are no member of the Harvester host, so drift is not checked; the nodes still show', async() => {
    demo.as('viewer');
    const { wrapper } = await mountDemo(TopologyView, RKE2_GUEST.id);

    expect(text(wrapper, 'topology-host-problem')).toBe('You are not a member of the Harvester cluster that hosts this cluster\'s VMs: Rancher shows a cluster only to its members. Drift cannot be checked; the nodes are shown with their own labels.');
    expect(wrapper.findAll('[data-testid="topology-region"]')).toHaveLength(2);
    expect(wrapper.find('[data-testid="topology-spread-denied"]').exists()).toBe(false);
    expect(state.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('the same in Simplified Chinese', async() => {
    demo.as('viewer');
    const { wrapper } = await mountDemo(TopologyView, RKE2_GUEST.id, 'zh-hans');

    expect(text(wrapper, 'topology-host-problem')).toBe('您不是承载此集群虚拟机的 Harvester 集群的成员：Rancher 只向集群成员显示该集群。 无法检查偏移，节点按其自身标签显示。');
  });

  it('the admin gets drift and no notice', async() => {
    const { wrapper } = await mountDemo(TopologyView, RKE2_GUEST.id);

    expect(wrapper.find('[data-testid="topology-host-problem"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="topology-drift"]').exists()).toBe(true);
  });

  it('a role that may not list nodes is told so, not that they could not be read', async() => {
    state.faults.push({
      match: {
        method: 'GET', cluster: RKE2_GUEST.id, type: 'node'
      },
      respond: 403,
      times:   100
    });
    const { wrapper } = await mountDemo(TopologyView, RKE2_GUEST.id);

    expect(text(wrapper, 'topology-nodes-failed')).toBe('Your role in this cluster does not allow listing its nodes, so there is no topology to show. Ask the cluster\'s owner for read access to nodes.');
  });

  it('a role that may not list Pods gets the reason instead of a workload picker that could not count them', async() => {
    const wrapper = await withoutSchemas(['pod']);

    expect(text(wrapper, 'topology-spread-denied')).toBe('Your role in this cluster does not allow listing Pods, so how a workload\'s pods spread cannot be counted.');
    expect(wrapper.find('[data-testid="topology-spread"] input').exists()).toBe(false);
    expect(demo.requestsSince(0).some((r) => /apps\.(deployments|statefulsets)/.test(r))).toBe(false);
  });
});
