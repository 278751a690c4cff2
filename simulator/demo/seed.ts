import { Seed } from '../steve/types';
import { harvesterHostCluster } from './clusters/harvesterHost';
import { k3sGuestCluster } from './clusters/k3sGuest';
import { harvesterKubeconfigParts, k3sBareCluster, k3sBareLocalObjects } from './clusters/k3sBare';
import { plainCluster } from './clusters/plainCluster';
import { rancherLocalCluster } from './clusters/rancherLocal';
import { rke2GuestCluster } from './clusters/rke2Guest';
import { scaleGuestCluster, scaleHostObjects, scaleLocalObjects, scaleSizes } from './clusters/scaleGuest';
import { scaleLbHostObjects, scaleServiceCount } from './clusters/scaleServices';

/**
 * The demo Rancher: its own cluster, a Harvester host, three guests on it (one not set up yet) and a cluster that is
 * not on Harvester; plus, for the render bench, one `scale-<n>` guest per size in `scaleNodes` (default: SIM_SCALE_NODES, unset = none).
 */
export function demoSeed(scaleNodes: number[] = scaleSizes()): Seed {
  const local = rancherLocalCluster();

  const host = harvesterHostCluster();

  local.objects.push(...k3sBareLocalObjects(), ...scaleNodes.flatMap(scaleLocalObjects));
  host.objects.push(...harvesterKubeconfigParts(), ...scaleHostObjects(scaleNodes), ...scaleLbHostObjects(scaleServiceCount()));

  return {
    clusters: [
      local,
      host,
      rke2GuestCluster(),
      k3sGuestCluster(),
      k3sBareCluster(),
      plainCluster(),
      ...scaleNodes.map(scaleGuestCluster),
    ]
  };
}
