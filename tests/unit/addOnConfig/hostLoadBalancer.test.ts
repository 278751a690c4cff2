/**
 * The host side of a Pending load balancer: which Harvester LoadBalancer serves a Service and which IP pool
 * load-balancer-harvester would take for it (docs/harvester-rules.md, rows R-LB-* and R-POOL-*).
 */
import { matchPools, requirementOf } from '@pkg/addOnConfig/ipPoolMatch';
import { loadBalancerOwner } from '@pkg/addOnConfig/lbStatus';
import { pickHostLb } from '@pkg/addOnConfig/lbHost';
import { loadBalancerName } from '@pkg/addOnConfig/hostLbName';
import { lbStatusText } from '@pkg/addOnConfig/serviceColumns';

const pool = (name: string, selector: Record<string, unknown>, opts: { global?: boolean; available?: number } = {}) => ({
  metadata: { name, labels: (opts.global ? { 'loadbalancer.harvesterhci.io/global-ip-pool': 'true' } : {}) as Record<string, string> },
  spec:     { selector },
  status:   { available: opts.available ?? 5, total: 10 },
});
const req = {
  network: 'default/vlan100', project: 'p-1', namespace: 'default', cluster: 'rke2-guest'
};
const chosen = (verdicts: ReturnType<typeof matchPools>) => verdicts.filter((v) => v.chosen).map((v) => v.name);

describe('IP pool selection (load-balancer-harvester pkg/ipam/selector.go)', () => {
  // R-POOL-1: the network must be equal, an empty one matches only an empty one.
  it('needs the same network', () => {
    const all = [{
      project: '*', namespace: '*', guestCluster: '*'
    }];
    const v = matchPools([pool('a', { network: 'default/vlan200', scope: all }), pool('b', { scope: all })], req, false);

    expect(v.map((p) => p.mismatches)).toEqual([['network'], ['network']]);
    expect(chosen(v)).toEqual([]);
  });

  // R-POOL-2: every scope field is `*` or equal; a pool without scope serves nothing.
  it('needs a scope entry that matches project, namespace and guest cluster', () => {
    const v = matchPools([
      pool('a', {
        network: 'default/vlan100',
        scope:   [{
          project: '*', namespace: 'other', guestCluster: '*'
        }]
      }),
      pool('b', { network: 'default/vlan100' }),
      pool('c', {
        network: 'default/vlan100',
        scope:   [{
          project: 'p-1', namespace: '*', guestCluster: 'rke2-guest'
        }]
      }),
    ], req, false);

    expect(v.map((p) => p.mismatches)).toEqual([['scope'], ['noScope'], []]);
    expect(chosen(v)).toEqual(['c']);
  });

  // R-POOL-3: the highest priority wins; then the global pool; then (guest clusters) the loose pass.
  it('takes the highest priority, else the global pool, else an empty project/guestCluster in loose mode', () => {
    const scope = [{
      project: '*', namespace: '*', guestCluster: '*'
    }];

    expect(chosen(matchPools([pool('low', {
      network: 'default/vlan100', priority: 1, scope
    }), pool('high', {
      network: 'default/vlan100', priority: 5, scope
    })], req))).toEqual(['high']);
    expect(chosen(matchPools([pool('g', {}, { global: true }), pool('x', { network: 'other', scope })], req))).toEqual(['g']);
    expect(chosen(matchPools([pool('loose', { network: 'default/vlan100', scope: [{ namespace: 'default' }] })], req, true))).toEqual(['loose']);
    expect(chosen(matchPools([pool('loose', { network: 'default/vlan100', scope: [{ namespace: 'default' }] })], req, false))).toEqual([]);
  });

  // R-POOL-4: a chosen pool with nothing left fails allocation.
  it('marks a chosen pool with no address left', () => {
    expect(matchPools([pool('a', {
      network: 'default/vlan100',
      scope:   [{
        namespace: '*', project: '*', guestCluster: '*'
      }]
    }, { available: 0 })], req)[0]).toMatchObject({ chosen: true, exhausted: true });
  });

  // R-POOL-0: the requirement is the LoadBalancer's annotations; an empty namespace means its own.
  it('reads the requirement from the LoadBalancer the provider wrote', () => {
    expect(requirementOf({
      metadata: {
        name: 'lb', namespace: 'vms', annotations: { 'loadbalancer.harvesterhci.io/network': 'default/vlan100', 'loadbalancer.harvesterhci.io/cluster': 'c' }
      }
    })).toEqual({
      network: 'default/vlan100', project: '', namespace: 'vms', cluster: 'c'
    });
  });
});

describe('the Harvester LoadBalancer of a Service', () => {
  const primary = {
    metadata: {
      name: 'p', namespace: 'default', uid: 'uid-p'
    },
    spec:   { type: 'LoadBalancer' },
    status: {}
  };
  const secondary = {
    metadata: {
      name: 's', namespace: 'default', annotations: { 'cloudprovider.harvesterhci.io/primary-service': 'default/p' }
    },
    spec: { type: 'LoadBalancer' }
  };

  // R-LB-3: provider v0.2.x `GetLoadBalancerName` uses the primary for a secondary.
  it("is the primary's for a secondary", () => {
    expect(loadBalancerOwner(secondary, [primary, secondary])).toBe(primary);
    expect(loadBalancerOwner(primary, [primary])).toBe(primary);
    expect(loadBalancerOwner(secondary, [])).toBeNull();
  });

  // R-LB-1: found by the exact name the provider gives it, else by the Service labels.
  it('is found by the name the provider gives it', () => {
    const name = loadBalancerName('kubernetes', 'default', 'p', 'uid-p');
    const lbs = [{ metadata: { name: 'other', labels: {} } }, { metadata: { name, labels: {} } }];

    expect(pickHostLb(lbs, primary, 'kubernetes')?.metadata.name).toBe(name);
    expect(pickHostLb(lbs, primary, 'rke2-guest')).toBeNull();
  });
});

describe('the LB Status column', () => {
  const t = (key: string, args?: Record<string, unknown>) => `${ key }${ args ? JSON.stringify(args) : '' }`;
  const lb = (name: string, extra: Record<string, any> = {}) => ({
    metadata: {
      name, namespace: 'default', ...(extra.metadata || {})
    },
    spec:   { type: 'LoadBalancer' },
    status: extra.status || {}
  });

  it('uses what the list holds: address, waiting primary, an explained event, else Pending', () => {
    const p = lb('p');
    const s = lb('s', { metadata: { annotations: { 'cloudprovider.harvesterhci.io/primary-service': 'default/p' } } });
    const event = {
      metadata:       { name: 'e' },
      reason:         'SyncLoadBalancerFailed',
      message:        'Error syncing load balancer: failed to ensure load balancer: port 80 has been used in service default/p',
      lastTimestamp:  'x',
      involvedObject: {
        kind: 'Service', name: 's', namespace: 'default'
      }
    };

    expect(lbStatusText(lb('a', { status: { loadBalancer: { ingress: [{ ip: '10.0.0.1' }] } } }), t, [], [])).toBe('harvesterCloud.loadBalancer.column.active{"address":"10.0.0.1"}');
    expect(lbStatusText(s, t, [p, s], [])).toBe('harvesterCloud.loadBalancer.column.waitingPrimary{"primary":"default/p"}');
    expect(lbStatusText(s, t, [p, s], [event])).toBe('harvesterCloud.loadBalancer.pending.causes.portInUse.short{"port":"80","service":"default/p"}');
    expect(lbStatusText(p, t, [p], [])).toBe('harvesterCloud.loadBalancer.status.pending');
    expect(lbStatusText({ metadata: { name: 'c' }, spec: { type: 'ClusterIP' } }, t, [], [])).toBe('');
  });
});
