/**
 * Checks of a VolumeSnapshotClass form. Errors block Save before any request; warnings do not.
 * Sources: the VolumeSnapshotClass CRD of kubernetes-csi/external-snapshotter (`client/config/crd/
 * snapshot.storage.k8s.io_volumesnapshotclasses.yaml`: `driver` and `deletionPolicy` required, the policy one of
 * Delete/Retain), Kubernetes object names (RFC 1123 subdomain), and harvester-csi-driver (codec.ts).
 */
import { atLeast } from '../environment/installedVersions';
import { isDns1123Subdomain } from '../shared/dns1123';
import {
  BACKUP, DELETION_POLICIES, HARVESTER_DRIVER, LOCAL, MIN_CSI_FOR_BACKUP, MIN_CSI_FOR_SNAPSHOTS, SnapshotParameters
} from './codec';

export type Field = 'name' | 'driver' | 'deletionPolicy' | 'type';

/** A message: a translation key under `harvesterSnapshotClass.validation` and its arguments. */
export interface Issue {
  field: Field;
  key: string;
  args?: Record<string, string>;
}

export interface SnapshotClassForm {
  name: string;
  driver: string;
  deletionPolicy: string;
  parameters: SnapshotParameters;
}

export interface Validation {
  errors: Issue[];
  warnings: Issue[];
}

/** `csiVersion`: the driver's app version in the guest, null or undefined when unknown (no version warning then). */
export function validateSnapshotClass(form: SnapshotClassForm, csiVersion?: string | null): Validation {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const version = csiVersion ?? null;

  if (!form.name) {
    errors.push({ field: 'name', key: 'nameRequired' });
  } else if (!isDns1123Subdomain(form.name)) {
    errors.push({
      field: 'name', key: 'invalidName', args: { name: form.name }
    });
  }
  if (!form.driver) {
    errors.push({ field: 'driver', key: 'driverRequired' });
  }
  if (!(DELETION_POLICIES as readonly string[]).includes(form.deletionPolicy)) {
    errors.push({
      field: 'deletionPolicy', key: 'deletionPolicy', args: { policy: form.deletionPolicy || '' }
    });
  }
  if (form.driver !== HARVESTER_DRIVER) {
    return { errors, warnings };
  }

  if (atLeast(version, MIN_CSI_FOR_SNAPSHOTS) === false) {
    warnings.push({
      field: 'driver', key: 'snapshotsTooOld', args: { version: version as string, min: MIN_CSI_FOR_SNAPSHOTS }
    });
  }
  const type = form.parameters.type;

  if (type !== undefined && type !== BACKUP && type !== LOCAL) {
    const nearMiss = type.trim().toLowerCase() === BACKUP;

    // A near miss means a backup was wanted: the driver would take a local snapshot without a word.
    (nearMiss ? errors : warnings).push({
      field: 'type', key: nearMiss ? 'typeCase' : 'typeIgnored', args: { type }
    });
  } else if (type === BACKUP && atLeast(version, MIN_CSI_FOR_BACKUP) === false) {
    warnings.push({
      field: 'type', key: 'backupTooOld', args: { version: version as string, min: MIN_CSI_FOR_BACKUP }
    });
  }

  return { errors, warnings };
}
