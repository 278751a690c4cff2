/**
 * "Why this pool": the rule load-balancer-harvester's `selectIPPool` (v1.8.2 pkg/controller/loadbalancer/controller.go,
 * pkg/ipam/selector.go) applies to put a LoadBalancer in its pool (docs/harvester-rules.md, rows R-POOL-5 to R-POOL-9).
 */
import { choosePool, matchPoolsWithRule } from '@pkg/addOnConfig/ipPoolMatch';

const ALL = {
  project: '*', namespace: '*', guestCluster: '*'
};
const pool = (name: string, selector: Record<string, unknown>, global = false) => ({
  metadata: { name, labels: (global ? { 'loadbalancer.harvesterhci.io/global-ip-pool': 'true' } : {}) as Record<string, string> },
  spec:     { selector },
});
const lb = (annotations: Record<string, string>, spec: Record<string, unknown> = {}) => ({
  metadata: {
    name: 'lb', namespace: 'default', annotations
  },
  spec: { workloadType: 'cluster', ...spec },
});
const onVlan = lb({ 'loadbalancer.harvesterhci.io/network': 'default/vlan100', 'loadbalancer.harvesterhci.io/cluster': 'guest' });

describe('why this pool', () => {
  // R-POOL-5: spec.ipPool names the pool: no selection.
  it('takes the pool the LoadBalancer names, even if another pool matches', () => {
    expect(choosePool([pool('a', { network: 'default/vlan100', scope: [ALL] })], lb({}, { ipPool: 'fixed' }))).toEqual({ pool: 'fixed', rule: 'specified' });
  });

  // R-POOL-6: the one pool whose network and scope match; `*` scopes match any value.
  it('says "exact match" for the single matching pool with a * scope', () => {
    const pools = [pool('other-net', { network: 'default/vlan200', scope: [ALL] }), pool('vlan100', { network: 'default/vlan100', scope: [ALL] })];

    expect(choosePool(pools, onVlan)).toEqual({ pool: 'vlan100', rule: 'exact' });
  });

  // R-POOL-7: several match: the highest priority wins, and the rule says so.
  it('says "priority" when a higher-priority pool beat another matching one', () => {
    const pools = [
      pool('high', {
        network: 'default/vlan100', scope: [ALL], priority: 10
      }),
      pool('low', {
        network: 'default/vlan100', scope: [ALL], priority: 1
      }),
    ];

    expect(choosePool(pools, onVlan)).toEqual({ pool: 'high', rule: 'priority' });
  });

  // R-POOL-8: no strict match: the global pool, before any loose retry.
  it('falls back to the global pool before the loose retry', () => {
    const pools = [
      pool('loose-only', {
        network: 'default/vlan100',
        scope:   [{
          project: '', namespace: 'default', guestCluster: ''
        }]
      }),
      pool('global', { network: '', scope: [ALL] }, true),
    ];

    expect(choosePool(pools, onVlan)).toEqual({ pool: 'global', rule: 'global' });
  });

  // R-POOL-9: guest-cluster LoadBalancers retry loosely (empty project/guestCluster match); others do not.
  it('finds a pool only in the loose retry, and only for a guest-cluster LoadBalancer', () => {
    const pools = [pool('loose-only', {
      network: 'default/vlan100',
      scope:   [{
        project: '', namespace: 'default', guestCluster: ''
      }]
    })];

    expect(choosePool(pools, onVlan)).toEqual({ pool: 'loose-only', rule: 'loose' });
    expect(choosePool(pools, lb(onVlan.metadata.annotations, { workloadType: 'vm' }))).toEqual({ pool: null, rule: 'none' });
  });

  // R-POOL-0: the requirement is what the webhook wrote (the guest VMs' network); the Service's own network, kept in
  // `cloudprovider.harvesterhci.io/lb-network`, picks no pool (load-balancer-harvester v1.8.2 mutator.go findNetwork).
  it('chooses on the webhook\'s network, never on the one the Service named', () => {
    const pools = [pool('on-vlan200', { network: 'default/vlan200', scope: [ALL] }), pool('on-vlan100', { network: 'default/vlan100', scope: [ALL] })];
    const asked200 = lb({ ...onVlan.metadata.annotations, 'cloudprovider.harvesterhci.io/lb-network': 'default/vlan200' });

    expect(choosePool(pools, asked200)).toEqual({ pool: 'on-vlan100', rule: 'exact' });
    expect(matchPoolsWithRule(pools, asked200).find((v) => v.name === 'on-vlan200')?.mismatches).toEqual(['network']);
  });

  // The Service detail page's "IP pools that could serve it" list marks the chosen pool with the same rule.
  it('marks the chosen pool of the pool list with its rule', () => {
    const pools = [pool('vlan100', { network: 'default/vlan100', scope: [ALL] }), pool('global', { network: '', scope: [ALL] }, true)];

    expect(matchPoolsWithRule(pools, onVlan).filter((v) => v.chosen).map((v) => [v.name, v.rule])).toEqual([['vlan100', 'exact']]);
    expect(matchPoolsWithRule(pools, lb({})).filter((v) => v.chosen).map((v) => [v.name, v.rule])).toEqual([['global', 'global']]);
  });
});
