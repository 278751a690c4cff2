/**
 * The Harvester host object behind each guest VolumeSnapshot (R-VSN-12), read through Rancher's proxy of the host.
 * - The external-snapshotter asks the driver for a snapshot named `snapshot-<VolumeSnapshot uid>` (csi-snapshotter
 *   `makeSnapshotName`, default prefix `snapshot`); harvester-csi-driver `CreateSnapshot` gives the host object that
 *   very name in the guest's VM namespace: a host VolumeSnapshot of the host PVC (`createSnapFromVolume`), or for
 *   a class with `type: backup` a Harvester VolumeRemoteBackup (`generateHostVolumeRemoteBackup`, handle
 *   `backup:<ns>/<name>`), ready when `status.readyToUse` / `status.success`.
 * - A backup lands in the host's backup target: the `backup-target` setting, whose value is JSON; only its `type`
 *   and `endpoint` are shown (it also holds credentials).
 * Hosts without the VolumeRemoteBackup type (before the driver's backups) answer 404 on it: no backups then.
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { HOST_BACKUP, HOST_SETTING, VOLUME_SNAPSHOT } from '../data/typeIds';
import { hostList, proxyGet } from '../data/clusterProxy';
import { classifyHttpFailure, orWhenAbsent } from '../data/failure';
import type { HostUnknown } from '../environment/hostCluster';
import { lookUpHost } from '../environment/host';

export const HOST_TYPES = {
  snapshot: VOLUME_SNAPSHOT,
  backup:   HOST_BACKUP,
  setting:  HOST_SETTING,
} as const;

export type HostState = 'ok' | 'unknownHost' | 'forbidden' | 'unreachable' | 'error';

export interface BackupTarget { type: string; endpoint: string }

export interface HostSide {
  state: HostState;
  snapshots: KubeObject[];
  backups: KubeObject[];
  target: BackupTarget | null;
  /** Why the host is not known to this user (state unknownHost). */
  unknown?: HostUnknown | null;
}

export interface HostRow {
  kind: 'snapshot' | 'backup';
  /** `<namespace>/<name>` on the host. */
  id: string;
  ready: boolean;
  /** Backups only: where the host keeps them (null: no target set or not readable). */
  target: BackupTarget | null;
}

/** The name the driver gives the host object of a guest VolumeSnapshot; null before the guest gave it a uid. */
export function hostObjectName(snapshot: KubeObject): string | null {
  const uid = (snapshot.metadata as { uid?: string }).uid;

  return uid ? `snapshot-${ uid }` : null;
}

/** `type` and `endpoint` of the `backup-target` setting's JSON value; null when unset or not JSON. */
export function backupTargetOf(setting: { value?: string } | null | undefined): BackupTarget | null {
  try {
    const v = JSON.parse(setting?.value || '');

    return v && typeof v === 'object' && (v.type || v.endpoint) ? { type: String(v.type || ''), endpoint: String(v.endpoint || '') } : null;
  } catch (e) {
    return null;
  }
}

export function hostRowFor(snapshot: KubeObject, side: HostSide | null): HostRow | null {
  const name = hostObjectName(snapshot);

  if (!name || side?.state !== 'ok') {
    return null;
  }
  const id = (o: KubeObject) => `${ o.metadata.namespace }/${ o.metadata.name }`;
  const backup = side.backups.find((o) => o.metadata.name === name);

  if (backup) {
    return {
      kind: 'backup', id: id(backup), ready: backup.status?.success === true, target: side.target
    };
  }
  const snap = side.snapshots.find((o) => o.metadata.name === name);

  return snap ? {
    kind: 'snapshot', id: id(snap), ready: snap.status?.readyToUse === true, target: null
  } : null;
}

const none = (state: HostState): HostSide => ({
  state, snapshots: [], backups: [], target: null
});

/** Everything the host says about the snapshots of a guest; a host that cannot be read is a state, not a throw. */
export async function loadHostSide(store: StoreLike, guestClusterId: string, knownHostId?: string | null): Promise<HostSide & { hostId: string | null }> {
  const lookup = knownHostId ? null : await lookUpHost(store, guestClusterId);
  const hostId = knownHostId || lookup?.id || null;

  if (!hostId) {
    return {
      ...none('unknownHost'), unknown: lookup?.unknown || null, hostId
    };
  }
  try {
    const [snapshots, backups, setting] = await Promise.all([
      hostList(store, hostId, HOST_TYPES.snapshot),
      orWhenAbsent(hostList(store, hostId, HOST_TYPES.backup), []),
      // The setting may be unreadable where the snapshots are not: the target is then simply not shown.
      proxyGet<{ value?: string }>(store, hostId, HOST_TYPES.setting, undefined, 'backup-target').catch(() => null),
    ]);

    return {
      state: 'ok', snapshots, backups, target: backupTargetOf(setting), hostId
    };
  } catch (err) {
    return { ...none(classifyHttpFailure(err).failure), hostId };
  }
}
