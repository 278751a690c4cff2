import fc from 'fast-check';
import {
  chooseHostStorageClass, chooseHostVolumeMode, readParameters, replaceOthers, validateParameters, writeParameters
} from '@pkg/storageClass/parameters';

const write = (base: Record<string, string>, f: (p: ReturnType<typeof readParameters>) => ReturnType<typeof readParameters>) => writeParameters(base, f(readParameters(base)));

describe('readParameters / writeParameters', () => {
  it('gives back an untouched class exactly: same keys, same order, same bytes', () => {
    const base = {
      zeta: ' spaced value ', hostVolumeMode: 'Filesystem', a: '', hostStorageClass: '', 'x.y/z': 'ünïcode\n'
    };
    const out = writeParameters(base, readParameters(base));

    expect(JSON.stringify(out)).toBe(JSON.stringify(base));
  });

  it('round-trips any string map unchanged (property)', () => {
    fc.assert(fc.property(fc.dictionary(fc.string(), fc.string()), (base) => {
      expect(JSON.stringify(writeParameters(base, readParameters(base)))).toBe(JSON.stringify(base));
    }));
  });

  it('keeps keys that are special to JavaScript objects as plain data', () => {
    const base = JSON.parse('{"__proto__":"x","constructor":"y"}');

    expect(JSON.stringify(writeParameters(base, readParameters(base)))).toBe('{"__proto__":"x","constructor":"y"}');
  });

  it('a new class with a host class picked saves exactly that parameter', () => {
    expect(write({}, (p) => chooseHostStorageClass(p, 'replica-2'))).toEqual({ hostStorageClass: 'replica-2' });
  });

  it('host default writes no parameter: the driver looks up any present value, even an empty one', () => {
    expect(write({}, (p) => chooseHostStorageClass(p, undefined))).toEqual({});
    expect(write({ hostStorageClass: 'replica-2', a: '1' }, (p) => chooseHostStorageClass(p, ''))).toEqual({ a: '1' });
    // A saved empty value is the user's, not ours to drop when re-picked.
    expect(write({ hostStorageClass: '' }, (p) => chooseHostStorageClass(p, ''))).toEqual({ hostStorageClass: '' });
  });

  it('changing one field keeps the other parameters and their order', () => {
    const out = write({
      b: '2', hostStorageClass: 'x', a: '1'
    }, (p) => chooseHostStorageClass(p, 'replica-2'));

    expect(Object.entries(out)).toEqual([['b', '2'], ['hostStorageClass', 'replica-2'], ['a', '1']]);
  });

  it('host volume mode: filesystem or no parameter; an unknown saved value is kept when re-picked', () => {
    expect(write({}, (p) => chooseHostVolumeMode(p, 'filesystem'))).toEqual({ hostVolumeMode: 'filesystem' });
    expect(write({ hostVolumeMode: 'filesystem' }, (p) => chooseHostVolumeMode(p, undefined))).toEqual({});
    expect(write({ hostVolumeMode: 'Block' }, (p) => chooseHostVolumeMode(p, 'Block'))).toEqual({ hostVolumeMode: 'Block' });
  });

  it('key/value edits replace the other parameters only', () => {
    const out = write({
      hostStorageClass: 'r2', a: '1', b: '2'
    }, (p) => replaceOthers(p, { b: '3', c: '' }));

    expect(Object.entries(out)).toEqual([['hostStorageClass', 'r2'], ['b', '3'], ['c', '']]);
  });

  it('a managed key typed in the key/value list goes to its field', () => {
    const out = write({ hostStorageClass: 'r2' }, (p) => replaceOthers(p, { hostStorageClass: 'single-replica' }));

    expect(out).toEqual({ hostStorageClass: 'single-replica' });
    expect(readParameters(out).others).toEqual({});
  });
});

describe('validateParameters', () => {
  const names = ['harvester-longhorn', 'replica-2'];

  it('an invalid name is an error; a name the host lacks is a warning; nothing is checked for host default', () => {
    expect(validateParameters({ hostStorageClass: 'Bad_Name', others: {} }, names).errors).toEqual([{
      field: 'hostStorageClass', key: 'invalidName', args: { name: 'Bad_Name' }
    }]);
    expect(validateParameters({ hostStorageClass: 'gold', others: {} }, names)).toEqual({
      errors:   [],
      warnings: [{
        field: 'hostStorageClass', key: 'notOnHost', args: { name: 'gold' }
      }]
    });
    expect(validateParameters({ hostStorageClass: 'replica-2', others: {} }, names)).toEqual({ errors: [], warnings: [] });
    expect(validateParameters({ others: {} }, names)).toEqual({ errors: [], warnings: [] });
  });

  it('without the host list a valid name gets no warning', () => {
    expect(validateParameters({ hostStorageClass: 'gold', others: {} }, null)).toEqual({ errors: [], warnings: [] });
  });

  // R-CSI-2: harvester-csi-driver `validStorageClass("")` fails every CreateVolume; a near-miss of filesystem is
  // silently ignored (R-CSI-3), so both block a class whose parameters can never change.
  it('refuses an empty class name and a near-miss of filesystem; warns about other volume modes', () => {
    expect(validateParameters({
      hostStorageClass: '', hostVolumeMode: 'Filesystem', others: {}
    }, names).errors.map((w) => w.key)).toEqual(['emptyHostStorageClass', 'volumeModeCase']);
    expect(validateParameters({ hostVolumeMode: 'block', others: {} }, names).warnings.map((w) => w.key)).toEqual(['ignoredVolumeMode']);
  });

  // R-ED-1: a typed class name is kept as typed and flagged, never trimmed.
  it('keeps a class name with blanks as typed and flags it', () => {
    const next = chooseHostStorageClass({ others: {} }, ' replica-2');

    expect(next.hostStorageClass).toBe(' replica-2');
    expect(validateParameters(next, names).errors.map((e) => e.key)).toEqual(['invalidName']);
  });

  // R-CSI-4: hostVolumeMode is read from driver v0.2.4 (chart 0.1.25).
  it('warns that a driver older than v0.2.4 ignores hostVolumeMode', () => {
    expect(validateParameters({ hostVolumeMode: 'filesystem', others: {} }, names, '0.2.3').warnings.map((w) => w.key)).toEqual(['volumeModeTooOld']);
    expect(validateParameters({ hostVolumeMode: 'filesystem', others: {} }, names, '0.2.4').warnings).toEqual([]);
  });
});
