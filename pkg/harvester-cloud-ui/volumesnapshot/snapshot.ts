/**
 * The "Take snapshot" / "Back up to Harvester" form: a prefilled name, its checks, and the
 * snapshot.storage.k8s.io/v1 VolumeSnapshot it creates (rules R-VSN-2, R-VSN-3). The VolumeSnapshot name is a
 * DNS-1123 subdomain (external-snapshotter CRD `metadata.name`); `spec.source.persistentVolumeClaimName` names the
 * PVC in the same namespace; `spec.volumeSnapshotClassName` the class picked.
 */
import { isDns1123Subdomain } from '../shared/dns1123';
import { ClassOffer } from './classes';

export const SNAPSHOT_API = 'snapshot.storage.k8s.io/v1';
const MAX_NAME = 253;

/** `<pvc>-snapshot-<yyyymmddhhmmss>` in UTC; the PVC part is cut so the whole stays a valid name. */
export function defaultSnapshotName(pvcName: string, now: Date, kind: 'backup' | 'snapshot' = 'snapshot'): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const suffix = `-${ kind }-${ stamp }`;
  const head = pvcName.slice(0, MAX_NAME - suffix.length).replace(/[-.]+$/, '');

  return `${ head }${ suffix }`;
}

export interface SnapshotForm {
  name: string;
  className?: string;
}

export type SnapshotField = 'name' | 'className';
export interface FieldIssue { field: SnapshotField; key: string; args?: Record<string, string> }

/** Messages next to the fields; any issue blocks the request. `taken` are the names already in the namespace. */
export function validateSnapshot(form: SnapshotForm, offers: ClassOffer[], taken: string[] = []): FieldIssue[] {
  const issues: FieldIssue[] = [];

  if (!form.name) {
    issues.push({ field: 'name', key: 'harvesterVolumeSnapshot.validation.nameRequired' });
  } else if (!isDns1123Subdomain(form.name)) {
    issues.push({
      field: 'name', key: 'harvesterVolumeSnapshot.validation.invalidName', args: { name: form.name }
    });
  } else if (taken.includes(form.name)) {
    issues.push({
      field: 'name', key: 'harvesterVolumeSnapshot.validation.nameTaken', args: { name: form.name }
    });
  }
  const offer = offers.find((o) => o.name === form.className);

  if (!form.className || !offer) {
    issues.push({ field: 'className', key: 'harvesterVolumeSnapshot.validation.classRequired' });
  } else if (offer.disabled) {
    issues.push({
      field: 'className', key: `harvesterVolumeSnapshot.gate.${ offer.gate }`, args: { name: offer.name }
    });
  }

  return issues;
}

export interface VolumeSnapshotBody {
  apiVersion: string;
  kind: 'VolumeSnapshot';
  type: string;
  metadata: { name: string; namespace: string };
  spec: { volumeSnapshotClassName: string; source: { persistentVolumeClaimName: string } };
}

export function buildVolumeSnapshot(pvc: { metadata: { name: string; namespace?: string } }, form: SnapshotForm): VolumeSnapshotBody {
  return {
    apiVersion: SNAPSHOT_API,
    kind:       'VolumeSnapshot',
    type:       'snapshot.storage.k8s.io.volumesnapshot',
    metadata:   { name: form.name, namespace: pvc.metadata.namespace || 'default' },
    spec:       {
      volumeSnapshotClassName: form.className as string,
      source:                  { persistentVolumeClaimName: pvc.metadata.name },
    },
  };
}
