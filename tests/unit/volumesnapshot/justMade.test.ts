/**
 * A snapshot taken in the PVC tab stays on screen until Steve's cache lists it, and one deleted there is shown as
 * being deleted until Steve's cache lacks it (volumesnapshot/justMade.ts): on Rancher's server the list read just
 * after the create can lack it, and the one just after a delete can still hold it as it was.
 */
import { JUST_MADE_MS, justMade } from '@pkg/volumesnapshot/justMade';
import { describePanel } from '@pkg/volumesnapshot/panelView';
import { nextLook } from '@pkg/volumesnapshot/liveViews';

const snap = (name: string, status?: object) => ({
  metadata: { name, namespace: 'default' }, spec: { source: { persistentVolumeClaimName: 'data' }, volumeSnapshotClassName: 'snap' }, status
});
const pvc = { metadata: { name: 'data', namespace: 'default' }, spec: { storageClassName: 'harvester' } };
const rowsOf = (snapshots: any[]) => describePanel({
  crd: true, schemaWhy: null, actions: {} as any, snapshots, classes: [], storageClasses: [{ metadata: { name: 'harvester' }, provisioner: 'driver.harvesterhci.io' }] as any, pvcNames: [], csiVersion: null
}, pvc as any).rows;

describe('a snapshot just taken', () => {
  it('is shown in progress while the list read lacks it, so the page looks again; let go once a read has it', () => {
    let now = 1000;
    const made = justMade(() => now);

    made.add(snap('s2') as any);
    const first = made.merge([snap('s1', { readyToUse: true })] as any);

    expect(first.map((s) => s.metadata.name)).toEqual(['s1', 's2']);
    const rows = describePanel({
      crd: true, schemaWhy: null, actions: {} as any, snapshots: first, classes: [], storageClasses: [{ metadata: { name: 'harvester' }, provisioner: 'driver.harvesterhci.io' }] as any, pvcNames: [], csiVersion: null
    }, pvc as any).rows;

    expect(rows.find((r) => r.name === 's2')?.state).toBe('pending');
    expect(nextLook(rows)).not.toBeNull();

    now += 2000;
    const second = made.merge([snap('s1', { readyToUse: true }), snap('s2', { readyToUse: true })] as any);

    expect(second.map((s) => [s.metadata.name, !!s.status])).toEqual([['s1', true], ['s2', true]]);
    // Let go: a later read without it (deleted elsewhere) does not bring it back.
    expect(made.merge([snap('s1')] as any).map((s) => s.metadata.name)).toEqual(['s1']);
  });

  it('is not waited for past a minute (deleted elsewhere before the cache saw it)', () => {
    let now = 0;
    const made = justMade(() => now);

    made.add(snap('gone') as any);
    now = JUST_MADE_MS - 1;
    expect(made.merge([]).length).toBe(1);
    now = JUST_MADE_MS;
    expect(made.merge([])).toEqual([]);
  });

  it('ignores an answer without a name', () => {
    const made = justMade();

    made.add(undefined as any);
    expect(made.merge([])).toEqual([]);
  });
});

describe('a snapshot just deleted', () => {
  it('still read as it was is shown as being deleted, so the page looks again; gone from the rows once a read lacks it', () => {
    let now = 5000;
    const made = justMade(() => now);

    made.deleted('default/s1');
    const stale = made.merge([snap('s1', { readyToUse: true }), snap('s2', { readyToUse: true })] as any);
    const rows = rowsOf(stale);

    expect(rows.map((r) => [r.name, r.state])).toEqual([['s1', 'deleting'], ['s2', 'ready']]);
    expect(nextLook(rows)).not.toBeNull();

    now += 2000;
    const after = rowsOf(made.merge([snap('s2', { readyToUse: true })] as any));

    expect(after.map((r) => r.name)).toEqual(['s2']);
    expect(nextLook(after)).toBeNull();
    // Let go: the same name made again later is not marked.
    expect(rowsOf(made.merge([snap('s1', { readyToUse: true })] as any)).map((r) => r.state)).toEqual(['ready']);
  });

  it('is marked for at most a minute (a delete refused by a finalizer that stays is the server\'s to show)', () => {
    let now = 0;
    const made = justMade(() => now);

    made.deleted('default/s1');
    now = JUST_MADE_MS;
    expect(rowsOf(made.merge([snap('s1', { readyToUse: true })] as any)).map((r) => r.state)).toEqual(['ready']);
  });

  it('a snapshot the server already marks as being deleted reads as deleting without the page\'s help', () => {
    const s = {
      ...snap('s3', { readyToUse: true }),
      metadata: {
        name: 's3', namespace: 'default', deletionTimestamp: '2026-11-27T08:00:00Z'
      }
    };

    expect(rowsOf([s]).map((r) => r.state)).toEqual(['deleting']);
  });
});
