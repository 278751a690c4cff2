import { Seed } from '../steve/types';
import { harvesterHostCluster } from './clusters/harvesterHost';
import { k3sGuestCluster } from './clusters/k3sGuest';
import { plainCluster } from './clusters/plainCluster';
import { rancherLocalCluster } from './clusters/rancherLocal';
import { rke2GuestCluster } from './clusters/rke2Guest';
import { scaleGuestCluster, scaleHostObjects, scaleLocalObjects, scaleSizes } from './clusters/scaleGuest';
import { scaleLbHostObjects, scaleServiceCount } from './clusters/scaleServices';

/**
 * The demo Rancher: its own cluster, a Harvester host, two guests on it and a cluster that is not on Harvester; plus,
 * for the render bench, one `scale-<n>` guest per size in `scaleNodes` (default: SIM_SCALE_NODES, unset = none).
 */
export function demoSeed(scaleNodes: number[] = scaleSizes()): Seed {
  const local = rancherLocalCluster();

  const host = harvesterHostCluster();

  local.objects.push(...scaleNodes.flatMap(scaleLocalObjects));
  host.objects.push(...scaleHostObjects(scaleNodes), ...scaleLbHostObjects(scaleServiceCount()));

  return {
    clusters: [
      local,
      host,
      rke2GuestCluster(),
      k3sGuestCluster(),
      plainCluster(),
      ...scaleNodes.map(scaleGuestCluster),
    ]
  };
}
