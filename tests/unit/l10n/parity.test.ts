import IntlMessageFormat from 'intl-messageformat';
import { leaves, locales, packNames, stringFiles } from '../../harness/l10n';

// Every user-facing string is in en-us and zh-hans under the same keys: a key missing in one locale shows the
// raw key (or English) to that locale's users. The strings are split in files loaded at different times (the
// start-up folder l10n/, the packs in strings/): each file's pair has the same keys, and a key lives in one file.
describe('the extension\'s translations', () => {
  const all = locales();
  const keys = (tree: any) => leaves(tree).map(([k]) => k).sort();

  it('has en-us and zh-hans, and nothing but them, in the start-up folder and every pack', () => {
    expect(Object.keys(all).sort()).toEqual(['en-us', 'zh-hans']);
    const byFile = new Map<string, string[]>();

    stringFiles().forEach((f) => byFile.set(f.name, [...(byFile.get(f.name) || []), f.locale].sort()));
    expect([...byFile.keys()].sort()).toEqual(['l10n', ...packNames()].sort());
    byFile.forEach((loc, name) => expect({ name, locales: loc }).toEqual({ name, locales: ['en-us', 'zh-hans'] }));
  });

  it('has the same keys in every locale as in en-us, file by file', () => {
    const files = stringFiles();

    expect(keys(all['en-us']).length).toBeGreaterThan(300);
    files.filter((f) => f.locale !== 'en-us').forEach((f) => {
      const en = keys(files.find((e) => e.name === f.name && e.locale === 'en-us')?.tree);
      const other = keys(f.tree);

      expect({
        file: f.name, locale: f.locale, missing: en.filter((k) => !other.includes(k)), extra: other.filter((k) => !en.includes(k))
      }).toEqual({
        file: f.name, locale: f.locale, missing: [], extra: []
      });
    });
  });

  it('has each key in one file only: a pack loaded later would replace the other\'s words', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];

    stringFiles().filter((f) => f.locale === 'en-us').forEach((f) => keys(f.tree).forEach((k) => {
      if (seen.has(k)) {
        twice.push(`${ k } (${ seen.get(k) }, ${ f.name })`);
      }
      seen.set(k, f.name);
    }));
    expect(twice).toEqual([]);
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
