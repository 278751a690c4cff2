/**
 * What the set-up form starts from (R-SET-1, R-SET-2): the guest's name, Kubernetes version and distribution
 * (Rancher's management cluster), the Harvester clusters Rancher manages, the one that hosts this guest when it can
 * be told, and the VMs' namespace: the Harvester machine config of the machine pools, else the namespace of the
 * host VMs the nodes' `harvester://<uid>` providerIDs point at. Reads only; each read may fail on its own.
 */
import { KubeObject, StoreLike } from '../cluster/types';
import {
  findHostClusterId, guestClusters, harvesterClusters, hostList, MGMT_CLUSTER
} from '../cluster/hostCluster';
import { vmUidOf } from '../cluster/harvesterCluster';
import { csiServiceAccount } from '../storage/hostStorageClasses';
import { Distribution, distributionOf } from './plan';

export const HOST_VM = 'kubevirt.io.virtualmachine';

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

/** The namespace of the host VMs whose uids the guest nodes carry: the one most of them are in. */
export function namespaceOfVms(nodes: KubeObject[], vms: KubeObject[]): string | null {
  const uids = new Set(nodes.map(vmUidOf).filter(Boolean));
  const counts = new Map<string, number>();

  vms.filter((vm) => uids.has(vm.metadata.uid || '')).forEach((vm) => {
    const ns = vm.metadata.namespace || 'default';

    counts.set(ns, (counts.get(ns) || 0) + 1);
  });

  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] || null;
}

async function listOrEmpty(load: () => Promise<KubeObject[]>): Promise<KubeObject[]> {
  try {
    return await load();
  } catch (e) {
    return [];
  }
}

export async function loadSetupContext(store: StoreLike, clusterId: string, nodes: KubeObject[] | null): Promise<SetupContext> {
  const [{ mgmt, prov }, clusters, hostClusterId, account] = await Promise.all([
    guestClusters(store, clusterId),
    listOrEmpty(async() => (await store.dispatch('management/request', { url: `/v1/${ MGMT_CLUSTER }s` }))?.data || []),
    findHostClusterId(store, clusterId).catch(() => null),
    csiServiceAccount(store, clusterId).catch(() => ({ name: clusterId, namespace: null })),
  ]);
  const kubernetesVersion = mgmt?.status?.version?.gitVersion || prov?.spec?.kubernetesVersion || null;
  const hosts = harvesterClusters(clusters).map((c) => ({ id: c.id || c.metadata.name, label: c.spec?.displayName || c.metadata.name }));
  let namespace = account.namespace;
  let namespaceFrom: SetupContext['namespaceFrom'] = namespace ? 'machinePool' : null;

  if (!namespace && hostClusterId && nodes?.some((n) => vmUidOf(n))) {
    namespace = namespaceOfVms(nodes, await listOrEmpty(() => hostList(store, hostClusterId, HOST_VM)));
    namespaceFrom = namespace ? 'vms' : null;
  }

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
