/**
 * The "Take snapshot" / "Back up to Harvester" form: a prefilled name, its checks, and the
 * snapshot.storage.k8s.io/v1 VolumeSnapshot it creates (rules R-VSN-2, R-VSN-3). The VolumeSnapshot name is a
 * DNS-1123 subdomain (external-snapshotter CRD `metadata.name`); `spec.source.persistentVolumeClaimName` names the
 * PVC in the same namespace; `spec.volumeSnapshotClassName` the class picked. Labels and annotations go out exactly
 * as typed (no trimming); keys and label values the API server would refuse are flagged instead (R-VSN-11).
 */
import { isDns1123Subdomain } from '../shared/dns1123';
import { isQualifiedName, isValidAnnotationKey, isValidLabelValue } from '../shared/qualifiedName';
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
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export type SnapshotField = 'name' | 'className' | 'labels' | 'annotations';
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

  return [...issues, ...metadataIssues(form)];
}

/** R-VSN-11: one message per bad label key, label value and annotation key, naming it. */
export function metadataIssues(form: Pick<SnapshotForm, 'labels' | 'annotations'>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const base = 'harvesterVolumeSnapshot.validation';

  for (const [key, value] of Object.entries(form.labels || {})) {
    if (!isQualifiedName(key)) {
      issues.push({
        field: 'labels', key: `${ base }.labelKey`, args: { key }
      });
    } else if (!isValidLabelValue(value)) {
      issues.push({
        field: 'labels', key: `${ base }.labelValue`, args: { key, value }
      });
    }
  }
  for (const key of Object.keys(form.annotations || {})) {
    if (!isValidAnnotationKey(key)) {
      issues.push({
        field: 'annotations', key: `${ base }.annotationKey`, args: { key }
      });
    }
  }

  return issues;
}

export interface VolumeSnapshotBody {
  apiVersion: string;
  kind: 'VolumeSnapshot';
  type: string;
  metadata: { name: string; namespace: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: { volumeSnapshotClassName: string; source: { persistentVolumeClaimName: string } };
}

export function buildVolumeSnapshot(pvc: { metadata: { name: string; namespace?: string } }, form: SnapshotForm): VolumeSnapshotBody {
  const metadata: VolumeSnapshotBody['metadata'] = { name: form.name, namespace: pvc.metadata.namespace || 'default' };

  // Only what was typed: no empty maps on the object.
  if (Object.keys(form.labels || {}).length) {
    metadata.labels = { ...form.labels };
  }
  if (Object.keys(form.annotations || {}).length) {
    metadata.annotations = { ...form.annotations };
  }

  return {
    apiVersion: SNAPSHOT_API,
    kind:       'VolumeSnapshot',
    type:       'snapshot.storage.k8s.io.volumesnapshot',
    metadata,
    spec:       {
      volumeSnapshotClassName: form.className as string,
      source:                  { persistentVolumeClaimName: pvc.metadata.name },
    },
  };
}
