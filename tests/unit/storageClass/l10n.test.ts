import IntlMessageFormat from 'intl-messageformat';
import { allStrings, leaves } from '../../harness/l10n';

const enUs = allStrings('en-us');
const zhHans = allStrings('zh-hans');

// Key parity over every namespace: tests/unit/l10n/parity.test.ts.
describe('harvesterStorage translations', () => {
  const en = leaves((enUs as any).harvesterStorage);
  const zh = leaves((zhHans as any).harvesterStorage);

  it('are real translations and parse as the shell parses them (ICU, tags not allowed)', () => {
    for (const [key, msg] of [...en, ...zh]) {
      expect(typeof msg).toBe('string');
      if (msg.includes('{')) {
        expect(() => new IntlMessageFormat(msg, 'en').format({
          name: 'n', count: '2', detail: 'd', mode: 'm', version: 'v', min: '0.1.15', namespace: 'ns', value: 'x', support: 's', key: 'k'
        })).not.toThrow();
      }
      expect(`${ key }:${ msg }`).not.toMatch(/[<>]/);
    }
    const zhText = zh.filter(([k]) => !['hostVolumeMode.filesystem', 'hostStorageClass.rwx.mark'].includes(k));

    expect(zhText.every(([, msg]) => /[\u4e00-\u9fff]/.test(msg))).toBe(true);
  });
});
