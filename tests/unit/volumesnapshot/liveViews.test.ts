/**
 * What the PVC tab and the VolumeSnapshots list show of each look and when they look again
 * (volumesnapshot/liveViews.ts): decisions only, no page.
 */
import { FAILED_LOOK_MS, PENDING_LOOK_MS, livePage, nextLook } from '@pkg/volumesnapshot/liveViews';
import { describePanel, snapshotOfRow } from '@pkg/volumesnapshot/panelView';
import { PanelData } from '@pkg/volumesnapshot/loadPanel';
import { SnapshotRow } from '@pkg/volumesnapshot/rows';

const pvc = { metadata: { name: 'data', namespace: 'default' }, spec: { storageClassName: 'harvester' } };
const snapshot = (name: string, status?: object) => ({
  metadata: { name, namespace: 'default' }, spec: { source: { persistentVolumeClaimName: 'data' }, volumeSnapshotClassName: 'snap' }, status
});
const panel = (over: Partial<PanelData> = {}): PanelData => ({
  crd:       true,
  schemaWhy: null,
  actions:   {
    take: true, restore: true, delete: true, createClass: true
  },
  snapshots: [snapshot('s1', { readyToUse: true })],
  classes:   [{
    metadata: { name: 'snap' }, driver: 'driver.harvesterhci.io', parameters: {}
  } as any],
  storageClasses: [{ metadata: { name: 'harvester' }, provisioner: 'driver.harvesterhci.io' } as any],
  pvcNames:       ['data'],
  csiVersion:     '0.2.8',
  ...over,
});

describe('the snapshots\' looks', () => {
  it('looks again shortly while a snapshot is in progress, and in a while while one has failed (R-VSN-19)', () => {
    expect(nextLook([{ state: 'ready' }, { state: 'pending' }] as SnapshotRow[])).toBe(PENDING_LOOK_MS);
    expect(nextLook([{ state: 'failed' }, { state: 'deleting' }] as SnapshotRow[])).toBe(PENDING_LOOK_MS);
    // "host snap … is not ready" is retried by the csi-snapshotter: a row that stopped looking would say Failed for good.
    expect(nextLook([{ state: 'ready' }, { state: 'failed' }] as SnapshotRow[])).toBe(FAILED_LOOK_MS);
    expect(FAILED_LOOK_MS).toBeGreaterThan(PENDING_LOOK_MS);
    expect(nextLook([{ state: 'ready' }] as SnapshotRow[])).toBeNull();
  });

  it('describes the PVC tab from one look: the driver\'s claim, the classes offered, what is missing, the rows', () => {
    expect(describePanel(null, pvc as any)).toEqual({
      harvester: false, offers: [], missing: null, denied: [], rows: []
    });
    const view = describePanel(panel(), pvc as any);

    expect([view.harvester, view.missing, view.rows.map((r) => r.name), view.offers.length]).toEqual([true, null, ['s1'], 1]);
    expect(describePanel(panel({
      actions: {
        take: false, restore: true, delete: false, createClass: false
      }
    }), pvc as any).denied).toEqual(['take', 'delete']);
    expect(describePanel(panel({ storageClasses: [] }), pvc as any).harvester).toBe(false);
    expect(snapshotOfRow(panel().snapshots, 'default/s1')?.metadata.name).toBe('s1');
  });

  it('reuses the host found by the first look, and shows nothing once the page is gone', async() => {
    const asked: (string | null)[] = [];
    const shown: string[] = [];
    const page = livePage<string>(async(hostId, steps) => {
      asked.push(hostId);
      steps.read('list');
      steps.host({
        state: 'ok', snapshots: [], backups: [], target: null, hostId: 'c-host'
      });

      return null;
    }, { read: (v) => shown.push(v), host: (side) => shown.push(side.hostId as string) });

    await page.now();
    await page.now();
    page.stop();
    await page.now();
    expect(asked).toEqual([null, 'c-host', 'c-host']);
    expect(shown).toEqual(['list', 'c-host', 'list', 'c-host']);
  });
});
