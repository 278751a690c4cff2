/**
 * The driver's `status.error.message` on a VolumeSnapshot in plain words, and the deletion-policy note (rules
 * R-VSN-5..R-VSN-8). The external-snapshotter copies the gRPC error of harvester-csi-driver `CreateSnapshot`
 * into the VolumeSnapshotContent and then the VolumeSnapshot; the raw text is always kept and shown as text.
 */
export interface Explanation { key: string; args?: Record<string, string>; raw: string }

const RULES: { test: RegExp; key: string }[] = [
  // R-VSC-3: before v0.2.4 CreateSnapshot answers Unimplemented.
  { test: /code = Unimplemented/, key: 'harvesterVolumeSnapshot.error.driverTooOld' },
  // R-VSN-5: backup path — the host VolumeRemoteBackup never got ready (backup target not set or unreachable).
  { test: /VolumeRemoteBackup \S+ is not ready|backup target/i, key: 'harvesterVolumeSnapshot.error.backupTarget' },
  // R-VSN-6: local path — the host VolumeSnapshot reported an error or never got ready.
  { test: /host snap \S+ is not ready/, key: 'harvesterVolumeSnapshot.error.hostSnapshot' },
  // R-VSN-7: Harvester's csi-driver-config setting names no VolumeSnapshotClass for the host PVC's provisioner.
  { test: /no VolumeSnapshotClassName found for provisioner/, key: 'harvesterVolumeSnapshot.error.hostClass' },
  // R-RWX-5
  { test: /Creating RWX volumes from snapshots is not supported/, key: 'harvesterVolumeSnapshot.error.rwx' },
];

export function explainSnapshotError(message: string | null | undefined): Explanation | null {
  if (!message) {
    return null;
  }
  const rule = RULES.find((r) => r.test.test(message));

  return { key: rule ? rule.key : 'harvesterVolumeSnapshot.error.other', raw: message };
}

/** R-VSN-8: what deleting the VolumeSnapshot does on the host, by the class's deletion policy. */
export function deletionNote(policy: string | undefined, kind: 'backup' | 'snapshot'): string {
  if (policy === 'Retain') {
    return `harvesterVolumeSnapshot.delete.retain.${ kind }`;
  }

  return policy === 'Delete' ? `harvesterVolumeSnapshot.delete.delete.${ kind }` : 'harvesterVolumeSnapshot.delete.unknown';
}

export type SnapshotState = 'ready' | 'failed' | 'pending' | 'deleting';

/**
 * A snapshot being deleted keeps its status until the snapshot controller has removed its content and finalizers
 * (external-snapshotter `pkg/common-controller` deleteCSISnapshot): shown as deleting, not as the Ready it was.
 */
export function snapshotState(status: { readyToUse?: boolean; error?: { message?: string } } | undefined, deleting = false): SnapshotState {
  if (deleting) {
    return 'deleting';
  }
  if (status?.readyToUse) {
    return 'ready';
  }

  return status?.error?.message ? 'failed' : 'pending';
}
