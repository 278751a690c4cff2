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
 * Why a guest's Harvester host is not known to this user (issue 26: a read-only member was told "no cloud credential,
 * or more than one Harvester cluster" when Rancher simply does not show them the host):
 * - notMember: the guest names its host in a cloud credential this user may not read, and Rancher shows them no
 *   Harvester cluster: Rancher lists a cluster only to its members, so they are not one of the host's;
 * - noneVisible: nothing names the host (imported and K3s guests) and Rancher shows this user no Harvester cluster:
 *   they are not a member of it, or it is not imported;
 * - several: nothing names the host and this user sees more than one Harvester cluster.
 */
export type HostUnknown = 'notMember' | 'noneVisible' | 'several';

export interface HostLookup {
  id: string | null;
  /** null when `id` is known. */
  unknown: HostUnknown | null;
  /** How many Harvester clusters Rancher shows this user; null when not asked (the credential named the host). */
  visible: number | null;
}

/**
 * The decision, from what was read: `credential` the host id the guest's cloud credential names (null: no credential;
 * 'unreadable': one is named but this user may not read it), `visible` the Harvester clusters Rancher shows the user
 * (null: not listed).
 */
export function decideHost(credential: string | null | 'unreadable', visible: string[] | null): HostLookup {
  if (credential && credential !== 'unreadable') {
    return {
      id: credential, unknown: null, visible: null
    };
  }
  const count = visible?.length || 0;

  if (count === 1) {
    return {
      id: (visible as string[])[0], unknown: null, visible: count
    };
  }
  const unknown: HostUnknown = count > 1 ? 'several' : credential === 'unreadable' ? 'notMember' : 'noneVisible';

  return {
    id: null, unknown, visible: count
  };
}

/**
 * Finds the Harvester host of a guest cluster: the cloud credential its provisioning cluster was created with
 * names the host's Rancher cluster id. Imported and K3s guests have no such credential; when Rancher shows exactly
 * one Harvester cluster, that one is the host. Otherwise says why the host cannot be told.
 */
export async function lookUpHost(store: StoreLike, guestClusterId: string): Promise<HostLookup> {
  const { prov: provCluster } = await guestClusters(store, guestClusterId);
  const credentialId: string | undefined = provCluster?.spec?.cloudCredentialSecretName;
  let credential: string | null | 'unreadable' = null;

  if (credentialId) {
    try {
      credential = hostIdFromCredential(await cloudCredential(store, credentialId));
    } catch (e) {
      // No permission on the credential: the clusters this user can see decide.
      credential = 'unreadable';
    }
  }
  if (credential && credential !== 'unreadable') {
    return decideHost(credential, null);
  }
  const visible = harvesterClusters(await managementClustersOrCached(store)).map((c) => c.id || c.metadata.name);

  return decideHost(credential, visible);
}

/** The host's Rancher cluster id, or null when it cannot be told (lookUpHost says why). */
export async function findHostClusterId(store: StoreLike, guestClusterId: string): Promise<string | null> {
  return (await lookUpHost(store, guestClusterId)).id;
}
