/**
 * What each installed Harvester component can do, by the version of its code that runs (environment/installedVersions.ts).
 * One row per capability, each with the version that brought it (or removed it) and where that is in the code; the
 * thresholds are the ones the feature forms already enforce, imported rather than repeated.
 */
import { atLeast, Component } from '../environment/installedVersions';
import { PROVIDER_VERSIONS } from '../addOnConfig/providerSupport';
import { MIN_CSI_FOR_HOST_CLASS, MIN_CSI_FOR_HOST_VOLUME_MODE } from '../storageClass/parameters';
import { MIN_CSI_FOR_RWX } from '../storageClass/rwx';
import { MIN_CSI_FOR_BACKUP, MIN_CSI_FOR_SNAPSHOTS } from '../snapshotclass/codec';

export interface Capability {
  /** l10n key under `harvesterOverview.capabilities.` */
  key: string;
  component: Component;
  /** First version that has it. */
  since?: string;
  /** First version that no longer has it. */
  until?: string;
  /** repository, file, function. */
  source: string;
}

export type CapabilityState = 'supported' | 'unsupported' | 'unknown' | 'notInstalled';

export const CAPABILITIES: readonly Capability[] = [
  {
    key:       'loadBalancer',
    component: 'cloudProvider',
    since:     '0.1.0',
    source:    'cloud-provider-harvester pkg/cloud-controller-manager/loadbalancer.go EnsureLoadBalancer',
  },
  {
    key:       'healthChecks',
    component: 'cloudProvider',
    until:     PROVIDER_VERSIONS.healthChecksIgnored,
    source:    'cloud-provider-harvester pkg/cloud-controller-manager/loadbalancer.go extractHealthCheck (removed in v0.2.0)',
  },
  {
    key:       'sharing',
    component: 'cloudProvider',
    since:     PROVIDER_VERSIONS.sharing,
    source:    'cloud-provider-harvester pkg/cloud-controller-manager/loadbalancer.go ensureSecondaryLoadBalancer',
  },
  {
    key:       'network',
    component: 'cloudProvider',
    since:     PROVIDER_VERSIONS.network,
    source:    'cloud-provider-harvester pkg/cloud-controller-manager/loadbalancer.go constructLB',
  },
  {
    key:       'nadMapping',
    component: 'cloudProvider',
    since:     PROVIDER_VERSIONS.nadMappingChecked,
    source:    'cloud-provider-harvester pkg/cloud-controller-manager/loadbalancer.go resolveNetworkInterface',
  },
  {
    key:       'hostStorageClass',
    component: 'csiDriver',
    since:     MIN_CSI_FOR_HOST_CLASS,
    source:    'harvester-csi-driver pkg/csi/controller_server.go CreateVolume (hostStorageClass parameter)',
  },
  {
    key:       'hostVolumeMode',
    component: 'csiDriver',
    since:     MIN_CSI_FOR_HOST_VOLUME_MODE,
    source:    'harvester-csi-driver pkg/csi/controller_server.go CreateVolume (hostVolumeMode parameter)',
  },
  {
    key:       'rwx',
    component: 'csiDriver',
    since:     MIN_CSI_FOR_RWX,
    source:    'harvester-csi-driver pkg/csi/controller_server.go NewControllerServer (ReadWriteMany on Longhorn host classes, host with NetworkFilesystems)',
  },
  {
    key:       'snapshots',
    component: 'csiDriver',
    since:     MIN_CSI_FOR_SNAPSHOTS,
    source:    'harvester-csi-driver pkg/csi/controller_server.go CreateSnapshot',
  },
  {
    key:       'backups',
    component: 'csiDriver',
    since:     MIN_CSI_FOR_BACKUP,
    source:    'harvester-csi-driver pkg/csi/controller_server.go CreateSnapshot (parameters.type: backup)',
  },
];

/** Whether the component, as installed, has the capability; `unknown` when its version could not be read. */
export function capabilityState(cap: Capability, installed: boolean | null, version: string | null): CapabilityState {
  if (installed === false) {
    return 'notInstalled';
  }
  const after = cap.since ? atLeast(version, cap.since) : true;
  const before = cap.until ? atLeast(version, cap.until) : false;

  if (after === null || before === null) {
    return 'unknown';
  }

  return after && !before ? 'supported' : 'unsupported';
}
