/** What the Load Balancers page says in each cell, and that both languages say it (same keys, ICU that parses). */
import IntlMessageFormat from 'intl-messageformat';
import {
  groupTitle, poolCell, sharingCell, stateCell, tableView
} from '@pkg/loadBalancersPage/cells';
import { buildRows, groupRows } from '@pkg/loadBalancersPage/rows';
import { allStrings } from '../../harness/l10n';

const enUs = allStrings('en-us');
const zhHans = allStrings('zh-hans');

const leaves = (o: any, prefix = ''): [string, string][] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? leaves(v, `${ prefix }${ k }.`) : [[`${ prefix }${ k }`, v as string]]));
const lookup = (root: any, key: string) => key.split('.').reduce((o, k) => o?.[k], root);
const svc = (name: string, annotations: Record<string, string> = {}) => ({
  metadata: {
    name, namespace: 'default', annotations
  },
  spec: { type: 'LoadBalancer', ports: [] }
});

describe('Load Balancers page cells', () => {
  it('says which pool and why, "not readable" without the host, and the sharing role', () => {
    const lb = {
      metadata: { name: 'x', labels: { 'cloudprovider.harvesterhci.io/serviceNamespace': 'default', 'cloudprovider.harvesterhci.io/serviceName': 'web' } },
      spec:     { workloadType: 'cluster' },
      status:   { allocatedAddress: { ipPool: 'g' } },
    };
    const pools = [{ metadata: { name: 'g', labels: { 'loadbalancer.harvesterhci.io/global-ip-pool': 'true' } }, spec: { selector: {} } }];
    const api8080 = { ...svc('api', { 'cloudprovider.harvesterhci.io/primary-service': 'default/web' }), spec: { type: 'LoadBalancer', ports: [{ port: 8080, protocol: 'TCP' }] } };
    const [web, api] = buildRows([svc('web'), api8080], [], {
      lbs: [lb], pools, clusterName: null
    });

    expect(poolCell(web)).toEqual({ key: 'harvesterLoadBalancers.pool.rule.global', args: { pool: 'g' } });
    expect(poolCell(api)).toEqual({ key: 'harvesterLoadBalancers.pool.rule.global', args: { pool: 'g' } });
    expect(poolCell(buildRows([svc('web')], [], null)[0])).toEqual({ key: 'harvesterLoadBalancers.pool.notReadable' });
    expect([sharingCell(web), sharingCell(api)]).toEqual([
      { key: 'harvesterLoadBalancers.sharing.primary', args: { secondaries: 'default/api (8080/TCP)' } },
      { key: 'harvesterLoadBalancers.sharing.secondary', args: { primary: 'default/web' } },
    ]);
    // With more pages, secondaries may be on others: the primary's cell says whose it knows.
    expect(sharingCell(web, false).key).toBe('harvesterLoadBalancers.sharing.primaryOnPage');
    expect(groupTitle('', 'network').key).toBe('harvesterLoadBalancers.group.networkNone');
  });

  it('says Active for a row with an address, else Pending with the reason short and in full', () => {
    const [row] = buildRows([svc('web')], [], null);

    expect(stateCell({
      ...row, address: '10.0.0.5', pending: null
    })).toEqual({
      color: 'success', label: { key: 'harvesterLoadBalancers.state.active' }, reason: null
    });
    expect(stateCell({
      ...row, address: null, pending: { cause: 'portInUse', args: { network: 'vlan1' } }
    })).toEqual({
      color:  'warning',
      label:  { key: 'harvesterLoadBalancers.state.pending' },
      reason: {
        short: { key: 'harvesterCloud.loadBalancer.pending.causes.portInUse.short', args: { network: 'vlan1' } },
        what:  { key: 'harvesterCloud.loadBalancer.pending.causes.portInUse.what', args: { network: 'vlan1' } },
      },
    });
    expect(stateCell({
      ...row, address: null, pending: null
    }).reason).toBeNull();
  });

  it('gives the table a title per group only when grouped, and each row its cells', () => {
    const rows = buildRows([svc('web'), svc('api', { 'cloudprovider.harvesterhci.io/ipam': 'dhcp' })], [], null);
    const flat = tableView(groupRows(rows, 'none'), 'none', true);
    const byPool = tableView(groupRows(rows, 'pool'), 'pool', false);

    expect(flat.map((g) => [g.title, g.rows.map((r) => r.row.name)])).toEqual([[null, ['web', 'api']]]);
    expect(flat[0].rows[1].ipam).toEqual({ key: 'harvesterLoadBalancers.ipam.dhcp' });
    expect(flat[0].rows[0].pool).toEqual(poolCell(rows[0]));
    expect(byPool.map((g) => g.title)).toEqual([groupTitle('dhcp', 'pool'), groupTitle('notReadable', 'pool')]);
    expect(byPool[1].rows[0].sharing).toEqual(sharingCell(rows[0], false));
  });

  it('has every key it uses in both languages, real Chinese, parsing as ICU without tags', () => {
    const en = leaves((enUs as any).harvesterLoadBalancers);
    const zh = leaves((zhHans as any).harvesterLoadBalancers);

    expect(zh.map(([k]) => k)).toEqual(en.map(([k]) => k));
    for (const [key, msg] of [...en, ...zh]) {
      expect(() => new IntlMessageFormat(msg, 'en').format({
        pool: 'p', now: 'q', primary: 's', name: 'n', page: '1', pages: '2', count: '3', what: 'w', controllers: 'c', known: 'k', clusters: 'o', namespace: 'ns', secondaries: 'x'
      })).not.toThrow();
      expect(`${ key }:${ msg }`).not.toMatch(/[<>]/);
    }
    expect(zh.filter(([k]) => !['ipam.dhcp', 'col.ipam', 'sharing.alone'].includes(k)).every(([, m]) => /[\u4e00-\u9fff]/.test(m))).toBe(true);
    ['specified', 'exact', 'priority', 'global', 'loose', 'none'].forEach((r) => {
      expect(lookup(enUs, `harvesterLoadBalancers.pool.rule.${ r }`)).toBeTruthy();
    });
  });
});
