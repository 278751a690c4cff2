import { KubeObject } from '../data/types';

export const HARVESTER_PROVIDER_ID_PREFIX = 'harvester://';

/**
 * What tells that a guest cluster runs the Harvester cloud provider: RKE2's `cloud-provider-name: harvester`, RKE1's
 * `cloudProvider.name: harvester`, or nodes whose providerID the provider set to `harvester://<VM uid>`
 * (cloud-provider-harvester `InstanceMetadata`).
 */
export interface HarvesterGuestEvidence {
  provCluster?: KubeObject | null;
  mgmtCluster?: KubeObject | null;
  nodes?: KubeObject[] | null;
}

export type DetectedBy = 'rke2' | 'rke1' | 'machinePools' | 'providerID' | null;

export function detectHarvesterGuest(evidence: HarvesterGuestEvidence): DetectedBy {
  const selectorConfigs: { config?: Record<string, unknown> }[] = evidence.provCluster?.spec?.rkeConfig?.machineSelectorConfig || [];

  if (selectorConfigs.some((c) => c?.config?.['cloud-provider-name'] === 'harvester')) {
    return 'rke2';
  }
  if (evidence.mgmtCluster?.spec?.rancherKubernetesEngineConfig?.cloudProvider?.name === 'harvester') {
    return 'rke1';
  }
  // Machines Rancher made with the Harvester node driver (K3s, or RKE2 without the provider yet): Harvester VMs that
  // may lack the provider, which is what the overview's Set up is for.
  const pools: { machineConfigRef?: { kind?: string } }[] = evidence.provCluster?.spec?.rkeConfig?.machinePools || [];

  if (pools.some((p) => p?.machineConfigRef?.kind === 'HarvesterConfig')) {
    return 'machinePools';
  }
  // K3s and imported clusters carry no provisioning hint; the provider stamps every node it manages.
  if ((evidence.nodes || []).some((n) => `${ n.spec?.providerID || '' }`.startsWith(HARVESTER_PROVIDER_ID_PREFIX))) {
    return 'providerID';
  }

  return null;
}

/** The VM uid a guest node's providerID points at, or null for nodes the Harvester provider does not manage. */
export function vmUidOf(node: KubeObject): string | null {
  const id = `${ node.spec?.providerID || '' }`;

  return id.startsWith(HARVESTER_PROVIDER_ID_PREFIX) ? id.slice(HARVESTER_PROVIDER_ID_PREFIX.length) || null : null;
}
