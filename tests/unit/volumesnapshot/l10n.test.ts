import { allStrings } from '../../harness/l10n';
import IntlMessageFormat from 'intl-messageformat';

const enUs = allStrings('en-us');
const zhHans = allStrings('zh-hans');

const leaves = (o: any, prefix = ''): [string, string][] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? leaves(v, `${ prefix }${ k }.`) : [[`${ prefix }${ k }`, v as string]]));

describe('harvesterVolumeSnapshot translations', () => {
  const en = leaves((enUs as any).harvesterVolumeSnapshot);
  const zh = leaves((zhHans as any).harvesterVolumeSnapshot);

  it('have the same keys in en-us and zh-hans', () => {
    expect(en.length).toBeGreaterThan(50);
    expect(zh.map(([k]) => k)).toEqual(en.map(([k]) => k));
  });

  it('are real translations and parse as the shell parses them (ICU, no tags)', () => {
    for (const [key, msg] of [...en, ...zh]) {
      expect(typeof msg).toBe('string');
      expect(() => new IntlMessageFormat(msg, 'en').format({
        name: 'n', version: 'v', min: '0.2.4', backup: '0.2.8', type: 't', policy: 'p', detail: 'd', size: 's', message: 'm', key: 'k', value: 'v', endpoint: 'e', count: 2
      })).not.toThrow();
      expect(`${ key }:${ msg }`).not.toMatch(/[<>]/);
    }
    expect(zh.every(([, msg]) => /[\u4e00-\u9fff]/.test(msg))).toBe(true);
  });
});
