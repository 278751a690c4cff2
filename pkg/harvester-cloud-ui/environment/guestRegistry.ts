import { reactive } from 'vue';
import { growingClusterCondition } from '../shellAdapter/clusterCondition';
import { StoreLike, WatchableStore, onClusterEntered } from '../data/store';

/**
 * The Rancher cluster ids known to run the Harvester cloud provider. Every tab, column and card of the
 * extension is registered with `cluster: harvesterGuestClusters`, the extension API's own per-cluster
 * condition (Rancher 2.7+; shell 3.0.0+), so nothing of the extension appears on other clusters. It is filled as
 * clusters are entered (shellAdapter/clusterCondition.ts says why that works).
 */
export const harvesterGuestClusters: string[] = growingClusterCondition();

/** The cluster ids checked and found not to run on Harvester (reactive: the side menu follows it, guestMenu.ts). */
const notGuests: string[] = reactive([]);

const checked = new Map<string, Promise<boolean>>();

export function isKnownHarvesterGuest(clusterId: string): boolean {
  return harvesterGuestClusters.includes(clusterId);
}

/** Known not to run on Harvester: its check answered no, or it is Rancher's own `local` (or no cluster, `_`). */
export function isKnownNotGuest(clusterId: string): boolean {
  return clusterId === 'local' || clusterId === '_' || notGuests.includes(clusterId);
}

/**
 * The classification's chunk, loaded on the first cluster entered; it carries the host lookup too, which the screens
 * take from it (host.ts): one import() here, so the screens reuse the chunk already loaded.
 */
export const classifyChunk = () => import('./classify');

/**
 * Classifies a cluster and records it when it is a Harvester guest. A known answer is kept for the session; a
 * failed check (network, 5xx, logged out) is forgotten so that it is tried again.
 */
export function checkCluster(store: StoreLike, clusterId: string | null | undefined): Promise<boolean> {
  if (!clusterId || clusterId === 'local' || clusterId === '_') {
    return Promise.resolve(false);
  }
  if (!checked.has(clusterId)) {
    // The classification (and the data access it needs) loads on the first cluster entered, not with every Rancher
    // page: the entry chunk keeps only this registry.
    const check = classifyChunk().then(({ classify }) => classify(store, clusterId)).then((yes) => {
      if (yes && !isKnownHarvesterGuest(clusterId)) {
        harvesterGuestClusters.push(clusterId);
      }
      if (!yes && !notGuests.includes(clusterId)) {
        notGuests.push(clusterId);
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
  notGuests.splice(0);
}

/** Called on login: classify every cluster the user enters, before its pages ask for the extension's parts. */
export function trackHarvesterGuests(store: WatchableStore): void {
  onClusterEntered(store, (id) => {
    checkCluster(store, id);
  });
}
