/**
 * Which host StorageClasses can serve ReadWriteMany volumes of a `driver.harvesterhci.io` class, and what the driver
 * refuses for RWX. Rules (docs/harvester-rules.md R-RWX-*):
 * - harvester-csi-driver `pkg/csi/controller_server.go`: a guest RWX volume becomes a host PVC with ReadWriteMany and
 *   volumeMode Filesystem; `isLHRWXVolume` serves it (a Harvester `NetworkFilesystem`, NFS) only when the host class's
 *   provisioner is `driver.longhorn.io`; for any other provisioner `ControllerPublishVolume` does nothing
 *   ("Do no-op for non-LH RWX volume"). `NewControllerServer` offers MULTI_NODE_MULTI_WRITER only when the host
 *   lists NetworkFilesystems (Harvester v1.4+). RWX from v0.2.0.
 * - longhorn-manager `csi/util.go` (`getVolumeOptions`: `migratable` parsed with strconv.ParseBool, an unparsable
 *   value fails every volume) and `csi/node_server.go` (`requiresSharedAccess && !volume.Migratable`): a migratable
 *   Longhorn volume is a live-migration block volume, not an NFS share, so a `migratable: "true"` class does not
 *   serve RWX filesystems.
 */
import { KubeObject } from '../data/types';
import { atLeast } from '../environment/versions';

export const LONGHORN_PROVISIONER = 'driver.longhorn.io';

/** Driver (app) versions, from harvester-csi-driver tags. */
export const MIN_CSI_FOR_RWX = '0.2.0';
/** `ctrlExpandRWX` (pkg/csi/util.go), called by `ControllerExpandVolume`: "rwx volume expansion is not supported". */
export const CSI_REFUSES_RWX_EXPANSION = '0.2.3';
/** `validateVolumeContentSource`: "Creating RWX volumes from snapshots is not supported" (snapshots exist from v0.2.4). */
export const CSI_REFUSES_RWX_FROM_SNAPSHOT = '0.2.4';

export type RwxSupport =
  | { rwx: true }
  | { rwx: false; reason: 'migratable' | 'invalidMigratable' | 'notLonghorn'; value?: string };

// Go's strconv.ParseBool.
const GO_TRUE = ['1', 't', 'T', 'TRUE', 'true', 'True'];
const GO_FALSE = ['0', 'f', 'F', 'FALSE', 'false', 'False'];

/** Whether volumes of the host class can be mounted ReadWriteMany through the guest's CSI driver. */
export function hostClassRwx(sc: KubeObject): RwxSupport {
  const c = sc as KubeObject & { provisioner?: string; parameters?: Record<string, string> };

  if (c.provisioner !== LONGHORN_PROVISIONER) {
    return { rwx: false, reason: 'notLonghorn' };
  }
  const migratable = c.parameters && Object.prototype.hasOwnProperty.call(c.parameters, 'migratable') ? c.parameters.migratable : undefined;

  if (migratable === undefined || GO_FALSE.includes(migratable)) {
    return { rwx: true };
  }
  if (GO_TRUE.includes(migratable)) {
    return { rwx: false, reason: 'migratable' };
  }

  return {
    rwx: false, reason: 'invalidMigratable', value: migratable
  };
}

/** What the installed driver does with RWX, as translation keys under `harvesterStorage.rwx.driver`; unknown version: all of it. */
export function driverRwxNotes(csiVersion: string | null | undefined): { key: string; args?: Record<string, string> }[] {
  const known = csiVersion || null;

  if (atLeast(known, MIN_CSI_FOR_RWX) === false) {
    return [{ key: 'tooOld', args: { version: known as string, min: MIN_CSI_FOR_RWX } }];
  }
  const notes = [{ key: 'needsNetworkFilesystem' }];

  if (atLeast(known, CSI_REFUSES_RWX_EXPANSION) !== false) {
    notes.push({ key: 'noExpansion' });
  }
  if (atLeast(known, CSI_REFUSES_RWX_FROM_SNAPSHOT) !== false) {
    notes.push({ key: 'noFromSnapshot' });
  }

  return notes;
}
