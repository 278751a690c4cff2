import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { MGMT_CLUSTER, PROV_CLUSTER } from '../data/typeIds';
import { ManagementCluster, cloudCredential, managementClustersOrCached, managementObject } from '../data/rancher';

export type { ManagementCluster } from '../data/rancher';

/** The Rancher cluster id of the Harvester host in a Harvester cloud credential (`/v3/cloudcredentials/<id>`). */
export function hostIdFromCredential(credential: { harvestercredentialConfig?: { clusterId?: string } } | null | undefined): string | null {
  return credential?.harvestercredentialConfig?.clusterId || null;
}

/** Management clusters that are Harvester clusters (imported into Rancher's Virtualization Management). */
export function harvesterClusters(clusters: KubeObject[]): KubeObject[] {
  return clusters.filter((c) => c.status?.provider === 'harvester' || c.metadata?.labels?.['provider.cattle.io'] === 'harvester');
}

/**
 * The guest's management and provisioning clusters: from the store when it holds them, else one GET each. With
 * server-side pagination (Rancher 2.12 and later) the store only holds the clusters the pages have shown so far,
 * so neither is sure to be there.
 */
export async function guestClusters(store: StoreLike, guestClusterId: string): Promise<{ mgmt?: ManagementCluster; prov?: KubeObject }> {
  const mgmt = await managementObject<ManagementCluster>(store, MGMT_CLUSTER, guestClusterId);
  const prov = mgmt?.provClusterId ? await managementObject<KubeObject>(store, PROV_CLUSTER, mgmt.provClusterId) : undefined;

  return { mgmt, prov };
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
      const id = hostIdFromCredential(await cloudCredential(store, credentialId));

      if (id) {
        return id;
      }
    } catch (e) {
      // No permission on the credential: fall through to the clusters this user can see.
    }
  }
  const candidates = harvesterClusters(await managementClustersOrCached(store));

  return candidates.length === 1 ? candidates[0].id || candidates[0].metadata.name : null;
}
