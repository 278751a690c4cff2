import IntlMessageFormat from 'intl-messageformat';
import { allStrings, leaves } from '../../harness/l10n';

const enUs = allStrings('en-us');
const zhHans = allStrings('zh-hans');

// Key parity over every namespace: tests/unit/l10n/parity.test.ts.
describe('harvesterSnapshotClass translations', () => {
  const en = leaves((enUs as any).harvesterSnapshotClass);
  const zh = leaves((zhHans as any).harvesterSnapshotClass);

  it('are real translations and parse as the shell parses them (ICU, no tags)', () => {
    for (const [key, msg] of [...en, ...zh]) {
      expect(typeof msg).toBe('string');
      expect(() => new IntlMessageFormat(msg, 'en').format({
        name: 'n', version: 'v', min: '0.2.4', backup: '0.2.8', type: 't', policy: 'p', detail: 'd'
      })).not.toThrow();
      expect(`${ key }:${ msg }`).not.toMatch(/[<>]/);
    }
    expect(zh.every(([, msg]) => /[\u4e00-\u9fff]/.test(msg))).toBe(true);
  });
});
