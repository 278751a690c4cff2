import { lintCounts } from '../../harness/lint';

/**
 * The lint rule that keeps shellAdapter/ the only door into the dashboard's internals (issue 21): the same code is
 * refused in a feature folder and accepted in shellAdapter/. Run through ESLint's own API with the project's config.
 */
const SNIPPETS: Record<string, string> = {
  parent:       'export const f = (vm: any) => vm.$parent;',
  rootGetters:  'export const f = (row: any) => row.$rootGetters[\'cluster/all\'];',
  asyncLoader:  'export const f = (w: any) => w.__asyncLoader();',
  appContext:   'export const f = (i: any) => i.appContext.components;',
  privateField: 'export const f = (e: any) => e._status;',
  generation:   'export const f = (s: any) => s.getters[\'cluster/generation\'];',
  steveType:    'export const f = (e: any) => e._type;',
  i18nGetter:   'export const f = (s: any) => s.getters[\'i18n/t\'](\'k\');',
};

const restrictedCount = (file: string) => lintCounts(file, SNIPPETS, 'no-restricted-syntax');

describe('the shell-internals lint rule', () => {
  it('refuses reaches into the dashboard outside shellAdapter/, and allows Steve\'s `_type`', () => {
    expect(restrictedCount('pkg/harvester-cloud-ui/topology/reach.ts')).toEqual({
      parent: 1, rootGetters: 1, asyncLoader: 1, appContext: 1, privateField: 1, generation: 1, steveType: 0, i18nGetter: 1
    });
  }, 60000);

  it('accepts them inside shellAdapter/', () => {
    const counts = restrictedCount('pkg/harvester-cloud-ui/shellAdapter/reach.ts');

    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
  }, 60000);
});
