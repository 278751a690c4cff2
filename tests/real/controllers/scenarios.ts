/**
 * The load balancer scenarios the controller differential runs on both sides (backend.ts), each in a guest namespace
 * of its own and cleaned up after itself. The IP pools they add or change are restored by `cleanup`. Sources of the
 * behaviour each one meets: cloud-provider-harvester v0.2.7 pkg/cloud-controller-manager/loadbalancer.go,
 * load-balancer-harvester v1.8.2 pkg/controller/loadbalancer/controller.go, pkg/ipam, pkg/webhook/loadbalancer.
 */
import { Backend } from './backend';
import {
  createAll, deletePool, expectOk, poolsSeen, failedWith, handled, hostLoadBalancers, ipPool, lbService, markRemoving, P, patchService, POOLS, RKE2_POOL, services, takeAwayRke2Pool
} from './scenarioSteps';

export { createNamespace, removeScenario } from './scenarioSteps';

export interface Scenario {
  name: string;
  /** IP pools whose state the snapshot compares. */
  pools: string[];
  run(b: Backend, ns: string): Promise<void>;
  cleanup?(b: Backend, ns: string): Promise<void>;
}

type Restore = () => Promise<void>;
const restores = new Map<string, Restore>();

export const SCENARIOS: Scenario[] = [
  {
    name: 'pool', pools: [], run: (b, ns) => createAll(b, ns, [lbService(ns, 'web', { ipam: 'pool' })]),
  },
  {
    name: 'pool on a network', pools: [], run: (b, ns) => createAll(b, ns, [lbService(ns, 'web', { ipam: 'pool', network: 'default/vlan100' })]),
  },
  {
    name: 'dhcp', pools: [], run: (b, ns) => createAll(b, ns, [lbService(ns, 'web', { ipam: 'dhcp', network: 'default/vlan100' })]),
  },
  {
    name:  'sharing',
    pools: [],
    run:   async(b, ns) => {
      await createAll(b, ns, [lbService(ns, 'primary', { ipam: 'pool' })]);
      await createAll(b, ns, [lbService(ns, 'secondary', { primary: `${ ns }/primary`, ports: [{ port: 8080 }] })]);
    },
  },
  {
    name:  'port overlap',
    pools: [],
    run:   async(b, ns) => {
      await createAll(b, ns, [lbService(ns, 'primary', { ipam: 'pool' })]);
      await createAll(b, ns, [lbService(ns, 'udp', { primary: `${ ns }/primary`, ports: [{ port: 80, protocol: 'UDP' }] })]);
    },
  },
  {
    name:  'primary without address',
    pools: [],
    run:   async(b, ns) => {
      await createAll(b, ns, [lbService(ns, 'primary', { ipam: 'pool', network: 'default/vlan300' })]);
      await createAll(b, ns, [lbService(ns, 'secondary', { primary: `${ ns }/primary`, ports: [{ port: 8080 }] })], failedWith(/has no ingress IP/));
    },
  },
  {
    name: 'network not in the NAD mapping', pools: [], run: (b, ns) => createAll(b, ns, [lbService(ns, 'web', { ipam: 'dhcp', network: 'default/vlan300' })]),
  },
  {
    name:  'no pool for the network',
    pools: [RKE2_POOL],
    run:   async(b, ns) => {
      restores.set(`${ b.kind } no pool`, await takeAwayRke2Pool(b));
      await createAll(b, ns, [lbService(ns, 'web', { ipam: 'pool' })]);
    },
    cleanup: async(b) => restores.get(`${ b.kind } no pool`)?.(),
  },
  {
    name:  'global pool fallback',
    pools: ['scn-global'],
    run:   async(b, ns) => {
      restores.set(`${ b.kind } global`, await takeAwayRke2Pool(b));
      // Global is what the IP pool webhook says (mutator.go isGlobalIPPool): one scope tuple of `*` only; it
      // writes the label itself, over whatever the pool came with.
      await expectOk('global pool', await b.request('host', 'POST', POOLS, ipPool('scn-global', '192.168.100.150', '192.168.100.159', {
        network: 'default/vlan200',
        scope:   [{
          project: '*', namespace: '*', guestCluster: '*'
        }]
      })));
      await poolsSeen(b);
      await createAll(b, ns, [lbService(ns, 'web', { ipam: 'pool' })]);
    },
    cleanup: async(b) => {
      await restores.get(`${ b.kind } global`)?.();
      await deletePool(b, 'scn-global');
    },
  },
  {
    name:  'pool exhausted',
    pools: ['scn-tiny'],
    run:   async(b, ns) => {
      await expectOk('tiny pool', await b.request('host', 'POST', POOLS, ipPool('scn-tiny', '192.168.100.160', '192.168.100.160', {
        network:  'default/vlan100',
        priority: 100,
        scope:    [{
          project: '*', namespace: '*', guestCluster: 'rke2-guest'
        }]
      })));
      await poolsSeen(b);
      await createAll(b, ns, [lbService(ns, 'first', { ipam: 'pool' })]);
      await createAll(b, ns, [lbService(ns, 'second', { ipam: 'pool' })]);
    },
    cleanup: (b) => deletePool(b, 'scn-tiny'),
  },
  {
    name:  'ipam changed after creation',
    pools: [],
    run:   async(b, ns) => {
      await createAll(b, ns, [lbService(ns, 'web', { ipam: 'pool' })]);
      await patchService(b, ns, 'web', { metadata: { annotations: { [`${ P }/ipam`]: 'dhcp' } } });
      await b.settle(handled(b, ns, failedWith(/IPAM/)));
    },
  },
  {
    name:  'network changed after creation',
    pools: [],
    run:   async(b, ns) => {
      await createAll(b, ns, [lbService(ns, 'web', { ipam: 'dhcp', network: 'default/vlan100' })]);
      await patchService(b, ns, 'web', { metadata: { annotations: { [`${ P }/network`]: 'default/vlan200' } } });
      await b.settle(handled(b, ns, failedWith(/network annotation/)));
    },
  },
  {
    // Rancher marks a guest cluster's VMs when it removes the cluster; the LB webhook then refuses new load
    // balancers of that cluster (validator.go checkGuestClusterIsOnRemove).
    name:  'guest cluster being removed',
    pools: [],
    run:   async(b, ns) => {
      await markRemoving(b, 'true');
      await createAll(b, ns, [lbService(ns, 'web', { ipam: 'pool' })]);
    },
    cleanup: (b) => markRemoving(b, null),
  },
  {
    // cloud-provider-harvester v0.2.7 GetLoadBalancer reports no load balancer while the host's has no status.address,
    // which only the provider's next sync after kube-vip's address writes: deleted before that, the Service leaves it.
    name:  'deleted right after getting its address',
    pools: [RKE2_POOL],
    run:   async(b, ns) => {
      await createAll(b, ns, [lbService(ns, 'web', { ipam: 'pool' })]);
      await expectOk('delete', await b.request('guest', 'DELETE', `/api/v1/namespaces/${ ns }/services/web`));
      await b.settle(async() => (await services(b, ns)).length === 0, 15000);
    },
  },
  {
    name:  'deleted after a later sync: released',
    pools: [RKE2_POOL],
    run:   async(b, ns) => {
      await createAll(b, ns, [lbService(ns, 'web', { ipam: 'pool' })]);
      // A label is a change of the Service: the provider syncs again and writes kube-vip's address to the host.
      await patchService(b, ns, 'web', { metadata: { labels: { tier: 'web' } } });
      await b.settle(async() => !!(await hostLoadBalancers(b, ns))[0]?.status?.address, 30000);
      await expectOk('delete', await b.request('guest', 'DELETE', `/api/v1/namespaces/${ ns }/services/web`));
      await b.settle(async() => (await hostLoadBalancers(b, ns)).length === 0, 30000);
    },
  },
];

