/**
 * The Load Balancers page's rows: IPAM, the pool from the host (or "not readable"), sharing groups, the Pending
 * reason the detail page gives, grouping (sort and filter: listControls.test.ts).
 */
import { buildRows, groupRows, ipamOf } from '@pkg/loadBalancersPage/rows';
import { poolCell } from '@pkg/loadBalancersPage/cells';
import { KubeObject } from '@pkg/data/types';

const svc = (name: string, annotations: Record<string, string> = {}, ip?: string, ports = [80]) => ({
  metadata: {
    name, namespace: 'default', uid: `uid-${ name }`, annotations
  },
  spec:   { type: 'LoadBalancer', ports: ports.map((port) => ({ port, protocol: 'TCP' })) },
  status: { loadBalancer: { ingress: ip ? [{ ip }] : [] } },
});
const hostLb = (service: string, ipPool?: string, annotations: Record<string, string> = {}) => ({
  metadata: {
    name:   `lb-${ service }`,
    labels: { 'cloudprovider.harvesterhci.io/serviceNamespace': 'default', 'cloudprovider.harvesterhci.io/serviceName': service },
    annotations,
  },
  spec:   { workloadType: 'cluster' },
  status: ipPool ? { allocatedAddress: { ipPool, ip: '10.0.0.1' } } : {},
});
/** As Harvester's load balancer controller leaves one it could not allocate: Ready False, with why. */
const acted = (lb: ReturnType<typeof hostLb>) => ({
  ...lb,
  status: {
    ...lb.status,
    conditions: [{
      type: 'Ready', status: 'False', message: 'no matched IPPool'
    }]
  }
});
const ALL = {
  project: '*', namespace: '*', guestCluster: '*'
};
const pools: KubeObject[] = [
  { metadata: { name: 'vlan100', labels: {} }, spec: { selector: { network: 'default/vlan100', scope: [ALL] } } },
  { metadata: { name: 'global', labels: { 'loadbalancer.harvesterhci.io/global-ip-pool': 'true' } }, spec: { selector: { scope: [ALL] } } },
];
const failure = (name: string, message: string) => ({
  metadata:       { name: `${ name }.1` },
  involvedObject: {
    kind: 'Service', namespace: 'default', name
  },
  reason:        'SyncLoadBalancerFailed',
  message:       `Error syncing load balancer: failed to ensure load balancer: ${ message }`,
  lastTimestamp: '2026-01-01T00:00:00Z',
});

describe('Load Balancers page rows', () => {
  it('reads IPAM as pool (absent or pool), dhcp, and invalid for any other value', () => {
    const ipam = 'cloudprovider.harvesterhci.io/ipam';

    expect([svc('a'), svc('b', { [ipam]: 'pool' }), svc('c', { [ipam]: 'dhcp' }), svc('d', { [ipam]: 'DHCP' })].map(ipamOf)).toEqual(['pool', 'pool', 'dhcp', 'invalid']);
  });

  it('shows the pool the host LoadBalancer got its address from, with the rule that picked it', () => {
    const web = svc('web', { 'cloudprovider.harvesterhci.io/network': 'default/vlan100' }, '10.0.0.1');
    const lb = hostLb('web', 'vlan100', { 'loadbalancer.harvesterhci.io/network': 'default/vlan100' });
    const other = svc('other', {}, '10.9.0.1');
    const [row, fallback] = buildRows([web, other], [], {
      lbs: [lb, hostLb('other', 'global')], pools, clusterName: null
    });

    expect(row.pool).toEqual({
      state: 'read', lb: 'allocated', name: 'vlan100', rule: 'exact'
    });
    expect(fallback.pool).toEqual({
      state: 'read', lb: 'allocated', name: 'global', rule: 'global'
    });
  });

  it('names no pool it did not read: no host load balancer yet, or one waiting for its address (issue 34)', () => {
    const [absent, waiting, none] = buildRows([svc('fresh'), svc('waits'), svc('nomatch', { 'cloudprovider.harvesterhci.io/network': 'default/vlan999' })], [], {
      lbs: [acted(hostLb('waits', undefined, { 'loadbalancer.harvesterhci.io/network': 'default/vlan100' })), acted(hostLb('nomatch', undefined, { 'loadbalancer.harvesterhci.io/network': 'default/vlan999' }))], pools: [pools[0]], clusterName: null
    });

    expect(absent.pool).toEqual({
      state: 'read', lb: 'absent', name: null, rule: null
    });
    expect(poolCell(absent)).toEqual({ key: 'harvesterLoadBalancers.pool.noLoadBalancer' });
    // The controller has not allocated it yet (stopped, say): the pool the rules pick, said as such.
    expect(waiting.pool).toMatchObject({ lb: 'waiting', name: 'vlan100' });
    expect(poolCell(waiting)).toEqual({ key: 'harvesterLoadBalancers.pool.waiting', args: { pool: 'vlan100' } });
    expect(poolCell(none)).toEqual({ key: 'harvesterLoadBalancers.pool.waitingNone' });
    expect([absent, waiting, none].map((r) => groupRows([r], 'pool')[0].key)).toEqual(['noLoadBalancer', 'waiting', 'waiting']);
  });

  // Fault 1 of issue 37: the provider made it, and Harvester's load balancer controller never acted (no Ready).
  it('says when Harvester\'s load balancer controller has not acted on a waiting load balancer, keeping the pool the rules pick', () => {
    const [unserved, unmatched, refused] = buildRows([svc('unserved'), svc('unmatched', { 'cloudprovider.harvesterhci.io/network': 'default/vlan999' }), svc('refused')], [], {
      lbs: [
        hostLb('unserved', undefined, { 'loadbalancer.harvesterhci.io/network': 'default/vlan100' }),
        hostLb('unmatched', undefined, { 'loadbalancer.harvesterhci.io/network': 'default/vlan999' }),
        acted(hostLb('refused', undefined, { 'loadbalancer.harvesterhci.io/network': 'default/vlan100' })),
      ],
      pools:       [pools[0]],
      clusterName: null
    });

    expect(poolCell(unserved)).toEqual({ key: 'harvesterLoadBalancers.pool.waitingUnprocessed', args: { pool: 'vlan100' } });
    expect(poolCell(unmatched)).toEqual({ key: 'harvesterLoadBalancers.pool.waitingNoneUnprocessed' });
    expect(poolCell(refused)).toEqual({ key: 'harvesterLoadBalancers.pool.waiting', args: { pool: 'vlan100' } });
    // Filed with the other waiting ones.
    expect(groupRows([unserved], 'pool')[0].key).toBe('waiting');
  });

  it('tells an address allocated from a pool the rules would no longer pick', () => {
    const [moved, stale] = buildRows([svc('moved', {}, '10.0.0.3'), svc('stale', {}, '10.0.0.4')], [], {
      lbs: [hostLb('moved', 'vlan100'), hostLb('stale', 'old', { 'loadbalancer.harvesterhci.io/network': 'default/gone' })], pools: [pools[0]], clusterName: null
    });

    expect(moved.pool).toEqual({
      state: 'read', lb: 'allocated', name: 'vlan100', rule: null, now: null
    });
    expect(stale.pool).toMatchObject({ name: 'old', rule: null });
  });

  it('says "not readable" when the host cannot be read, and no pool for DHCP', () => {
    const rows = buildRows([svc('web'), svc('d', { 'cloudprovider.harvesterhci.io/ipam': 'dhcp' })], [], null);

    expect(rows.map((r) => r.pool.state)).toEqual(['notReadable', 'dhcp']);
  });

  it('groups a primary with its secondaries, the secondary taking the primary\'s pool, each with its own ports', () => {
    const primary = svc('web', {}, '10.0.0.1', [80]);
    const secondary = svc('api', { 'cloudprovider.harvesterhci.io/primary-service': 'default/web' }, '10.0.0.1', [8080, 8443]);
    const rows = buildRows([primary, secondary, svc('alone')], [], {
      lbs: [hostLb('web', 'vlan100')], pools, clusterName: null
    });

    expect(rows.map((r) => [r.role, r.group, r.ports])).toEqual([
      ['primary', 'default/web', '80/TCP'], ['secondary', 'default/web', '8080/TCP, 8443/TCP'], ['alone', null, '80/TCP']]);
    expect(rows[1].pool).toMatchObject({ name: 'vlan100' });
  });

  it('gives a Pending Service the same explanation as its detail page, and none once it has an address', () => {
    const events = [
      failure('stuck', 'no matched IPPool with requirement &{Network:default/x Project: Namespace:default Cluster:c}'),
      failure('done', 'port 80 has been used in service default/web'),
    ];
    const rows = buildRows([svc('stuck'), svc('done', {}, '10.0.0.2'), svc('quiet')], events, null);

    expect(rows.map((r) => r.pending?.cause ?? null)).toEqual(['noMatchingPool', null, null]);
    expect(rows[0].pending?.args.network).toBe('default/x');
  });

  it('groups by pool and by network, the ungrouped last', () => {
    const rows = buildRows([
      svc('b', { 'cloudprovider.harvesterhci.io/network': 'default/vlan100' }, '10.0.0.2'),
      svc('a', {}, '10.0.0.1'),
      svc('c', { 'cloudprovider.harvesterhci.io/network': 'default/vlan100' }),
    ], [], {
      lbs: [hostLb('a', 'global'), hostLb('b', 'vlan100'), hostLb('c', 'vlan100')], pools, clusterName: null
    });

    expect(groupRows(rows, 'pool').map((g) => [g.key, g.rows.map((r) => r.name)])).toEqual([['global', ['a']], ['vlan100', ['b', 'c']]]);
    expect(groupRows(rows, 'network').map((g) => g.key)).toEqual(['default/vlan100', '']);
  });

  it('shows the rows before the host is read: the pool is "reading", never "not readable"', () => {
    const [dhcp, pool] = buildRows([svc('d', { 'cloudprovider.harvesterhci.io/ipam': 'dhcp' }), svc('p')], [], undefined);

    expect([dhcp.pool, pool.pool]).toEqual([{ state: 'dhcp' }, { state: 'loading' }]);
    expect(buildRows([svc('p')], [], null)[0].pool).toEqual({ state: 'notReadable' });
  });
});
