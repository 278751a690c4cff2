/** R-VSN-12: which host object backs a guest VolumeSnapshot, and what of the backup target is shown. */
import { backupTargetOf, HostSide, hostObjectName, hostRowFor } from '@pkg/volumesnapshot/hostSide';

const guest = (uid?: string) => ({
  metadata: {
    name: 's1', namespace: 'default', uid
  }
}) as any;
const host = (kind: string, name: string, status: Record<string, unknown>) => ({
  kind, metadata: { name, namespace: 'vms' }, status
}) as any;
const side = (over: Partial<HostSide> = {}): HostSide => ({
  state: 'ok', snapshots: [], backups: [], target: null, ...over
});

describe('R-VSN-12 the host side of a guest snapshot', () => {
  it('names the host object as the snapshotter names the CSI snapshot: snapshot-<uid>; none without a uid', () => {
    expect(hostObjectName(guest('u-1'))).toBe('snapshot-u-1');
    expect(hostObjectName(guest())).toBeNull();
  });

  it('finds the host VolumeSnapshot or, for a backup, the VolumeRemoteBackup with its target; their readiness', () => {
    const target = { type: 's3', endpoint: 'https://s3.example' };
    const s = side({
      snapshots: [host('VolumeSnapshot', 'snapshot-u-1', { readyToUse: true }), host('VolumeSnapshot', 'snapshot-u-3', {})],
      backups:   [host('VolumeRemoteBackup', 'snapshot-u-2', { success: false })],
      target,
    });

    expect(hostRowFor(guest('u-1'), s)).toEqual({
      kind: 'snapshot', id: 'vms/snapshot-u-1', ready: true, target: null
    });
    expect(hostRowFor(guest('u-2'), s)).toEqual({
      kind: 'backup', id: 'vms/snapshot-u-2', ready: false, target
    });
    expect(hostRowFor(guest('u-3'), s)?.ready).toBe(false);
    expect(hostRowFor(guest('u-4'), s)).toBeNull();
    expect(hostRowFor(guest('u-1'), side({ state: 'forbidden' }))).toBeNull();
    expect(hostRowFor(guest('u-1'), null)).toBeNull();
  });

  it('shows only the backup target\'s type and endpoint, never its credentials; unset or not JSON is none', () => {
    const value = JSON.stringify({
      type: 'nfs', endpoint: 'nfs://10.0.0.2:/backups', accessKeyId: 'AKIA', secretAccessKey: 'secret'
    });

    expect(backupTargetOf({ value })).toEqual({ type: 'nfs', endpoint: 'nfs://10.0.0.2:/backups' });
    expect(backupTargetOf({ value: '' })).toBeNull();
    expect(backupTargetOf({ value: 'not json' })).toBeNull();
    expect(backupTargetOf({ value: '{}' })).toBeNull();
    expect(backupTargetOf(null)).toBeNull();
  });
});
