/** The snapshot table's rows: what each column shows, decided here (the component renders text only). */
import { KubeObject } from '../data/types';
import { SnapshotClassLike } from './classes';
import { snapshotKind } from '../snapshotclass/codec';
import {
  deletionNote, explainSnapshotError, Explanation, snapshotState, SnapshotState
} from './explain';

const STATE_COLOR = {
  ready: 'success', pending: 'info', failed: 'error', deleting: 'info'
} as const;

export interface SnapshotRow {
  id: string;
  namespace: string;
  name: string;
  pvc: string;
  state: SnapshotState;
  /** The state badge's colour. */
  color: 'success' | 'info' | 'error';
  size: string;
  created: string;
  className: string;
  kind: 'backup' | 'snapshot' | '';
  error: Explanation | null;
  deleteNote: string;
}

/**
 * R-VSN-10: the snapshot controller (external-snapshotter `snapshot-controller`) gives every VolumeSnapshot it
 * handles a `status` within seconds. None after this long: no controller runs in the cluster, and the snapshot
 * would say "In progress" for ever.
 */
export const NO_CONTROLLER_AFTER_MS = 60000;

function unclaimed(s: KubeObject, now: number): Explanation | null {
  const created = Date.parse((s.metadata as { creationTimestamp?: string }).creationTimestamp || '');

  return !s.status && created && now - created > NO_CONTROLLER_AFTER_MS ? { key: 'harvesterVolumeSnapshot.error.noController', raw: '' } : null;
}

export function snapshotRows(snapshots: KubeObject[], classes: SnapshotClassLike[], pvcName?: string, now = Date.now()): SnapshotRow[] {
  return snapshots
    .filter((s) => !pvcName || s.spec?.source?.persistentVolumeClaimName === pvcName)
    .map((s) => {
      const cls = classes.find((c) => c.metadata.name === s.spec?.volumeSnapshotClassName);
      const kind: SnapshotRow['kind'] = cls ? snapshotKind(cls.parameters?.type) : '';
      const state = snapshotState(s.status, !!s.metadata.deletionTimestamp);

      return {
        id:         `${ s.metadata.namespace }/${ s.metadata.name }`,
        namespace:  s.metadata.namespace || '',
        name:       s.metadata.name,
        pvc:        s.spec?.source?.persistentVolumeClaimName || '',
        state,
        color:      STATE_COLOR[state],
        size:       s.status?.restoreSize || '',
        created:    s.status?.creationTime || (s.metadata as { creationTimestamp?: string }).creationTimestamp || '',
        className:  s.spec?.volumeSnapshotClassName || '',
        kind,
        error:      explainSnapshotError(s.status?.error?.message) || unclaimed(s, now),
        deleteNote: deletionNote(cls?.deletionPolicy, kind || 'snapshot'),
      };
    })
    .sort((a, b) => b.created.localeCompare(a.created) || a.name.localeCompare(b.name));
}

/** Whether the PVC is one of the Harvester driver's (by its storage class's provisioner). */
export function isHarvesterPvc(pvc: KubeObject, storageClasses: { metadata: { name: string }; provisioner?: string }[]): boolean {
  const sc = storageClasses.find((c) => c.metadata.name === pvc.spec?.storageClassName);

  return sc?.provisioner === 'driver.harvesterhci.io';
}
