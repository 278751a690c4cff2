import fc from 'fast-check';
import {
  chooseSnapshotKind, readSnapshotParameters, replaceOtherParameters, snapshotKind, writeSnapshotParameters
} from '@pkg/snapshotclass/codec';
import { validateSnapshotClass, SnapshotClassForm } from '@pkg/snapshotclass/validation';
import {
  nextParameters, policyOptions, readForm, typeOptions, typeValue
} from '@pkg/snapshotclass/form';

const text = (key: string, args?: Record<string, unknown>) => (args ? `${ key } ${ JSON.stringify(args) }` : key);

describe('VolumeSnapshotClass parameters codec', () => {
  it('gives back any parameters unchanged when the form is left alone: keys, order, bytes (property)', () => {
    fc.assert(fc.property(fc.dictionary(fc.string(), fc.string()), (base) => {
      expect(JSON.stringify(writeSnapshotParameters(base, readSnapshotParameters(base)))).toBe(JSON.stringify(base));
    }));
    const odd = JSON.parse('{"__proto__":"x","type":" Backup ","z":""}');

    expect(JSON.stringify(writeSnapshotParameters(odd, readSnapshotParameters(odd)))).toBe('{"__proto__":"x","type":" Backup ","z":""}');
  });

  // R-VSC-1: CreateSnapshot backs up only for the exact `type: backup`; anything else is a local snapshot.
  it('reads what the driver will do: backup only for the exact value', () => {
    expect(snapshotKind('backup')).toBe('backup');
    for (const other of [undefined, '', 'snapshot', 'Backup', ' backup', 'BACKUP']) {
      expect(snapshotKind(other)).toBe('snapshot');
    }
  });

  it('backup writes type: backup in place; local snapshot removes the key (the driver default)', () => {
    const base = {
      a: '1', type: 'snapshot', b: '2'
    };
    const form = readSnapshotParameters(base);

    expect(JSON.stringify(writeSnapshotParameters(base, chooseSnapshotKind(form, 'backup')))).toBe('{"a":"1","type":"backup","b":"2"}');
    expect(writeSnapshotParameters(base, chooseSnapshotKind(form, 'snapshot'))).toEqual(base); // the saved value is kept
    expect(writeSnapshotParameters({ type: 'backup' }, chooseSnapshotKind(readSnapshotParameters({ type: 'backup' }), 'snapshot'))).toEqual({});
    // A near miss picked as "local snapshot" is cleaned; re-picking the odd value itself keeps it.
    expect(writeSnapshotParameters({ type: 'Backup' }, chooseSnapshotKind(readSnapshotParameters({ type: 'Backup' }), 'snapshot'))).toEqual({});
    expect(writeSnapshotParameters({ type: 'Backup' }, chooseSnapshotKind(readSnapshotParameters({ type: 'Backup' }), 'Backup'))).toEqual({ type: 'Backup' });
  });

  it('other parameters are replaced as typed; a type typed there wins over the field', () => {
    const form = readSnapshotParameters({ type: 'backup', keep: 'x' });

    expect(writeSnapshotParameters({ type: 'backup', keep: 'x' }, replaceOtherParameters(form, { keep: ' y ', added: '' }))).toEqual({
      type: 'backup', keep: ' y ', added: ''
    });
    expect(writeSnapshotParameters({}, replaceOtherParameters(readSnapshotParameters({}), { type: 'backup' }))).toEqual({ type: 'backup' });
  });

  it('writes no empty parameters map onto a class that had none', () => {
    expect(nextParameters({ driver: 'd' }, readSnapshotParameters(undefined))).toBeUndefined();
    expect(nextParameters({ parameters: { type: 'backup' } }, readSnapshotParameters({}))).toEqual({});
  });
});

const form = (over: Partial<SnapshotClassForm> = {}, params: Record<string, string> = {}): SnapshotClassForm => ({
  name: 'harvester-snap', driver: 'driver.harvesterhci.io', deletionPolicy: 'Delete', parameters: readSnapshotParameters(params), ...over
});
const keys = (v: { errors: { key: string }[]; warnings: { key: string }[] }) => [v.errors.map((e) => e.key), v.warnings.map((w) => w.key)];

describe('VolumeSnapshotClass validation', () => {
  it('accepts a plain Harvester class, local or backup, on a recent driver', () => {
    expect(keys(validateSnapshotClass(form(), '0.2.9'))).toEqual([[], []]);
    expect(keys(validateSnapshotClass(form({}, { type: 'backup' }), '0.2.8'))).toEqual([[], []]);
    expect(keys(validateSnapshotClass(form({}, { type: 'snapshot' }), '0.2.8'))).toEqual([[], []]);
  });

  it('requires a valid name, a driver and a Delete/Retain policy (external-snapshotter CRD)', () => {
    expect(keys(validateSnapshotClass(form({
      name: '', driver: '', deletionPolicy: ''
    })))).toEqual([['nameRequired', 'driverRequired', 'deletionPolicy'], []]);
    expect(keys(validateSnapshotClass(form({ name: 'Snap_1', deletionPolicy: 'delete' })))).toEqual([['invalidName', 'deletionPolicy'], []]);
  });

  // R-VSC-2: a near miss of "backup" silently gives a local snapshot: blocked. Other values: warned.
  it('blocks a near miss of backup and warns of any other value', () => {
    expect(keys(validateSnapshotClass(form({}, { type: 'Backup' }), '0.2.9'))).toEqual([['typeCase'], []]);
    expect(keys(validateSnapshotClass(form({}, { type: ' backup' }), '0.2.9'))).toEqual([['typeCase'], []]);
    expect(keys(validateSnapshotClass(form({}, { type: 'remote' }), '0.2.9'))).toEqual([[], ['typeIgnored']]);
  });

  // R-VSC-3 / R-VSC-4: snapshots from v0.2.4 (Unimplemented before), backups from v0.2.8.
  it('warns by driver version: no snapshots before 0.2.4, no backups before 0.2.8; unknown version: no warning', () => {
    expect(keys(validateSnapshotClass(form(), '0.1.3'))).toEqual([[], ['snapshotsTooOld']]);
    expect(keys(validateSnapshotClass(form({}, { type: 'backup' }), '0.2.4'))).toEqual([[], ['backupTooOld']]);
    expect(keys(validateSnapshotClass(form({}, { type: 'backup' }), '0.2.7'))).toEqual([[], ['backupTooOld']]);
    expect(keys(validateSnapshotClass(form({}, { type: 'backup' }), null))).toEqual([[], []]);
    expect(validateSnapshotClass(form({}, { type: 'backup' }), '0.2.4').warnings[0].args).toEqual({ version: '0.2.4', min: '0.2.8' });
  });

  it('judges only the common fields for other drivers (their parameters are theirs)', () => {
    expect(keys(validateSnapshotClass(form({ driver: 'driver.longhorn.io' }, { type: 'bak' }), '0.1.0'))).toEqual([[], []]);
  });
});

describe('VolumeSnapshotClass form options', () => {
  it('offers local snapshot and backup, plus a saved odd value as it is', () => {
    expect(typeOptions(readForm({ parameters: {} }), text).map((o) => o.value)).toEqual(['snapshot', 'backup']);
    expect(typeValue(readForm({ parameters: {} }))).toBe('snapshot');
    const odd = readForm({ parameters: { type: 'Backup' } });

    expect(typeOptions(odd, text).map((o) => o.value)).toEqual(['snapshot', 'backup', 'Backup']);
    expect(typeValue(odd)).toBe('Backup');
    expect(policyOptions(readForm({ deletionPolicy: 'Keep' }), text).map((o) => o.value)).toEqual(['Delete', 'Retain', 'Keep']);
  });
});
