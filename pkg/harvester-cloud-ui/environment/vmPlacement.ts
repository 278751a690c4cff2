/**
 * Where a guest's VMs live on its Harvester host (R-SET-1): the `vmNamespace` of its machine pools' Harvester machine
 * configs (vmNamespaces.ts), else the namespace of the host VMs the nodes' `harvester://<uid>` providerIDs point at.
 * The set-up form prefills it; the overview compares the cloud config's namespace with it; the CSI driver's service
 * account on the host is named after the guest in it; the Load Balancers page looks for other guests there.
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { HOST_VM } from '../data/typeIds';
import { harvesterMachineConfig } from '../data/machineConfig';
import { hostList } from '../data/clusterProxy';
import { vmUidOf } from './harvesterCluster';
import { guestClusters } from './host';


interface MachinePool {
  machineConfigRef?: { kind?: string; name?: string };
}

/**
 * The CSI driver's service account on the host: the guest cluster's name in the namespace of its VMs,
 * which the Harvester machine config of the guest's first machine pool names (`vmNamespace`). One GET of that
 * config; `namespace` is null for guests Rancher did not provision (imported, K3s by hand).
 */
export async function csiServiceAccount(store: StoreLike, guestClusterId: string): Promise<{ name: string; namespace: string | null }> {
  const { mgmt, prov } = await guestClusters(store, guestClusterId);
  const name = prov?.metadata?.name || mgmt?.spec?.displayName || guestClusterId;
  const pools: MachinePool[] = prov?.spec?.rkeConfig?.machinePools || [];
  const ref = pools.map((p) => p.machineConfigRef).find((r) => r?.kind === 'HarvesterConfig' && r.name);

  if (!prov || !ref?.name) {
    return { name, namespace: null };
  }
  try {
    const config = await harvesterMachineConfig(store, prov.metadata.namespace || '', ref.name);

    return { name, namespace: config?.vmNamespace || null };
  } catch (e) {
    return { name, namespace: null };
  }
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

export interface VmNamespace {
  namespace: string | null;
  /** Where it came from, for the hint beside the set-up form's field. */
  from: 'machinePool' | 'vms' | null;
}

/** `poolNamespace`: the machine pools' `vmNamespace` (`csiServiceAccount`). */
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
