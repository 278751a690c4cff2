import { isHarvesterPvc, snapshotRows } from '@pkg/volumesnapshot/rows';

const classes = [
  {
    metadata: { name: 'hv-backup' }, driver: 'driver.harvesterhci.io', deletionPolicy: 'Retain', parameters: { type: 'backup' }
  },
  {
    metadata: { name: 'hv-snap' }, driver: 'driver.harvesterhci.io', deletionPolicy: 'Delete'
  },
];
const snap = (name: string, pvc: string, className: string, status: any) => ({
  metadata: { name, namespace: 'apps' }, spec: { volumeSnapshotClassName: className, source: { persistentVolumeClaimName: pvc } }, status
});

describe('R-VSN-3/5/8 snapshot table rows', () => {
  it('shows only the PVC\'s snapshots, newest first, with state, size, kind, the driver error and the delete note', () => {
    const rows = snapshotRows([
      snap('old', 'data', 'hv-snap', {
        readyToUse: true, restoreSize: '10Gi', creationTime: '2026-11-01T00:00:00Z'
      }),
      snap('other', 'logs', 'hv-snap', { readyToUse: true }),
      snap('bk', 'data', 'hv-backup', {
        readyToUse: false, creationTime: '2026-11-02T00:00:00Z', error: { message: 'rpc error: code = Internal desc = VolumeRemoteBackup snapcontent-1 is not ready' }
      }),
      snap('gone-class', 'data', 'missing', undefined),
    ], classes, 'data');

    expect(rows.map((r) => [r.name, r.state, r.size, r.kind, r.error?.key, r.deleteNote])).toEqual([
      ['bk', 'failed', '', 'backup', 'harvesterVolumeSnapshot.error.backupTarget', 'harvesterVolumeSnapshot.delete.retain.backup'],
      ['old', 'ready', '10Gi', 'snapshot', undefined, 'harvesterVolumeSnapshot.delete.delete.snapshot'],
      ['gone-class', 'pending', '', '', undefined, 'harvesterVolumeSnapshot.delete.unknown'],
    ]);
  });

  it('knows a Harvester PVC by its storage class provisioner', () => {
    const scs = [{ metadata: { name: 'harvester' }, provisioner: 'driver.harvesterhci.io' }, { metadata: { name: 'local-path' }, provisioner: 'rancher.io/local-path' }];

    expect(isHarvesterPvc({ metadata: { name: 'a' }, spec: { storageClassName: 'harvester' } }, scs)).toBe(true);
    expect(isHarvesterPvc({ metadata: { name: 'b' }, spec: { storageClassName: 'local-path' } }, scs)).toBe(false);
  });

  it('R-VSN-10: a snapshot with no status a minute after it was made says no snapshot controller runs', () => {
    const made = '2026-11-25T09:00:00Z';
    const at = (iso: string) => Date.parse(iso);
    const unclaimed = {
      ...snap('orphan', 'data', 'hv-snap', undefined),
      metadata: {
        name: 'orphan', namespace: 'apps', creationTimestamp: made
      }
    };
    const claimed = {
      ...snap('working', 'data', 'hv-snap', { readyToUse: false }),
      metadata: {
        name: 'working', namespace: 'apps', creationTimestamp: made
      }
    };

    expect(snapshotRows([unclaimed], classes, 'data', at('2026-11-25T09:00:30Z'))[0].error).toBeNull();
    expect(snapshotRows([unclaimed], classes, 'data', at('2026-11-25T09:01:01Z'))[0].error).toEqual({ key: 'harvesterVolumeSnapshot.error.noController', raw: '' });
    expect(snapshotRows([claimed], classes, 'data', at('2026-11-25T09:30:00Z'))[0].error).toBeNull();
  });
});

// Fault 8 of issue 37: the row says what a snapshot in progress waits for (R-VSN-18).
describe('R-VSN-18 what a snapshot in progress waits for', () => {
  const made = '2026-11-25T09:00:00Z';
  const at = (iso: string) => Date.parse(iso);
  const row = (status: any, now: string) => snapshotRows([{
    ...snap('s', 'data', 'hv-snap', status),
    metadata: {
      name: 's', namespace: 'apps', creationTimestamp: made
    }
  }], classes, 'data', at(now))[0];

  it('the snapshot controller, while it has no status', () => {
    expect(row(undefined, '2026-11-25T09:00:05Z').waits).toBe('harvesterVolumeSnapshot.waits.controller');
    // Past a minute the error says no controller runs; the row does not say both.
    expect(row(undefined, '2026-11-25T09:01:05Z').waits).toBeNull();
  });

  it('the CSI driver, once bound to its content and neither ready nor failed; past a minute, that the driver is silent', () => {
    const bound = { boundVolumeSnapshotContentName: 'snapcontent-1', readyToUse: false };

    expect(row(bound, '2026-11-25T09:00:05Z').waits).toBe('harvesterVolumeSnapshot.waits.driver');
    expect(row(bound, '2026-11-25T09:01:05Z').waits).toBe('harvesterVolumeSnapshot.waits.driverSilent');
  });

  it('nothing once ready, failed (the error says why) or being deleted', () => {
    expect(row({ boundVolumeSnapshotContentName: 'c', readyToUse: true }, '2026-11-25T09:05:00Z').waits).toBeNull();
    expect(row({
      boundVolumeSnapshotContentName: 'c', readyToUse: false, error: { message: 'host snap x is not ready' }
    }, '2026-11-25T09:05:00Z').waits).toBeNull();
    expect(snapshotRows([{
      ...snap('d', 'data', 'hv-snap', { boundVolumeSnapshotContentName: 'c' }),
      metadata: {
        name: 'd', namespace: 'apps', creationTimestamp: made, deletionTimestamp: made
      }
    }], classes, 'data', at('2026-11-25T09:05:00Z'))[0].waits).toBeNull();
  });
});
