import { growingClusterCondition } from '../shellAdapter/clusterCondition';
import { StoreLike } from './types';
import { detectHarvesterGuest, PROV_CLUSTER } from './harvesterCluster';
import { guestClusters, MGMT_CLUSTER } from './hostCluster';

/**
 * The Rancher cluster ids known to run the Harvester cloud provider. Every tab, column and card of the
 * extension is registered with `cluster: harvesterGuestClusters`, the extension API's own per-cluster
 * condition (Rancher 2.7+; shell 3.0.0+), so nothing of the extension appears on other clusters. It is filled as
 * clusters are entered (shellAdapter/clusterCondition.ts says why that works).
 */
export const harvesterGuestClusters: string[] = growingClusterCondition();

const checked = new Map<string, Promise<boolean>>();

export function isKnownHarvesterGuest(clusterId: string): boolean {
  return harvesterGuestClusters.includes(clusterId);
}

/**
 * Whether a cluster runs on Harvester. Throws when it cannot be told (the nodes request failed): that answer is
 * not kept, so the next page of the cluster asks again.
 */
async function classify(store: StoreLike, clusterId: string): Promise<boolean> {
  const mgmtCluster = store.getters['management/byId']?.(MGMT_CLUSTER, clusterId);
  const provCluster = mgmtCluster?.provClusterId ? store.getters['management/byId'](PROV_CLUSTER, mgmtCluster.provClusterId) : null;

  if (detectHarvesterGuest({ mgmtCluster, provCluster })) {
    return true;
  }
  // K3s and imported guests are only recognisable by their nodes: one node is enough to tell. Steve's SQL cache
  // (Rancher's default) ignores `limit` and pages by `pagesize` only (measured on rancher/steve v0.10.2: limit=1
  // answered all 5,000 nodes); without it `limit` is Kubernetes' own. Both, so one node comes back either way.
  const res = await store.dispatch('management/request', { url: `/k8s/clusters/${ encodeURIComponent(clusterId) }/v1/nodes?limit=1&pagesize=1` });

  if (detectHarvesterGuest({ nodes: res?.data || [] })) {
    return true;
  }
  // Machines on Harvester without the provider yet (K3s): their machine pools say so. The store may not hold the
  // clusters yet (server-side pagination, or a first page): up to two GETs, only for clusters the nodes did not tell.
  const { prov } = provCluster ? { prov: provCluster } : await guestClusters(store, clusterId);

  return !!detectHarvesterGuest({ provCluster: prov });
}

/**
 * Classifies a cluster and records it when it is a Harvester guest. A known answer is kept for the session; a
 * failed check (network, 5xx, logged out) is forgotten so that it is tried again.
 */
export function checkCluster(store: StoreLike, clusterId: string | null | undefined): Promise<boolean> {
  if (!clusterId || clusterId === 'local' || clusterId === '_') {
    return Promise.resolve(false);
  }
  if (!checked.has(clusterId)) {
    const check = classify(store, clusterId).then((yes) => {
      if (yes && !isKnownHarvesterGuest(clusterId)) {
        harvesterGuestClusters.push(clusterId);
      }

      return yes;
    }, () => {
      checked.delete(clusterId);

      return false;
    });

    checked.set(clusterId, check);
  }

  return checked.get(clusterId) as Promise<boolean>;
}

/** Forgets every answer (tests; a new login). */
export function forgetGuestChecks(): void {
  checked.clear();
}

interface WatchableStore extends StoreLike {
  watch(getter: (state: unknown, getters: Record<string, unknown>) => unknown, cb: (value: unknown) => void, options?: { immediate?: boolean }): () => void;
}

/** Called on login: classify every cluster the user enters, before its pages ask for the extension's parts. */
export function trackHarvesterGuests(store: WatchableStore): void {
  store.watch((_state, getters) => getters.clusterId, (id) => {
    checkCluster(store, id as string);
  }, { immediate: true });
}
