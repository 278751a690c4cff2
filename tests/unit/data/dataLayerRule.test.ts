/* eslint-disable no-template-curly-in-string -- the fixtures are source code with template literals in it */
import { lintCounts } from '../../harness/lint';

/**
 * The data layer's lint rule (scripts/eslint/dataLayer.mjs, issue 26): a feature that asks the store itself, writes
 * a Steve query or an API path, or imports the dashboard's own code is refused, in .ts and .vue files alike; data/
 * (and shellAdapter/) may. Run through ESLint's own API with the project's config.
 */
const VIOLATIONS: Record<string, string> = {
  dispatch:    'export const f = (s: any) => s.dispatch(\'cluster/request\', { url: s.x });',
  getters:     'export const f = (s: any) => s.getters[\'cluster/schemaFor\'](\'service\');',
  clusterId:   'export const f = (s: any) => s.getters.clusterId;',
  urlFor:      'export const f = (g: any) => g.urlFor(\'service\');',
  commit:      'export const f = (s: any) => s.commit(\'cluster/load\', {});',
  filter:      'export const u = (base: string) => `${ base }?filter=spec.type=LoadBalancer`;',
  include:     'export const u = \'/services?include=metadata.name\';',
  pagesize:    'export const u = (base: string) => base + \'&pagesize=1\';',
  clusterPath: 'export const u = (id: string) => `/k8s/clusters/${ id }/v1/nodes`;',
  v1:          'export const u = \'/v1/management.cattle.io.clusters\';',
  exclude:     'export const u = \'/services?exclude=metadata.managedFields\';',
  shellImport: 'import Banner from \'@shell/components/Banner.vue\';\nexport default Banner;',
  destructure: 'export const f = (s: any) => { const { dispatch } = s; return dispatch(\'cluster/find\', {}); };',
  rootGetters: 'export const f = (ctx: any) => ctx.rootGetters[\'cluster/byId\'];',
  rootState:   'export const f = (ctx: any) => ctx.rootState.cluster;',
  storeState:  'export const f = (s: any) => s.state.cluster.types;',
  cutQuery:    'export const f = (u: string) => u.split(\'?\')[0];',
  fullShell:   'import Banner from \'@rancher/shell/components/Banner.vue\';\nexport default Banner;',
};
const ALLOWED: Record<string, string> = {
  translate:  'export const f = (s: any) => s.getters[\'i18n/t\'](\'k\');',
  shellTypes: 'import { IPlugin } from \'@shell/core/types\';\nexport type P = IPlugin;',
  dataCall:   'import { guestList } from \'../data/guest\';\nexport const f = (s: any) => guestList(s, \'service\');',
  words:      'export const apiVersion = \'rbac.authorization.k8s.io/v1\';',
  fullTypes:  'import { IPlugin } from \'@rancher/shell/core/types\';\nexport type P = IPlugin;',
  rowState:   'export const f = (row: { state: string }) => row.state;',
  splitOther: 'export const f = (v: string) => v.split(\',\');',
};
const VUE = '<script lang="ts">\nimport { defineComponent } from \'vue\';\nexport default defineComponent({ created() { this.$store.dispatch(\'cluster/request\', { url: `/k8s/clusters/${ 1 }/v1` }); } });\n</script>\n';

const counts = (file: string, snippets: Record<string, string>) => lintCounts(file, snippets, 'local/data-layer');

describe('the data layer\'s lint rule', () => {
  it('refuses a feature that asks the store, writes a Steve query or path, or imports the dashboard, in .ts and .vue', () => {
    const found = counts('pkg/harvester-cloud-ui/topology/reach.ts', {
      ...VIOLATIONS, ...ALLOWED, vue: VUE
    });

    Object.keys(VIOLATIONS).forEach((name) => expect([name, found[name] > 0]).toEqual([name, true]));
    Object.keys(ALLOWED).forEach((name) => expect([name, found[name]]).toEqual([name, 0]));
    // The component's `dispatch` and its `/k8s/clusters/` path.
    expect(found.vue).toBe(2);
  }, 60000);

  it('accepts the same code in data/ and shellAdapter/', () => {
    const inData = counts('pkg/harvester-cloud-ui/data/reach.ts', { ...VIOLATIONS, vue: VUE });
    const inAdapter = counts('pkg/harvester-cloud-ui/shellAdapter/reach.ts', VIOLATIONS);

    expect(Object.values(inData).every((n) => n === 0)).toBe(true);
    expect(Object.values(inAdapter).every((n) => n === 0)).toBe(true);
  }, 60000);
});
