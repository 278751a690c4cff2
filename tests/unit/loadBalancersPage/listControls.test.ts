/**
 * Sort, filter and group on the Load Balancers page: what Steve does (the fields its SQL cache indexes for Services
 * and Events), what the page does on its own rows, and the page's requests (slim, paginated, bounded events).
 */
import {
  applyOnPage, Controls, DEFAULT_CONTROLS, needsServer, networkKey, nextSort, pageChoices, pageOnly, poolKey, serverQuery
} from '@pkg/loadBalancersPage/listControls';
import { eventsUrl, hostLbFilters, servicesPageUrl } from '@pkg/loadBalancersPage/loadPage';
import { LbRow } from '@pkg/loadBalancersPage/rows';

const c = (patch: Partial<Controls> = {}): Controls => ({ ...DEFAULT_CONTROLS, ...patch });
const row = (name: string, network: string, pool: string | null, address: string | null = null): LbRow => ({
  ref:       `default/${ name }`,
  name,
  namespace: 'default',
  address,
  ipam:      'pool',
  network,
  pool:      pool === null ? { state: 'notReadable' } : {
    state: 'read', lb: pool ? 'allocated' : 'absent', name: pool || null, rule: 'exact'
  },
  group:       null,
  role:        'alone',
  secondaries: [],
  ports:       '80/TCP',
  pending:     null,
});

describe('where each sort and filter runs', () => {
  it('sorts by state, name, namespace and address on the server, by the fields Steve indexes', () => {
    expect(serverQuery(c()).sort).toBe('metadata.name');
    expect(serverQuery(c({ sort: 'state' })).sort).toBe('metadata.state.name');
    expect(serverQuery(c({ sort: 'address', desc: true })).sort).toBe('-metadata.fields[3]');
    expect(serverQuery(c({ sort: 'namespace' })).sort).toBe('metadata.namespace');
  });

  it('sorts by pool or network on the page only (Steve indexes neither): the server page stays by name', () => {
    expect(serverQuery(c({ sort: 'pool', desc: true })).sort).toBe('metadata.name');
    expect(pageOnly(c({ sort: 'pool' }))).toEqual(['sort']);
    expect(pageOnly(c({
      sort: 'address', pool: 'p', network: '-'
    }))).toEqual(['pool', 'network']);
    expect(pageOnly(c())).toEqual([]);
  });

  it('filters name, namespace or address in one Steve filter (OR), and the state by Steve\'s summary', () => {
    expect(serverQuery(c({ text: ' 192.168, (x) ', state: 'pending' })).filters).toEqual([
      'metadata.name~192.168x,metadata.namespace~192.168x,metadata.fields[3]~192.168x', 'metadata.state.name=pending',
    ]);
    expect(serverQuery(c({ state: 'active' })).filters).toEqual(['metadata.state.name!=pending']);
    expect(serverQuery(c({ text: '  ' })).filters).toEqual([]);
  });

  it('needs a new page from the server only for server-side changes', () => {
    expect(needsServer(c(), c({ pool: 'p' }))).toBe(false);
    expect(needsServer(c(), c({ sort: 'network' }))).toBe(false);
    expect(needsServer(c(), c({ state: 'pending' }))).toBe(true);
    expect(needsServer(c(), c({ sort: 'address' }))).toBe(true);
    expect(needsServer(c({ sort: 'pool' }), c({ sort: 'pool', desc: true }))).toBe(false);
  });

  it('a second click on a header flips the order; another header starts ascending', () => {
    expect(nextSort(c(), 'name')).toMatchObject({ sort: 'name', desc: true });
    expect(nextSort(c({ sort: 'name', desc: true }), 'pool')).toMatchObject({ sort: 'pool', desc: false });
  });
});

describe('on the page\'s rows', () => {
  const rows = [row('a', '', 'global', '10.0.0.1'), row('b', 'default/vlan100', 'vlan100'), row('c', 'default/vlan100', ''), row('d', '', null)];

  it('filters by pool (a name, "noLoadBalancer", "notReadable") and by network ("-" is the management network)', () => {
    expect(applyOnPage(rows, c({ pool: 'vlan100' })).map((r) => r.name)).toEqual(['b']);
    expect(applyOnPage(rows, c({ pool: 'noLoadBalancer' })).map((r) => r.name)).toEqual(['c']);
    expect(applyOnPage(rows, c({ pool: 'notReadable' })).map((r) => r.name)).toEqual(['d']);
    expect(applyOnPage(rows, c({ network: '-' })).map((r) => r.name)).toEqual(['a', 'd']);
    expect(applyOnPage(rows, c({ network: 'default/vlan100', pool: 'vlan100' })).map((r) => r.name)).toEqual(['b']);
  });

  it('sorts by pool or network, keeps the server\'s order otherwise', () => {
    expect(applyOnPage(rows, c({ sort: 'pool' })).map((r) => r.name)).toEqual(['a', 'c', 'd', 'b']);
    expect(applyOnPage(rows, c({ sort: 'network', desc: true })).map((r) => r.name)).toEqual(['c', 'b', 'd', 'a']);
    expect(applyOnPage([...rows].reverse(), c({ sort: 'address' })).map((r) => r.name)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('offers the pools and networks of the page, and keeps a chosen one a new page lacks', () => {
    expect(pageChoices(rows, poolKey, '')).toEqual(['global', 'noLoadBalancer', 'notReadable', 'vlan100']);
    expect(pageChoices(rows, networkKey, 'default/vlan300')).toEqual(['-', 'default/vlan100', 'default/vlan300']);
  });
});

describe('the page\'s requests', () => {
  it('asks Steve for one slim, sorted page of LoadBalancer Services with the server-side filters', () => {
    const url = new URL(servicesPageUrl('/k8s/clusters/c-1/v1/services', {
      page:     2,
      controls: c({
        text: 'web', state: 'pending', sort: 'address'
      })
    }), 'https://x');

    expect(url.searchParams.getAll('filter')).toEqual([
      'spec.type=LoadBalancer', 'metadata.name~web,metadata.namespace~web,metadata.fields[3]~web', 'metadata.state.name=pending',
    ]);
    expect([url.searchParams.get('pagesize'), url.searchParams.get('page'), url.searchParams.get('sort')]).toEqual(['100', '2', 'metadata.fields[3]']);
    expect(url.searchParams.getAll('include')).toContain('status.loadBalancer');
  });

  it('asks for the events of the given Services only, by indexed Steve filters (no fieldSelector: Steve\'s SQL cache ignores it)', () => {
    const url = new URL(eventsUrl('/k8s/clusters/c-1/v1/events', ['u1', 'u2']), 'https://x');

    expect(url.searchParams.getAll('filter')).toEqual([
      'involvedObject.kind=Service', 'involvedObject.uid IN (u1,u2)',
      'reason IN (SyncLoadBalancerFailed,UpdateLoadBalancerFailed,DeleteLoadBalancerFailed,EnsuredLoadBalancer)',
    ]);
    expect(url.searchParams.get('fieldSelector')).toBeNull();
    expect(url.searchParams.getAll('include')).toContain('involvedObject');
  });

  it('asks the host only for the LoadBalancers of the page\'s Services and their primaries, by label filters', () => {
    const svc = (name: string, annotations: Record<string, string> = {}) => ({
      metadata: {
        name, namespace: 'default', annotations
      }
    });
    const page = [svc('web'), svc('api', { 'cloudprovider.harvesterhci.io/primary-service': 'default/off-page' })];

    expect(hostLbFilters('rke2-guest', page)).toEqual([
      'metadata.labels[cloudprovider.harvesterhci.io/cluster]=rke2-guest', 'metadata.labels[cloudprovider.harvesterhci.io/serviceName] IN (api,off-page,web)',
    ]);
    expect(hostLbFilters(null, page)).toHaveLength(1);
  });
});
