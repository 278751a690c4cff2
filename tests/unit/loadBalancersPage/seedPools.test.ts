/**
 * The demo data agrees with the pool rules: every seeded host LoadBalancer with an address got it from the pool
 * load-balancer-harvester's `selectIPPool` would pick, so the Load Balancers page's "from pool" and its "why this
 * pool" tell the same story; and the simulator's selector (lab/simulator/controllers/ipPoolSelector.ts) and the UI's
 * (addOnConfig/ipPoolMatch.ts) pick the same pool, ties included (`>=`: the last by name).
 */
import { demoSeed } from '../../../lab/world/seed';
import { scaleLbHostObjects } from '../../../lab/world/clusters/scaleServices';
import { HARVESTER_HOST } from '../../../lab/world/ids';
import { selectPool } from '../../../lab/simulator/controllers/ipPoolSelector';
import { choosePool, requirementOf } from '@pkg/addOnConfig/ipPoolMatch';
import { KubeObject } from '@pkg/data/types';

const hostObjects = (): KubeObject[] => demoSeed([]).clusters.find((c) => c.id === HARVESTER_HOST.id)!.objects;
const ofKind = (objects: KubeObject[], kind: string) => objects.filter((o) => (o as KubeObject & { kind?: string }).kind === kind);

function simulatorChoice(pools: KubeObject[], lb: KubeObject): string | null {
  const r = requirementOf(lb);
  const req = {
    Network: r.network, Project: r.project, Namespace: r.namespace, Cluster: r.cluster
  };

  return (selectPool(pools, req, false) || (lb.spec?.workloadType === 'cluster' ? selectPool(pools, req, true) : undefined))?.metadata.name || null;
}

describe('the demo seed\'s pools', () => {
  it.each([['demo', () => hostObjects()], ['5,000 Services', () => [...hostObjects(), ...scaleLbHostObjects(200)]]])('%s: every allocated LoadBalancer is in the pool the rules pick today', (_, objects) => {
    const all = objects();
    const pools = ofKind(all, 'IPPool');
    const allocated = ofKind(all, 'LoadBalancer').filter((lb) => lb.status?.allocatedAddress?.ipPool);

    expect(allocated.length).toBeGreaterThan(0);
    allocated.forEach((lb) => {
      const expected = { lb: lb.metadata.name, pool: lb.status.allocatedAddress.ipPool };

      expect({ lb: lb.metadata.name, pool: choosePool(pools, lb).pool }).toEqual(expected);
      expect({ lb: lb.metadata.name, pool: simulatorChoice(pools, lb) }).toEqual(expected);
    });
  });

  it('web-pool came from pool-rke2-guest by an exact network and scope match', () => {
    const all = hostObjects();
    const lb = ofKind(all, 'LoadBalancer').find((l) => l.metadata.labels?.['cloudprovider.harvesterhci.io/serviceName'] === 'web-pool')!;

    expect(choosePool(ofKind(all, 'IPPool'), lb)).toEqual({ pool: 'pool-rke2-guest', rule: 'exact' });
  });

  it('the simulator and the UI pick the same pool on a priority tie (the last by name) and the last global pool', () => {
    const pool = (name: string, selector: Record<string, unknown>, global = false) => ({
      apiVersion: 'loadbalancer.harvesterhci.io/v1beta1',
      kind:       'IPPool',
      metadata:   { name, labels: global ? { 'loadbalancer.harvesterhci.io/global-ip-pool': 'true' } : {} },
      spec:       { selector },
    }) as KubeObject;
    const any = [{
      project: '*', namespace: '*', guestCluster: '*'
    }];
    const lb = {
      metadata: {
        name: 'lb', namespace: 'default', annotations: { 'loadbalancer.harvesterhci.io/network': 'n' }
      },
      spec: { workloadType: 'cluster' }
    } as unknown as KubeObject;
    const tie = [pool('a', {
      network: 'n', scope: any, priority: 5
    }), pool('b', {
      network: 'n', scope: any, priority: 5
    }), pool('c', {
      network: 'n', scope: any, priority: 1
    })];
    const globals = [pool('g1', { scope: any }, true), pool('g2', { scope: any }, true)];

    expect([choosePool(tie, lb).pool, simulatorChoice(tie, lb)]).toEqual(['b', 'b']);
    expect([choosePool(globals, lb).pool, simulatorChoice(globals, lb)]).toEqual(['g2', 'g2']);
  });
});
