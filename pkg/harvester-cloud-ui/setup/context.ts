/**
 * What the set-up form starts from (R-SET-1, R-SET-2): the guest's name, Kubernetes version and distribution
 * (Rancher's management cluster), the Harvester clusters Rancher manages, the one that hosts this guest when it can
 * be told, and the VMs' namespace: the Harvester machine config of the machine pools, else the namespace of the
 * host VMs the nodes' `harvester://<uid>` providerIDs point at. Reads only; each read may fail on its own.
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { listManagementClusters } from '../data/rancher';
import { harvesterClusters } from '../environment/hostCluster';
import { findHostClusterId, guestClusters } from '../environment/host';
import { csiServiceAccount, findVmNamespace } from '../environment/vmPlacement';
import { Distribution, distributionOf } from './plan';

export interface SetupContext {
  clusterName: string;
  kubernetesVersion: string | null;
  distribution: Distribution;
  hosts: { id: string; label: string }[];
  hostClusterId: string | null;
  namespace: string | null;
  /** Where the namespace came from, for the hint beside the field. */
  namespaceFrom: 'machinePool' | 'vms' | null;
}

export async function loadSetupContext(store: StoreLike, clusterId: string, nodes: KubeObject[] | null): Promise<SetupContext> {
  const [{ mgmt, prov }, clusters, hostClusterId, account] = await Promise.all([
    guestClusters(store, clusterId),
    listManagementClusters(store).catch((): KubeObject[] => []),
    findHostClusterId(store, clusterId).catch(() => null),
    csiServiceAccount(store, clusterId).catch(() => ({ name: clusterId, namespace: null })),
  ]);
  const kubernetesVersion = mgmt?.status?.version?.gitVersion || prov?.spec?.kubernetesVersion || null;
  const hosts = harvesterClusters(clusters).map((c) => ({ id: c.id || c.metadata.name, label: c.spec?.displayName || c.metadata.name }));
  const { namespace, from: namespaceFrom } = await findVmNamespace(store, account.namespace, hostClusterId, nodes);

  return {
    clusterName:   account.name,
    kubernetesVersion,
    distribution:  distributionOf(kubernetesVersion, mgmt?.status?.provider),
    hosts,
    hostClusterId: hostClusterId && hosts.some((h) => h.id === hostClusterId) ? hostClusterId : hosts.length === 1 ? hosts[0].id : null,
    namespace,
    namespaceFrom,
  };
}
