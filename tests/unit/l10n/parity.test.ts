import IntlMessageFormat from 'intl-messageformat';
import { leaves, locales } from '../../harness/l10n';

// Every user-facing string is in en-us and zh-hans under the same keys: a key missing in one locale shows the
// raw key (or English) to that locale's users.
describe('the extension\'s translations', () => {
  const all = locales();
  const keys = (locale: string) => leaves(all[locale]).map(([k]) => k).sort();

  it('has en-us and zh-hans, and nothing but them', () => {
    expect(Object.keys(all).sort()).toEqual(['en-us', 'zh-hans']);
  });

  it('has the same keys in every l10n/*.yaml as in en-us, in every namespace', () => {
    const en = keys('en-us');

    expect(en.length).toBeGreaterThan(300);
    Object.keys(all).forEach((locale) => {
      const other = keys(locale);

      expect({
        locale, missing: en.filter((k) => !other.includes(k)), extra: other.filter((k) => !en.includes(k))
      })
        .toEqual({
          locale, missing: [], extra: []
        });
    });
  });

  it('has only strings that parse as ICU messages, as the shell parses them', () => {
    Object.entries(all).forEach(([locale, tree]) => leaves(tree).forEach(([key, msg]) => {
      expect({
        locale, key, type: typeof msg
      }).toEqual({
        locale, key, type: 'string'
      });
      expect(() => new IntlMessageFormat(msg, locale)).not.toThrow();
    }));
  });
});
