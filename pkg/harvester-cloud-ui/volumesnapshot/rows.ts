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
  /** What an unfinished snapshot waits for (an l10n key), when no error says more. */
  waits: string | null;
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

/**
 * What a snapshot in progress waits for, from its status alone (external-snapshotter v8): none yet → the snapshot
 * controller; bound to a VolumeSnapshotContent, neither ready nor failed → the CSI driver, whose CreateSnapshot
 * answers at once with ready or an error (harvester-csi-driver `CreateSnapshot`). Silent past NO_DRIVER_AFTER_MS: the
 * driver or its csi-snapshotter sidecar is not running (the sidecar exits when it loses the driver, csi-lib-utils).
 */
export const NO_DRIVER_AFTER_MS = 60000;

function waitsFor(s: KubeObject, state: SnapshotState, now: number): string | null {
  if (state !== 'pending' || s.status?.error?.message) {
    return null;
  }
  if (!s.status?.boundVolumeSnapshotContentName) {
    return 'harvesterVolumeSnapshot.waits.controller';
  }
  const created = Date.parse((s.metadata as { creationTimestamp?: string }).creationTimestamp || '');

  return created && now - created > NO_DRIVER_AFTER_MS ? 'harvesterVolumeSnapshot.waits.driverSilent' : 'harvesterVolumeSnapshot.waits.driver';
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
        waits:      unclaimed(s, now) ? null : waitsFor(s, state, now),
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
