/**
 * What the PVC "Volume snapshots" tab and the VolumeSnapshots list tell a user who may not use VolumeSnapshots
 * (issue 26), from their Steve schemas as the shell reads them (shared/access.ts):
 * - no VolumeSnapshot schema: Steve leaves it out both when the CRDs are not installed and when the user's role may
 *   not use them; the CRD's own read (crd.ts) tells the two apart when the user may read CRDs, else both are said;
 * - each action needs its own right: taking a snapshot or a backup creates a VolumeSnapshot, restoring creates a
 *   PersistentVolumeClaim, deleting deletes the VolumeSnapshot, and the "Create a VolumeSnapshotClass" link leads to
 *   a form that creates one. An action the role does not allow is not offered; the tab lists why.
 */
import { Need, SchemaMethods, mayDo } from '../shared/access';
import { PVC, SNAPSHOT_CLASS, VOLUME_SNAPSHOT } from '../data/typeIds';
import type { Read } from '../data/read';
import type { HostSide } from './hostSide';

export type SchemaOf = (store: Need['store'], type: string) => SchemaMethods | null | undefined;

/** Why there is no VolumeSnapshot schema: no CRDs, a role that may not use them, or either (not tellable). */
export type SchemaWhy = 'noCrd' | 'denied' | 'unknown';

/** From the CRD's read (null: not read, the user may not read CRDs). */
export function noSchemaWhy(crd: Read<unknown> | null): SchemaWhy {
  if (!crd?.readable) {
    return 'unknown';
  }

  return crd.value ? 'denied' : 'noCrd';
}

export interface SnapshotActions {
  take: boolean;
  restore: boolean;
  delete: boolean;
  createClass: boolean;
}

export function snapshotActions(schemaOf: SchemaOf): SnapshotActions {
  const snapshot = schemaOf('cluster', VOLUME_SNAPSHOT);

  return {
    take:        mayDo(snapshot, 'create'),
    restore:     mayDo(schemaOf('cluster', PVC), 'create'),
    delete:      mayDo(snapshot, 'delete'),
    createClass: mayDo(schemaOf('cluster', SNAPSHOT_CLASS), 'create'),
  };
}

export type DeniedAction = 'take' | 'restore' | 'delete';

/** The tab's actions the role does not allow, in the tab's order: listed under one sentence. */
export function deniedActions(actions: SnapshotActions): DeniedAction[] {
  return (['take', 'restore', 'delete'] as const).filter((a) => !actions[a]);
}

/** The keys of the host notice's sentences: why the host side is not shown. */
export function hostNoticeKeys(side: Pick<HostSide, 'state' | 'unknown'> | null): string[] {
  if (!side || side.state === 'ok') {
    return [];
  }
  if (side.state === 'unknownHost' && side.unknown) {
    return [`harvesterCloud.host.unknown.${ side.unknown }`, 'harvesterVolumeSnapshot.host.consequence'];
  }

  return [`harvesterVolumeSnapshot.host.state.${ side.state }`];
}

/**
 * What an empty VolumeSnapshots list says the user can do (issue 34): take one from a PVC's tab only when their role
 * may create VolumeSnapshots and the installed CSI driver takes snapshots (v0.2.4+, `gate`); otherwise why nothing can
 * be taken here (both reasons when both hold). An unknown driver version is not a refusal (the tab says it then).
 */
export function emptyListKeys(actions: Pick<SnapshotActions, 'take'>, gate: 'ok' | 'noSnapshots' | 'noBackups' | 'unknownVersion'): string[] {
  const why = [
    ...(gate === 'noSnapshots' ? ['harvesterVolumeSnapshot.list.emptyWhy.driver'] : []),
    ...(actions.take ? [] : ['harvesterVolumeSnapshot.list.emptyWhy.role']),
  ];

  return ['harvesterVolumeSnapshot.list.empty', ...(why.length ? why : ['harvesterVolumeSnapshot.list.emptyTake'])];
}
