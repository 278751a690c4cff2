/**
 * "Restore to a new PVC": the checks before sending and the PVC it creates (rules R-VSN-4, R-RWX-5).
 * - storage class: the source PVC's by default; another class of the Harvester driver is allowed (the driver's
 *   `CreateVolume` restores any snapshot id it made; another provisioner would never see the dataSource);
 * - size at least the snapshot's `status.restoreSize` (external-provisioner refuses a smaller request);
 * - RWX from a snapshot is refused by the driver from v0.2.4 (`validateVolumeContentSource`:
 *   "Creating RWX volumes from snapshots is not supported") — said before sending;
 * - `spec.dataSource` names the VolumeSnapshot (apiGroup snapshot.storage.k8s.io).
 */
import { HARVESTER_PROVISIONER } from '../storageClass/names';
import { isDns1123Subdomain } from '../shared/dns1123';
import { quantityBytes } from './quantity';

export type RestoreField = 'name' | 'storageClassName' | 'size' | 'accessMode';
export interface RestoreIssue { field: RestoreField; key: string; args?: Record<string, string> }

export interface RestoreForm {
  name: string;
  storageClassName: string;
  size: string;
  accessMode: string;
}

export interface SnapshotLike {
  metadata: { name: string; namespace?: string };
  spec?: { source?: { persistentVolumeClaimName?: string }; volumeSnapshotClassName?: string };
  status?: { readyToUse?: boolean; restoreSize?: string };
}

export interface PvcLike {
  metadata: { name: string; namespace?: string };
  spec?: { storageClassName?: string; accessModes?: string[]; volumeMode?: string; resources?: { requests?: { storage?: string } } };
}

export interface StorageClassLike { metadata: { name: string }; provisioner?: string }

/** The storage classes a restore may use: the Harvester driver's only (the source PVC's first). */
export function restoreClasses(classes: StorageClassLike[], sourceClass: string | undefined): string[] {
  const names = classes.filter((c) => c.provisioner === HARVESTER_PROVISIONER).map((c) => c.metadata.name).sort();

  return sourceClass && names.includes(sourceClass) ? [sourceClass, ...names.filter((n) => n !== sourceClass)] : names;
}

/** The form prefilled from the snapshot and the PVC it was taken of (when still there). */
export function restoreDefaults(snapshot: SnapshotLike, source: PvcLike | null): RestoreForm {
  const size = snapshot.status?.restoreSize || source?.spec?.resources?.requests?.storage || '';

  return {
    name:             `${ snapshot.metadata.name }-restore`.slice(0, 253),
    storageClassName: source?.spec?.storageClassName || '',
    size,
    accessMode:       source?.spec?.accessModes?.[0] || 'ReadWriteOnce',
  };
}

export const RWX = 'ReadWriteMany';
export const CSI_REFUSES_RWX_FROM_SNAPSHOT = '0.2.4';

export function validateRestore(form: RestoreForm, snapshot: SnapshotLike, classes: string[], taken: string[] = []): RestoreIssue[] {
  const issues: RestoreIssue[] = [];

  if (!snapshot.status?.readyToUse) {
    issues.push({
      field: 'name', key: 'harvesterVolumeSnapshot.restore.notReady', args: { name: snapshot.metadata.name }
    });
  }
  if (!form.name) {
    issues.push({ field: 'name', key: 'harvesterVolumeSnapshot.validation.nameRequired' });
  } else if (!isDns1123Subdomain(form.name)) {
    issues.push({
      field: 'name', key: 'harvesterVolumeSnapshot.validation.invalidName', args: { name: form.name }
    });
  } else if (taken.includes(form.name)) {
    issues.push({
      field: 'name', key: 'harvesterVolumeSnapshot.validation.pvcTaken', args: { name: form.name }
    });
  }
  if (!classes.includes(form.storageClassName)) {
    issues.push({
      field: 'storageClassName', key: 'harvesterVolumeSnapshot.restore.classNotHarvester', args: { name: form.storageClassName }
    });
  }
  const want = quantityBytes(form.size);
  const min = quantityBytes(snapshot.status?.restoreSize);

  if (want === null || want <= 0) {
    issues.push({
      field: 'size', key: 'harvesterVolumeSnapshot.restore.sizeInvalid', args: { size: form.size }
    });
  } else if (min !== null && want < min) {
    issues.push({
      field: 'size', key: 'harvesterVolumeSnapshot.restore.sizeTooSmall', args: { size: form.size, min: snapshot.status?.restoreSize || '' }
    });
  }
  if (form.accessMode === RWX) {
    // Snapshots exist only from v0.2.4, and every such driver refuses RWX from a snapshot: no version check needed.
    issues.push({
      field: 'accessMode', key: 'harvesterVolumeSnapshot.restore.rwxRefused', args: { min: CSI_REFUSES_RWX_FROM_SNAPSHOT }
    });
  }

  return issues;
}

export function buildRestorePvc(snapshot: SnapshotLike, source: PvcLike | null, form: RestoreForm) {
  const spec: Record<string, unknown> = {
    storageClassName: form.storageClassName,
    accessModes:      [form.accessMode],
    resources:        { requests: { storage: form.size } },
    dataSource:       {
      apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: snapshot.metadata.name
    },
  };

  if (source?.spec?.volumeMode) {
    spec.volumeMode = source.spec.volumeMode;
  }

  return {
    apiVersion: 'v1',
    kind:       'PersistentVolumeClaim',
    type:       'persistentvolumeclaim',
    metadata:   { name: form.name, namespace: snapshot.metadata.namespace || 'default' },
    spec,
  };
}

