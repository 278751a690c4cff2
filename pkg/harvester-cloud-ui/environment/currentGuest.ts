import { KubeObject } from '../data/types';
import { StoreLike, cached, currentCluster } from '../data/store';
import { NODE, PROV_CLUSTER } from '../data/typeIds';
import { guestCachedAll } from '../data/guest';
import { detectHarvesterGuest } from './harvesterCluster';

// Apart from harvesterCluster.ts, which the entry chunk carries (guest detection on entering a cluster): this one
// reads the store's guest objects, which only the pages need.
/**
 * Detection from what the dashboard already holds for the current cluster: the management and provisioning
 * clusters (loaded at login) and the nodes (the caller's, else the store's), so it costs no request.
 */
export function currentClusterIsHarvesterGuest(store: StoreLike, guestNodes?: readonly KubeObject[]): boolean {
  const mgmtCluster = currentCluster(store);

  if (!mgmtCluster) {
    return false;
  }
  const provCluster = mgmtCluster.provCluster || (mgmtCluster.provClusterId ? cached(store, 'management', PROV_CLUSTER, mgmtCluster.provClusterId) : null);
  // Nodes the caller read itself (e.g. the Topology page's partial list) or, without them, the store's.
  const nodes = guestNodes ? [...guestNodes] : guestCachedAll(store, NODE);

  return !!detectHarvesterGuest({
    provCluster, mgmtCluster, nodes
  });
}
