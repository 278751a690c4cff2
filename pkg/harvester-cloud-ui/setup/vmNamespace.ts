/**
 * The host namespace the guest's VMs are in (R-SET-1): the `vmNamespace` of its machine pools' Harvester machine
 * config, else the namespace of the host VMs the nodes' `harvester://<uid>` providerIDs point at (one host list).
 * The set-up form prefills it; the overview compares the cloud config's namespace with it.
 */
import { KubeObject, StoreLike } from '../environment/types';
import { hostList } from '../environment/hostCluster';
import { vmUidOf } from '../environment/harvesterCluster';

export const HOST_VM = 'kubevirt.io.virtualmachine';

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

export interface VmNamespace {
  namespace: string | null;
  /** Where it came from, for the hint beside the set-up form's field. */
  from: 'machinePool' | 'vms' | null;
}

/** `poolNamespace`: the machine pools' `vmNamespace` (storageClass/hostStorageClasses.ts `csiServiceAccount`). */
export async function findVmNamespace(store: StoreLike, poolNamespace: string | null, hostClusterId: string | null, nodes: KubeObject[] | null): Promise<VmNamespace> {
  if (poolNamespace) {
    return { namespace: poolNamespace, from: 'machinePool' };
  }
  if (!hostClusterId || !nodes?.some((n) => vmUidOf(n))) {
    return { namespace: null, from: null };
  }
  const namespace = namespaceOfVms(nodes, await hostList(store, hostClusterId, HOST_VM).catch(() => []));

  return { namespace, from: namespace ? 'vms' : null };
}
