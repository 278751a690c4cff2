/**
 * The host namespaces of a guest's VMs as its machine pools name them (apart from vmPlacement.ts, which the pages
 * that only need these do not load).
 */
import { StoreLike } from '../data/store';
import { harvesterMachineConfig } from '../data/machineConfig';
import { guestClusters } from './host';

interface MachinePool {
  machineConfigRef?: { kind?: string; name?: string };
}

/** The HarvesterConfig names of a provisioning cluster's machine pools (rancher/rancher pkg/apis rkeConfig.machinePools). */
export function harvesterConfigNames(pools: readonly MachinePool[] | undefined): string[] {
  const names = (pools || []).filter((p) => p.machineConfigRef?.kind === 'HarvesterConfig' && p.machineConfigRef.name).map((p) => p.machineConfigRef?.name as string);

  return [...new Set(names)];
}

/**
 * The host namespaces the guest's VMs are in: the `vmNamespace` of each machine pool's HarvesterConfig (one GET per
 * config). null when they cannot all be known (imported or hand-made guests have no pools; a config not readable):
 * the caller then lists every namespace it can read.
 */
export async function guestVmNamespaces(store: StoreLike, guestClusterId: string): Promise<string[] | null> {
  const { prov } = await guestClusters(store, guestClusterId);
  const names = harvesterConfigNames(prov?.spec?.rkeConfig?.machinePools);

  if (!prov || !names.length) {
    return null;
  }
  try {
    const configs = await Promise.all(names.map((name) => harvesterMachineConfig(store, prov.metadata.namespace || '', name)));
    const namespaces = configs.map((c) => c?.vmNamespace);

    return namespaces.every(Boolean) ? [...new Set(namespaces as string[])].sort() : null;
  } catch (e) {
    return null;
  }
}
