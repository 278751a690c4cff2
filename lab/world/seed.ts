import { Seed } from '../simulator/core/types';
import { harvesterHostCluster } from './clusters/harvesterHost';
import { k3sGuestCluster } from './clusters/k3sGuest';
import { harvesterKubeconfigParts, k3sBareCluster, k3sBareLocalObjects } from './clusters/k3sBare';
import { plainCluster } from './clusters/plainCluster';
import { rancherLocalCluster } from './clusters/rancherLocal';
import { rke2GuestCluster } from './clusters/rke2Guest';
import { scaleGuestCluster, scaleHostObjects, scaleLocalObjects, scaleSizes } from './clusters/scaleGuest';
import { addScaleServices, scaleServiceCount } from './clusters/scaleServices';
import { guestWithoutLoadBalancerState, hostWithoutLoadBalancers } from './beforeControllers';
import { demoUid } from './demoUids';
import { NETWORK_CHANGED, networkChangedLoadBalancer } from './history';
import { RKE2_GUEST } from './ids';
import { settleSeed } from './settle';

/**
 * The demo data as it stands before Harvester's load balancer controllers act (beforeControllers.ts drops what they
 * own, whatever a builder wrote), with its history: the demo Rancher, its own cluster, a Harvester host, three
 * guests on it (one not set up yet) and a cluster that is not on Harvester.
 */
export function demoSeedBeforeControllers(): Seed {
  const local = rancherLocalCluster();
  const host = harvesterHostCluster();
  const rke2 = rke2GuestCluster();

  local.objects.push(...k3sBareLocalObjects());
  host.objects = hostWithoutLoadBalancers(host.objects, [RKE2_GUEST.name]);
  host.objects.push(...harvesterKubeconfigParts(), networkChangedLoadBalancer(demoUid(RKE2_GUEST.id, 'service', `${ NETWORK_CHANGED.namespace }/${ NETWORK_CHANGED.name }`)));
  rke2.objects = guestWithoutLoadBalancerState(rke2.objects);

  return { clusters: [local, host, rke2, k3sGuestCluster(), k3sBareCluster(), plainCluster()] };
}

/** Settled once per process (the controllers' run costs tens of milliseconds); each caller gets its own copy. */
let settled: string | null = null;

/**
 * The demo: `demoSeedBeforeControllers()` after the simulator's load balancer controllers ran over rke2-guest and
 * the host (settle.ts); plus, for the benches, one `scale-<n>` guest per size in `scaleNodes` (default:
 * SIM_SCALE_NODES, unset = none) and SIM_SCALE_SERVICES more LoadBalancer Services on rke2-guest (scaleServices.ts).
 */
export function demoSeed(scaleNodes: number[] = scaleSizes()): Seed {
  settled = settled || JSON.stringify(settleSeed(demoSeedBeforeControllers(), [RKE2_GUEST.id]));
  const seed: Seed = JSON.parse(settled);
  const [local, host] = seed.clusters;

  local.objects.push(...scaleNodes.flatMap(scaleLocalObjects));
  host.objects.push(...scaleHostObjects(scaleNodes));
  seed.clusters.push(...scaleNodes.map(scaleGuestCluster));
  addScaleServices(seed, scaleServiceCount());

  return seed;
}
