import { KubeObject, StoreLike } from './types';
import { PROV_CLUSTER } from './harvesterCluster';

export const MGMT_CLUSTER = 'management.cattle.io.cluster';

export interface SteveCollection<T = KubeObject> {
  type: 'collection';
  data: T[];
  revision?: string;
}

/** The Rancher cluster id of the Harvester host in a Harvester cloud credential (`/v3/cloudcredentials/<id>`). */
export function hostIdFromCredential(credential: { harvestercredentialConfig?: { clusterId?: string } } | null | undefined): string | null {
  return credential?.harvestercredentialConfig?.clusterId || null;
}

/** Management clusters that are Harvester clusters (imported into Rancher's Virtualization Management). */
export function harvesterClusters(clusters: KubeObject[]): KubeObject[] {
  return clusters.filter((c) => c.status?.provider === 'harvester' || c.metadata?.labels?.['provider.cattle.io'] === 'harvester');
}

/** A Rancher cluster with the provisioning cluster id the shell's model derives. */
export type ManagementCluster = KubeObject & { provClusterId?: string };

/**
 * The guest's management and provisioning clusters: from the store when it holds them, else one GET each. With
 * server-side pagination (Rancher 2.12 and later) the store only holds the clusters the pages have shown so far,
 * so neither is sure to be there.
 */
export async function guestClusters(store: StoreLike, guestClusterId: string): Promise<{ mgmt?: ManagementCluster; prov?: KubeObject }> {
  const find = async<T>(type: string, id: string): Promise<T | undefined> => {
    const cached = store.getters['management/byId'](type, id) as T | undefined;

    if (cached) {
      return cached;
    }
    try {
      return await store.dispatch('management/find', { type, id });
    } catch (e) {
      return undefined; // not there, or not readable by this user
    }
  };
  const mgmt = await find<ManagementCluster>(MGMT_CLUSTER, guestClusterId);
  const prov = mgmt?.provClusterId ? await find<KubeObject>(PROV_CLUSTER, mgmt.provClusterId) : undefined;

  return { mgmt, prov };
}

/** Every Rancher cluster this user can see: one list request (the store may hold only one page of them). */
async function managementClusters(store: StoreLike): Promise<KubeObject[]> {
  try {
    const res: SteveCollection = await store.dispatch('management/request', { url: `/v1/${ MGMT_CLUSTER }s` });

    return res?.data || [];
  } catch (e) {
    return store.getters['management/all'](MGMT_CLUSTER) || [];
  }
}

/**
 * Finds the Harvester host of a guest cluster: the cloud credential its provisioning cluster was created with
 * names the host's Rancher cluster id. Imported and K3s guests have no such credential; when Rancher manages
 * exactly one Harvester cluster, that one is the host. Returns null when the host cannot be told.
 */
export async function findHostClusterId(store: StoreLike, guestClusterId: string): Promise<string | null> {
  const { prov: provCluster } = await guestClusters(store, guestClusterId);
  const credentialId: string | undefined = provCluster?.spec?.cloudCredentialSecretName;

  if (credentialId) {
    try {
      const credential = await store.dispatch('rancher/request', { url: `/v3/cloudcredentials/${ encodeURIComponent(credentialId) }` });
      const id = hostIdFromCredential(credential);

      if (id) {
        return id;
      }
    } catch (e) {
      // No permission on the credential: fall through to the clusters this user can see.
    }
  }
  const candidates = harvesterClusters(await managementClusters(store));

  return candidates.length === 1 ? candidates[0].id || candidates[0].metadata.name : null;
}

export interface HostQuery {
  namespace?: string;
  /** Steve `filter=` terms (ANDed); Steve's SQL cache reads these, never `labelSelector`. */
  filters?: string[];
}

/** The path of a type's list on the Harvester host, through Rancher's proxy of the host's Steve API. */
export function hostListUrl(hostClusterId: string, type: string, query: HostQuery = {}): string {
  const params = new URLSearchParams();

  (query.filters || []).forEach((f) => params.append('filter', f));
  const path = query.namespace ? `${ type }/${ encodeURIComponent(query.namespace) }` : type;
  const qs = params.toString();

  return `/k8s/clusters/${ encodeURIComponent(hostClusterId) }/v1/${ path }${ qs ? `?${ qs }` : '' }`;
}

/** One GET on the Harvester host; the whole Steve collection (with its revision). */
export async function hostRequest<T = KubeObject>(store: StoreLike, url: string): Promise<SteveCollection<T>> {
  // A 401 from the host's proxy means "not allowed there", not "logged out of Rancher": no redirect to login.
  return store.dispatch('management/request', { url, redirectUnauthorized: false });
}

/** Lists a type on the Harvester host through Rancher's proxy of the host's Steve API. */
export async function hostList<T = KubeObject>(store: StoreLike, hostClusterId: string, type: string, query: HostQuery = {}): Promise<T[]> {
  const res = await hostRequest<T>(store, hostListUrl(hostClusterId, type, query));

  return res?.data || [];
}
