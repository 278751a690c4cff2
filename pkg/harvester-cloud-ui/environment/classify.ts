import { StoreLike, cached } from '../data/store';
import { MGMT_CLUSTER, PROV_CLUSTER } from '../data/typeIds';
import { firstNodeOf } from '../data/rancher';
import { detectHarvesterGuest } from './harvesterCluster';
import { guestClusters, ManagementCluster } from './hostCluster';

// The host lookup rides in this chunk, which every cluster loads on entry: the screens take it from here (host.ts).
export {
  findHostClusterId, guestClusters, lookUpHost
} from './hostCluster';

/**
 * Whether a cluster runs on Harvester. Throws when it cannot be told (the nodes request failed): that answer is
 * not kept, so the next page of the cluster asks again.
 */
export async function classify(store: StoreLike, clusterId: string): Promise<boolean> {
  const mgmtCluster = cached<ManagementCluster>(store, 'management', MGMT_CLUSTER, clusterId);
  const provCluster = mgmtCluster?.provClusterId ? cached(store, 'management', PROV_CLUSTER, mgmtCluster.provClusterId) : null;

  if (detectHarvesterGuest({ mgmtCluster, provCluster })) {
    return true;
  }
  // K3s and imported guests are only recognisable by their nodes: one node is enough to tell.
  if (detectHarvesterGuest({ nodes: await firstNodeOf(store, clusterId) })) {
    return true;
  }
  // Machines on Harvester without the provider yet (K3s): their machine pools say so. The store may not hold the
  // clusters yet (server-side pagination, or a first page): up to two GETs, only for clusters the nodes did not tell.
  const { prov } = provCluster ? { prov: provCluster } : await guestClusters(store, clusterId);

  return !!detectHarvesterGuest({ provCluster: prov });
}
