import { StoreLike } from '../environment/types';
import { guestClusters } from '../environment/hostCluster';

/** Rancher's machine config kind for Harvester node-driver pools (its `vmNamespace` is where the pool's VMs live). */
export const HARVESTER_CONFIG = 'rke-machine-config.cattle.io.harvesterconfig';

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
    const configs = await Promise.all(names.map((name) => store.dispatch('management/request', { url: `/v1/${ HARVESTER_CONFIG }s/${ encodeURIComponent(prov.metadata.namespace || '') }/${ encodeURIComponent(name) }` })));
    const namespaces = configs.map((c) => c?.vmNamespace as string | undefined);

    return namespaces.every(Boolean) ? [...new Set(namespaces as string[])].sort() : null;
  } catch (e) {
    return null;
  }
}
