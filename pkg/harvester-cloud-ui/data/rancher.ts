/**
 * Rancher's own objects (the local cluster's Steve at /v1, Norman at /v3): the clusters and the cloud credentials
 * that tell where a guest runs (the host lookup's reads, in the cluster check's chunk; the Harvester machine configs
 * are machineConfig.ts, which the screens read without them).
 */
import { KubeObject, SteveCollection } from './types';
import { MGMT_CLUSTER } from './typeIds';
import {
  CLUSTER_READ_TIMEOUT_MS, ManagementCluster, StoreLike, cached, cachedAll, find, request
} from './store';
import { clusterApi, firstItemUrl } from './paths';

export type { ManagementCluster } from './store';

/** A management object from the store when it holds it, else the store's `find`; undefined when not readable. */
export async function managementObject<T = KubeObject>(store: StoreLike, type: string, id: string): Promise<T | undefined> {
  const inStore = cached<T>(store, 'management', type, id);

  if (inStore) {
    return inStore;
  }
  try {
    return await find<T>(store, 'management', type, id);
  } catch (e) {
    return undefined; // not there, or not readable by this user
  }
}

/** Every Rancher cluster this user can see: one list request (the store may hold only one page of them). */
export async function listManagementClusters(store: StoreLike): Promise<ManagementCluster[]> {
  const res: SteveCollection<ManagementCluster> = await request(store, 'management', { url: `/v1/${ MGMT_CLUSTER }s` });

  return res?.data || [];
}

/** The same, falling back to what the store holds when the list cannot be read. */
export async function managementClustersOrCached(store: StoreLike): Promise<ManagementCluster[]> {
  try {
    return await listManagementClusters(store);
  } catch (e) {
    return cachedAll<ManagementCluster>(store, 'management', MGMT_CLUSTER);
  }
}

/** A cloud credential (Norman `/v3/cloudcredentials/<id>`: Steve does not serve them with their config). */
export function cloudCredential<T = Record<string, unknown>>(store: StoreLike, id: string): Promise<T> {
  return request(store, 'rancher', { url: `/v3/cloudcredentials/${ encodeURIComponent(id) }` });
}

/**
 * One node of a cluster (by its id, before its pages load), to tell what runs it (its providerID). Through Rancher's
 * proxy: a 401 here is a cluster the user is no member of, never the session's (store.ts `mayLogOut`). It calls
 * `request` itself, not clusterProxy's `proxyCollection`: this runs on every cluster page, and importing clusterProxy
 * grew the guest check past the start-up budget (bundleCheck.ts).
 */
export async function firstNodeOf(store: StoreLike, clusterId: string): Promise<KubeObject[]> {
  const res: SteveCollection = await request(store, 'management', { url: firstItemUrl(`${ clusterApi(clusterId) }/nodes`), timeout: CLUSTER_READ_TIMEOUT_MS });

  return res?.data || [];
}
