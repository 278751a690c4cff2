/**
 * Which downstream clusters run on the Harvester host, as the Harvester cloud provider sees them: a guest whose
 * kube-system runs `harvester-cloud-provider`, talking to the (one) Harvester cluster, under the cluster name Rancher
 * passes as `--cluster-name` (the cluster's name in Rancher).
 */
import { getObject, SimState } from '../core/state';
import { ClusterState } from '../core/types';

export interface HarvesterGuest {
  /** The guest's Rancher cluster id (`c-m-…`). */
  id: string;
  /** `--cluster-name`: the name the load balancers and IP pool scopes use. */
  name: string;
  hostId: string;
  /** The host namespace of the guest's VMs and load balancers (the cloud config's namespace). */
  vmNamespace: string;
  /** The cloud provider's version (from its image tag), e.g. `0.2.4`. */
  providerVersion: string;
}

export const VM_NAMESPACE = 'default';

function hostCluster(state: SimState): ClusterState | undefined {
  return Object.values(state.clusters).find((c) => c.kind === 'harvester');
}

export function harvesterGuest(state: SimState, clusterId: string): HarvesterGuest | undefined {
  const cluster = state.clusters[clusterId];
  const host = hostCluster(state);
  const provider = getObject(state, clusterId, 'apps.deployment', 'kube-system/harvester-cloud-provider');

  if (!cluster || cluster.kind !== 'guest' || !host || !provider) {
    return undefined;
  }
  const image: string = provider.spec?.template?.spec?.containers?.[0]?.image || '';
  const mgmt = getObject(state, 'local', 'management.cattle.io.cluster', clusterId);

  return {
    id:              clusterId,
    name:            mgmt?.spec?.displayName || clusterId,
    hostId:          host.id,
    vmNamespace:     VM_NAMESPACE,
    providerVersion: image.split(':v')[1] || '0.0.0',
  };
}

export function harvesterGuests(state: SimState): HarvesterGuest[] {
  return Object.keys(state.clusters).map((id) => harvesterGuest(state, id)).filter((g): g is HarvesterGuest => !!g);
}

/** The guest whose `--cluster-name` is `name`. */
export function guestByName(state: SimState, name: string): HarvesterGuest | undefined {
  return harvesterGuests(state).find((g) => g.name === name);
}
