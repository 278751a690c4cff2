/**
 * A snapshot taken in the PVC tab stays on screen until Steve's cache lists it (volumesnapshot/justMade.ts): on
 * Rancher's server the list read just after the create can lack it.
 */
import { JUST_MADE_MS, justMade } from '@pkg/volumesnapshot/justMade';
import { describePanel } from '@pkg/volumesnapshot/panelView';
import { nextLook } from '@pkg/volumesnapshot/liveViews';

const snap = (name: string, status?: object) => ({
  metadata: { name, namespace: 'default' }, spec: { source: { persistentVolumeClaimName: 'data' }, volumeSnapshotClassName: 'snap' }, status
});
const pvc = { metadata: { name: 'data', namespace: 'default' }, spec: { storageClassName: 'harvester' } };

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
