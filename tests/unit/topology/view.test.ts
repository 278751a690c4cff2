import { getObject, storeObject } from '../../../lab/simulator/core/state';
import TopologyView from '@pkg/topology/TopologyView.vue';
import { ZONE } from '@pkg/topology/labels';
import { RouterLinkStub } from '@vue/test-utils';
import { checkCluster } from '@pkg/environment/guestRegistry';
import { mountDemo, mountWithStore, settle } from '../../harness/mount';
import { HARVESTER_HOST, PLAIN_CLUSTER, RKE2_GUEST } from '../../../lab/world/ids';
import { demoStore } from '../../harness/store';
import { useDemoServer } from '../../harness/demoServer';

const { state } = useDemoServer();

const text = (w: any, testid: string) => w.find(`[data-testid="${ testid }"]`).text().replace(/\s+/g, ' ').trim();
const mountView = (clusterId: string, locale?: any) => mountDemo(TopologyView, clusterId, locale);

describe('TopologyView on the demo rke2 guest', () => {
  it('groups the nodes by region and zone and summarises them with drift from the host', async() => {
    const { wrapper } = await mountView(RKE2_GUEST.id);

    expect(text(wrapper, 'topology-summary')).toBe('2 regions, 3 zones, 6 nodes, 1 unlabelled, 1 drifted');
    const regions = wrapper.findAll('[data-testid="topology-region"]').map((r) => r.find('h2').text().replace(/\s+/g, ' '));

    expect(regions).toStrictEqual(['Region us-east 3 nodes, 3 ready', 'Region us-west 2 nodes, 2 ready']);
    expect(wrapper.find('[data-testid="topology-unlabelled"]').text()).toContain('rke2-guest-pool1-e');
  });

  it('marks the migrated node and the never-labelled node side by side and says what to do', async() => {
    const { wrapper } = await mountView(RKE2_GUEST.id);
    const drift = wrapper.find('[data-testid="topology-drift"]');

    expect(drift.text()).toContain('1 node no longer matches the host its VM runs on');
    expect(drift.find('[data-testid="topology-status-rke2-guest-pool1-f"]').text()).toBe('Drifted');
    expect(drift.find('[data-testid="topology-status-rke2-guest-pool1-e"]').text()).toBe('No topology');
    expect(drift.find('[data-testid="topology-status-rke2-guest-pool1-a"]').exists()).toBe(false);
    const row = drift.findAll('tr').find((tr) => tr.text().includes('rke2-guest-pool1-f'));

    // Node labels, VM annotations, the host it runs on now and that host's labels.
    expect(row?.findAll('td').map((td) => td.text().trim()).slice(1, 7)).toStrictEqual([
      'rke2-guest-pool1-f', 'Worker', 'us-east / us-east-1a', 'us-east / us-east-1a', 'hh-node-3', 'us-west / us-west-1a',
    ]);
    expect(text(wrapper, 'topology-resync-command')).toBe('kubectl taint nodes rke2-guest-pool1-e rke2-guest-pool1-f node.cloudprovider.kubernetes.io/uninitialized=true:PreferNoSchedule');
    expect(text(wrapper, 'topology-affinity')).toContain('- "us-east-1a"');
    expect(wrapper.find('[data-testid="topology-host-problem"]').exists()).toBe(false);
  });

  it('writes nothing', async() => {
    await mountView(RKE2_GUEST.id);

    expect(state.requests.filter((r) => r.method !== 'GET')).toStrictEqual([]);
  });

  it('says once that the host cannot be read and shows the guest labels', async() => {
    state.faults.push({
      match: { method: 'GET', cluster: HARVESTER_HOST.id }, respond: 403, times: 100
    });
    const { wrapper } = await mountView(RKE2_GUEST.id);

    expect(wrapper.findAll('[data-testid="topology-host-problem"]')).toHaveLength(1);
    expect(text(wrapper, 'topology-host-problem')).toContain('not allowed to read the VMs');
    expect(wrapper.find('[data-testid="topology-drift"]').exists()).toBe(false);
    expect(text(wrapper, 'topology-summary')).toBe('2 regions, 3 zones, 6 nodes, 1 unlabelled');
    expect(wrapper.find('[data-testid="topology-region"]').text()).toContain('rke2-guest-pool1-a');
  });

  it('reports an offline host as unreachable', async() => {
    state.faults.push({
      match: { method: 'GET', cluster: HARVESTER_HOST.id }, respond: 503, times: 100
    });
    const { wrapper } = await mountView(RKE2_GUEST.id);

    expect(text(wrapper, 'topology-host-problem')).toContain('cannot be read (offline or disconnected)');
  });

  it('says so when the nodes cannot be read instead of spinning', async() => {
    state.faults.push({
      match: {
        method: 'GET', cluster: RKE2_GUEST.id, type: 'node'
      },
      respond: 503,
      times:   100
    });
    const { wrapper } = await mountView(RKE2_GUEST.id);

    expect(text(wrapper, 'topology-nodes-failed')).toBe('The nodes of this cluster could not be read.');
  });

  it('shows a cluster not on Harvester by its own labels, without drift', async() => {
    const { wrapper } = await mountView(PLAIN_CLUSTER.id);

    expect(wrapper.find('[data-testid="topology-not-harvester"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="topology-drift"]').exists()).toBe(false);
    expect(state.requests.some((r) => r.path.includes(HARVESTER_HOST.id))).toBe(false);
  });

  it('renders hostile label values as text, never as HTML', async() => {
    const hostile = '<img src=x onerror=alert(1)>';
    const node = getObject(state, RKE2_GUEST.id, 'node', 'rke2-guest-pool1-a') as any;

    storeObject(state, RKE2_GUEST.id, 'node', { ...node, metadata: { ...node.metadata, labels: { ...node.metadata.labels, [ZONE]: hostile } } });
    const { wrapper } = await mountView(RKE2_GUEST.id);

    expect(wrapper.find('img').exists()).toBe(false);
    expect(wrapper.html()).not.toContain('<img');
    expect(wrapper.text()).toContain(`Zone ${ hostile }`);
    expect(wrapper.html()).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // The node now differs from its VM: the hostile value also shows, as text, in the drift table.
    expect(wrapper.find('[data-testid="topology-drift"]').text()).toContain(`us-east / ${ hostile }`);
  });

  it('speaks Simplified Chinese', async() => {
    const { wrapper } = await mountView(RKE2_GUEST.id, 'zh-hans');

    expect(text(wrapper, 'topology-summary')).toBe('2 个地区，3 个可用区，6 个节点，1 个无标签，1 个已偏移');
    expect(wrapper.find('[data-testid="topology-drift"]').text()).toContain('与 Harvester 主机的偏移');
  });

  it('asks Steve only for the fields it reads, only the instances (their VMs named by ownerReferences), and keeps the partial nodes out of the store', async() => {
    const { wrapper, store } = await mountView(RKE2_GUEST.id);
    const lists = state.requests.filter((r) => r.method === 'GET' && /\/v1\/(node|kubevirt)/.test(r.path));

    expect(text(wrapper, 'topology-summary')).toBe('2 regions, 3 zones, 6 nodes, 1 unlabelled, 1 drifted');
    expect(lists.map((r) => r.path).sort()).toStrictEqual([
      `/k8s/clusters/${ HARVESTER_HOST.id }/v1/kubevirt.io.virtualmachineinstance/default`,
      `/k8s/clusters/${ HARVESTER_HOST.id }/v1/node`,
      `/k8s/clusters/${ RKE2_GUEST.id }/v1/nodes`,
    ]);
    lists.forEach((r) => expect(r.query.include).toBeDefined());
    // The Node list's page is the store's: the Topology page's partial objects never go there.
    expect(store.getters['cluster/all']('node')).toHaveLength(0);
  });

  it('on a repeat visit asks only whether the lists changed, and shows a change made since', async() => {
    await mountView(RKE2_GUEST.id);
    const before = state.requests.length;

    await mountView(RKE2_GUEST.id);
    const again = state.requests.slice(before).filter((r) => /\/v1\/(node|kubevirt)/.test(r.path));

    expect(again.length).toBeGreaterThan(0);
    again.forEach((r) => expect(r.query.pagesize).toBe('1'));

    const node = getObject(state, RKE2_GUEST.id, 'node', 'rke2-guest-pool1-a') as any;

    storeObject(state, RKE2_GUEST.id, 'node', { ...node, metadata: { ...node.metadata, labels: { ...node.metadata.labels, [ZONE]: 'us-east-1z' } } });
    const { wrapper } = await mountView(RKE2_GUEST.id);

    expect(text(wrapper, 'topology-summary')).toBe('2 regions, 4 zones, 6 nodes, 1 unlabelled, 2 drifted');
  });

  it('filters the zones by node name, region or zone as the user types', async() => {
    const { wrapper } = await mountView(RKE2_GUEST.id);

    await wrapper.find('[data-testid="topology-filter"] input').setValue('west');
    const regions = wrapper.findAll('[data-testid="topology-region"]');

    expect(regions).toHaveLength(1);
    expect(regions[0].find('h2').text()).toContain('us-west');
    expect(text(wrapper, 'topology-filter-matches')).toBe('2 nodes match');
    expect(wrapper.find('[data-testid="topology-unlabelled"]').exists()).toBe(false);
    // The summary keeps the cluster's counts.
    expect(text(wrapper, 'topology-summary')).toBe('2 regions, 3 zones, 6 nodes, 1 unlabelled, 1 drifted');
    await wrapper.find('[data-testid="topology-filter"] input').setValue('nothing-like-this');
    expect(text(wrapper, 'topology-filter-matches')).toBe('No node matches');
  });

  it('shows the same (filtered) topology as a map with the drift arrow, and back to the tables', async() => {
    const { wrapper } = await mountView(RKE2_GUEST.id);

    await wrapper.find('[data-testid="topology-view-map"]').trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="topology-view-map"]').attributes('aria-pressed')).toBe('true');
    expect(wrapper.findAll('[data-testid="topology-region"]')).toHaveLength(0);
    const zones = wrapper.findAll('[data-testid="topology-map"] [data-zone]').map((z) => z.attributes('aria-label'));

    expect(zones).toContain('No topology labels: 1 node, 1 ready');
    expect(zones.length).toBeGreaterThanOrEqual(4);
    expect(wrapper.find('[data-testid="topology-map"] .drift-arrow').attributes('aria-label')).toMatch(/^Drift: 1 node labelled here runs in another zone \(rke2-guest-pool1-f\)$/);

    await wrapper.find('[data-testid="topology-filter"] input').setValue('west');
    expect(wrapper.findAll('[data-testid="topology-map"] [data-zone]').map((z) => z.attributes('aria-label')).every((l) => /us-west/.test(l as string))).toBe(true);

    await wrapper.find('[data-testid="topology-view-tables"]').trigger('click');
    expect(wrapper.findAll('[data-testid="topology-region"]')).toHaveLength(1);
  });

  it('sorts a node table by a column header, and back', async() => {
    const { wrapper } = await mountView(RKE2_GUEST.id);
    const zone = wrapper.findAll('[data-testid="topology-region"] [data-testid="topology-zone"]').find((z) => z.findAll('tbody tr').length > 1);
    const names = () => zone?.findAll('tbody tr.main-row').map((tr) => tr.findAll('td')[1].text()) || [];
    const sorted = names();

    expect(sorted).toStrictEqual([...sorted].sort());
    const nameHeader = zone?.findAll('th').find((th) => th.text() === 'Node');

    await nameHeader?.find('button').trigger('click');
    expect(nameHeader?.attributes('aria-sort')).toBe('descending');
    expect(names()).toStrictEqual([...sorted].reverse());
  });

  it('reads the host while the nodes load when the cluster is already known as a Harvester guest', async() => {
    const store = await demoStore(RKE2_GUEST.id);

    expect(await checkCluster(store, RKE2_GUEST.id)).toBe(true);
    const wrapper = mountWithStore(TopologyView, store, { global: { stubs: { RouterLink: RouterLinkStub } } });

    await settle();
    expect(text(wrapper, 'topology-summary')).toBe('2 regions, 3 zones, 6 nodes, 1 unlabelled, 1 drifted');
    expect(wrapper.find('[data-testid="topology-status-rke2-guest-pool1-f"]').text()).toBe('Drifted');
  });

  it('while open, picks up a change to the nodes on its next check of the revisions', async() => {
    const { wrapper } = await mountView(RKE2_GUEST.id);
    const node = getObject(state, RKE2_GUEST.id, 'node', 'rke2-guest-pool1-a') as any;

    storeObject(state, RKE2_GUEST.id, 'node', { ...node, metadata: { ...node.metadata, labels: { ...node.metadata.labels, [ZONE]: 'us-east-1z' } } });
    await (wrapper.vm as any).recheck();
    await settle();
    expect(text(wrapper, 'topology-summary')).toBe('2 regions, 4 zones, 6 nodes, 1 unlabelled, 2 drifted');
    wrapper.unmount();
  });
});
