/**
 * The CSI driver's checks, loaded when they are needed (the provisioner form once a custom host class or volume mode
 * is in play; the overview and the set-up for the host RBAC): the driver version on the guest and whether its
 * service account is bound on the host.
 */
import { StoreLike } from '../data/store';
import { CLUSTER_ROLE_BINDING } from '../data/typeIds';
import { hostList } from '../data/clusterProxy';
import { ReadFailure, readFailureOf } from '../data/failure';
import { installedVersion } from '../environment/installedVersions';
import { csiServiceAccount } from '../environment/vmPlacement';
import { CsiServiceAccount, csiRbacState, RbacState } from './rbac';

/** The installed CSI driver version (the shared lookup uses the store's copy of the DaemonSet when it has one). */
export function csiDriverVersion(store: StoreLike): Promise<string | null> {
  return installedVersion(store, 'csiDriver');
}

/** One list of the host's ClusterRoleBindings, and how the read failed when it did ('unknown' then). */
export async function csiRbacRead(store: StoreLike, hostClusterId: string, account: CsiServiceAccount): Promise<{ state: RbacState; failure: ReadFailure | null }> {
  try {
    return { state: csiRbacState(await hostList(store, hostClusterId, CLUSTER_ROLE_BINDING), account), failure: null };
  } catch (e) {
    return { state: 'unknown', failure: readFailureOf(e).failure };
  }
}

/** The same, the state only. */
export async function csiRbacOnHost(store: StoreLike, hostClusterId: string, account: CsiServiceAccount): Promise<RbacState> {
  return (await csiRbacRead(store, hostClusterId, account)).state;
}

export interface CustomClassChecks {
  /** null: not readable. */
  csiVersion: string | null;
  account: { name: string; namespace: string | null };
  rbac: RbacState;
}

/**
 * What matters once a custom host class is in play: the CSI driver version on the guest and whether its service
 * account may read the host's StorageClasses. Up to three requests (DaemonSet, machine config, host bindings).
 */
export async function customClassChecks(store: StoreLike, guestClusterId: string, hostClusterId: string | null): Promise<CustomClassChecks> {
  const [csiVersion, account] = await Promise.all([csiDriverVersion(store), csiServiceAccount(store, guestClusterId)]);
  const rbac = hostClusterId && account.namespace ? await csiRbacOnHost(store, hostClusterId, { name: account.name, namespace: account.namespace }) : 'unknown';

  return {
    csiVersion, account, rbac
  };
}
