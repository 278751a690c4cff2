import { gateFor, missingPiece, offerClasses, pickClass } from '@pkg/volumesnapshot/classes';
import { buildVolumeSnapshot, defaultSnapshotName, validateSnapshot } from '@pkg/volumesnapshot/snapshot';
import { buildRestorePvc, restoreClasses, restoreDefaults, validateRestore } from '@pkg/volumesnapshot/restore';
import { deletionNote, explainSnapshotError, snapshotState } from '@pkg/volumesnapshot/explain';
import { quantityBytes } from '@pkg/volumesnapshot/quantity';

const cls = (name: string, driver: string, type?: string, extra: Record<string, unknown> = {}) => ({
  metadata: { name }, driver, deletionPolicy: 'Delete', parameters: type === undefined ? undefined : { type }, ...extra
});
const classes = [
  cls('longhorn-snap', 'driver.longhorn.io'),
  cls('harvester-backup', 'driver.harvesterhci.io', 'backup'),
  cls('harvester-snap', 'driver.harvesterhci.io'),
  cls('harvester-near-miss', 'driver.harvesterhci.io', 'Backup'),
];

describe('R-VSN-1 class offering and gating', () => {
  it('offers only driver.harvesterhci.io classes, backups marked by the exact type: backup', () => {
    const offers = offerClasses(classes, '0.2.8');

    expect(offers.map((o) => [o.name, o.kind, o.disabled])).toEqual([
      ['harvester-backup', 'backup', false],
      ['harvester-near-miss', 'snapshot', false],
      ['harvester-snap', 'snapshot', false],
    ]);
  });

  it('refuses every class before CSI v0.2.4 (k3s-guest v0.1.3) and backups before v0.2.8 (rke2-guest v0.2.4)', () => {
    expect(offerClasses(classes, '0.1.3').every((o) => o.disabled && o.gate === 'noSnapshots')).toBe(true);
    const rke2 = offerClasses(classes, '0.2.4');

    expect(rke2.find((o) => o.name === 'harvester-backup')).toMatchObject({ disabled: true, gate: 'noBackups' });
    expect(rke2.find((o) => o.name === 'harvester-snap')).toMatchObject({ disabled: false, gate: 'ok' });
    expect(gateFor('backup', '0.2.7')).toBe('noBackups');
    expect(gateFor('backup', '0.2.8')).toBe('ok');
    expect(gateFor('snapshot', '0.2.3')).toBe('noSnapshots');
    // Unknown version: said, never refused and never "supported".
    expect(gateFor('backup', null)).toBe('unknownVersion');
    expect(offerClasses(classes, null).every((o) => !o.disabled)).toBe(true);
  });

  it('starts the form with a usable class of the kind asked for, the default one first, none when there is none', () => {
    const withDefault = [...classes, cls('a-default', 'driver.harvesterhci.io', undefined, { metadata: { name: 'a-default', annotations: { 'snapshot.storage.kubernetes.io/is-default-class': 'true' } } })];

    expect(pickClass(offerClasses(withDefault, '0.2.8'), 'snapshot')).toBe('a-default');
    expect(pickClass(offerClasses(classes, '0.2.8'), 'backup')).toBe('harvester-backup');
    expect(pickClass(offerClasses(classes, '0.2.4'), 'backup')).toBeUndefined();
  });

  it('says what is missing: the resource first (not installed, or not the user\'s to use), then a class', () => {
    const offers = offerClasses(classes, '0.2.8');

    expect(missingPiece({ schemaWhy: 'noCrd', offers })).toBe('noCrd');
    expect(missingPiece({ schemaWhy: 'denied', offers: [] })).toBe('denied');
    expect(missingPiece({ schemaWhy: null, offers: [] })).toBe('noClass');
    expect(missingPiece({ schemaWhy: null, offers })).toBeNull();
  });
});

describe('R-VSN-2/3 the snapshot form', () => {
  const now = new Date('2026-11-25T05:07:09.123Z');

  it('prefills <pvc>-snapshot-<timestamp>, a valid name even for the longest PVC name', () => {
    expect(defaultSnapshotName('data-db-0', now)).toBe('data-db-0-snapshot-20261125050709');
    expect(defaultSnapshotName('data', now, 'backup')).toBe('data-backup-20261125050709');
    const long = defaultSnapshotName(`${ 'a'.repeat(230) }-.b`, now);

    expect(long.length).toBeLessThanOrEqual(253);
    expect(validateSnapshot({ name: long, className: 'harvester-snap' }, offerClasses(classes, '0.2.8'))).toEqual([]);
  });

  it('puts a message next to a bad name or a refused class', () => {
    const offers = offerClasses(classes, '0.2.4');

    expect(validateSnapshot({ name: '', className: 'harvester-snap' }, offers).map((i) => i.field)).toEqual(['name']);
    expect(validateSnapshot({ name: 'Bad_Name', className: 'harvester-snap' }, offers)[0].key).toBe('harvesterVolumeSnapshot.validation.invalidName');
    expect(validateSnapshot({ name: 'x', className: 'harvester-snap' }, offers, ['x'])[0].key).toBe('harvesterVolumeSnapshot.validation.nameTaken');
    expect(validateSnapshot({ name: 'x', className: 'harvester-backup' }, offers)).toEqual([
      {
        field: 'className', key: 'harvesterVolumeSnapshot.gate.noBackups', args: { name: 'harvester-backup' }
      }
    ]);
    expect(validateSnapshot({ name: 'x', className: 'longhorn-snap' }, offers)[0].key).toBe('harvesterVolumeSnapshot.validation.classRequired');
  });

  it('creates a snapshot.storage.k8s.io/v1 VolumeSnapshot of the PVC in its namespace', () => {
    expect(buildVolumeSnapshot({ metadata: { name: 'data', namespace: 'apps' } }, { name: 's1', className: 'harvester-snap' })).toMatchObject({
      apiVersion: 'snapshot.storage.k8s.io/v1',
      kind:       'VolumeSnapshot',
      metadata:   { name: 's1', namespace: 'apps' },
      spec:       { volumeSnapshotClassName: 'harvester-snap', source: { persistentVolumeClaimName: 'data' } },
    });
  });

  it('R-VSN-11: flags each bad label key, label value and annotation key by name; sends the rest exactly as typed', () => {
    const offers = offerClasses(classes, '0.2.4');
    const form = {
      name:      's1',
      className: 'harvester-snap',
      labels:    {
        'a/b/c': 'x', tier: 'gold plated', ok: ''
      },
      annotations: { 'Example.com/Note': ' any text, kept ', 'bad key': 'v' },
    };

    expect(validateSnapshot(form, offers).map((i) => [i.field, i.key.split('.').pop(), i.args?.key])).toEqual([
      ['labels', 'labelKey', 'a/b/c'], ['labels', 'labelValue', 'tier'], ['annotations', 'annotationKey', 'bad key'],
    ]);
    const body = buildVolumeSnapshot({ metadata: { name: 'data' } }, { ...form, labels: { ok: '', ' x': 'y ' } });

    expect(body.metadata.annotations).toEqual({ 'Example.com/Note': ' any text, kept ', 'bad key': 'v' });
    expect(body.metadata.labels).toEqual({ ok: '', ' x': 'y ' });
    // Nothing typed: no empty maps on the object.
    expect(buildVolumeSnapshot({ metadata: { name: 'data' } }, { name: 's1', className: 'c' }).metadata).toEqual({ name: 's1', namespace: 'default' });
  });
});

describe('R-VSN-4 restore to a new PVC', () => {
  const snap = { metadata: { name: 's1', namespace: 'apps' }, status: { readyToUse: true, restoreSize: '10Gi' } };
  const pvc = {
    metadata: { name: 'data', namespace: 'apps' },
    spec:     {
      storageClassName: 'harvester', accessModes: ['ReadWriteOnce'], volumeMode: 'Filesystem', resources: { requests: { storage: '10Gi' } }
    }
  };
  const scs = [
    { metadata: { name: 'local-path' }, provisioner: 'rancher.io/local-path' },
    { metadata: { name: 'another' }, provisioner: 'driver.harvesterhci.io' },
    { metadata: { name: 'harvester' }, provisioner: 'driver.harvesterhci.io' },
  ];

  it('offers the same class first, another Harvester class too, never another provisioner', () => {
    expect(restoreClasses(scs, 'harvester')).toEqual(['harvester', 'another']);
  });

  it('prefills from the snapshot and its PVC and accepts that as it is', () => {
    const form = restoreDefaults(snap, pvc);

    expect(form).toEqual({
      name: 's1-restore', storageClassName: 'harvester', size: '10Gi', accessMode: 'ReadWriteOnce'
    });
    expect(validateRestore(form, snap, restoreClasses(scs, 'harvester'))).toEqual([]);
  });

  it('refuses a size below status.restoreSize, RWX (v0.2.4+), a non-Harvester class, a snapshot not ready', () => {
    const base = restoreDefaults(snap, pvc);
    const names = restoreClasses(scs, 'harvester');

    expect(validateRestore({ ...base, size: '5Gi' }, snap, names)[0]).toMatchObject({ field: 'size', key: 'harvesterVolumeSnapshot.restore.sizeTooSmall' });
    expect(validateRestore({ ...base, size: '10737418240' }, snap, names)).toEqual([]);
    expect(validateRestore({ ...base, size: 'ten' }, snap, names)[0].key).toBe('harvesterVolumeSnapshot.restore.sizeInvalid');
    expect(validateRestore({ ...base, accessMode: 'ReadWriteMany' }, snap, names)[0]).toMatchObject({ field: 'accessMode', key: 'harvesterVolumeSnapshot.restore.rwxRefused' });
    expect(validateRestore({ ...base, storageClassName: 'local-path' }, snap, names)[0].field).toBe('storageClassName');
    expect(validateRestore(base, { ...snap, status: { readyToUse: false } }, names)[0].key).toBe('harvesterVolumeSnapshot.restore.notReady');
    expect(validateRestore(base, snap, names, ['s1-restore'])[0].key).toBe('harvesterVolumeSnapshot.validation.pvcTaken');
  });

  it('creates the PVC with dataSource set to the VolumeSnapshot', () => {
    expect(buildRestorePvc(snap, pvc, restoreDefaults(snap, pvc))).toMatchObject({
      metadata: { name: 's1-restore', namespace: 'apps' },
      spec:     {
        storageClassName: 'harvester',
        accessModes:      ['ReadWriteOnce'],
        volumeMode:       'Filesystem',
        resources:        { requests: { storage: '10Gi' } },
        dataSource:       {
          apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 's1'
        },
      },
    });
  });

  it('reads quantities', () => {
    expect(quantityBytes('1Gi')).toBe(2 ** 30);
    expect(quantityBytes('1G')).toBe(1e9);
    expect(quantityBytes('1.5Ki')).toBe(1536);
    expect(quantityBytes('x')).toBeNull();
  });
});

describe('R-VSN-5..8 the driver error in plain words, deletion policy', () => {
  const wrap = (s: string) => `Failed to check and update snapshot content: failed to take snapshot of the volume pvc-1: "rpc error: ${ s }"`;

  it('explains each known driver error and keeps the raw text', () => {
    expect(explainSnapshotError(wrap('code = Unimplemented desc = '))?.key).toBe('harvesterVolumeSnapshot.error.driverTooOld');
    expect(explainSnapshotError(wrap('code = Internal desc = VolumeRemoteBackup snapcontent-1 is not ready'))?.key).toBe('harvesterVolumeSnapshot.error.backupTarget');
    expect(explainSnapshotError(wrap('code = Internal desc = host snap snapcontent-1 is not ready'))?.key).toBe('harvesterVolumeSnapshot.error.hostSnapshot');
    expect(explainSnapshotError(wrap('no VolumeSnapshotClassName found for provisioner driver.longhorn.io'))?.key).toBe('harvesterVolumeSnapshot.error.hostClass');
    expect(explainSnapshotError('Creating RWX volumes from snapshots is not supported')?.key).toBe('harvesterVolumeSnapshot.error.rwx');
    expect(explainSnapshotError('<b>odd</b>')).toEqual({ key: 'harvesterVolumeSnapshot.error.other', raw: '<b>odd</b>' });
    expect(explainSnapshotError(undefined)).toBeNull();
  });

  it('says what deleting does on the host: Retain keeps the backup', () => {
    expect(deletionNote('Retain', 'backup')).toBe('harvesterVolumeSnapshot.delete.retain.backup');
    expect(deletionNote('Delete', 'snapshot')).toBe('harvesterVolumeSnapshot.delete.delete.snapshot');
    expect(deletionNote(undefined, 'snapshot')).toBe('harvesterVolumeSnapshot.delete.unknown');
  });

  it('reads the state: ready, failed with an error, else in progress', () => {
    expect(snapshotState({ readyToUse: true })).toBe('ready');
    expect(snapshotState({ readyToUse: false, error: { message: 'x' } })).toBe('failed');
    expect(snapshotState(undefined)).toBe('pending');
  });
});
