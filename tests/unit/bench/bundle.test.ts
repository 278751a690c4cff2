/**
 * The bundle check's logic (tests/bench/bundle.ts, bundleBudgets.ts, importChains.ts, bundleProblems.ts) on a small
 * made-up build: module names from source maps, host libraries, import chains, screens from the lazy-import groups,
 * and which breaches fail `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureBundle } from '../../bench/bundle';
import { libraryOf, ScreenDef } from '../../bench/bundleBudgets';
import { bundleProblems } from '../../bench/bundleProblems';
import { importChain, importGraph, moduleName, resolveImport } from '../../bench/importChains';

const W = 'webpack://harvester-cloud-ui-0.2.0/';

function chunk(dir: string, file: string, code: string, sources: Record<string, string>) {
  fs.writeFileSync(path.join(dir, file), code);
  fs.writeFileSync(path.join(dir, `${ file }.map`), JSON.stringify({
    version: 3, sources: Object.keys(sources).map((s) => W + s), sourcesContent: Object.values(sources)
  }));
}

/** An entry that lazily loads [1,2] for the tab and [3] for a page; chunk 2 carries vuex through the shell's LabeledSelect. */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-test-'));

  chunk(dir, 'x.umd.min.js', 'Promise.all([r.e(1),r.e(2)]);r.e(3);r.e(9);', {
    './index.ts':                                   "import { TabLocation } from '@shell/core/types';",
    '../node_modules/@rancher/shell/core/types.ts': 'export enum TabLocation {}',
  });
  chunk(dir, 'x.umd.min.1.js', 'a'.repeat(200), {
    './loadbalancer/Tab.vue?1a2b': "import LabeledSelect from '@shell/components/form/LabeledSelect.vue';",
    './loadbalancer/Tab.vue':      '<template></template>',
  });
  chunk(dir, 'x.umd.min.2.js', 'b'.repeat(200), {
    '../node_modules/@rancher/shell/components/form/LabeledSelect.vue': "import { mapGetters } from 'vuex';\nimport type { Store } from 'vuex';",
    'javascript/node_modules/vuex/dist/vuex.esm-bundler.js':            'export const mapGetters = 1;',
  });
  chunk(dir, 'x.umd.min.3.js', Array.from({ length: 4000 }, (_, i) => `${ i * 7919 }`).join(','), { './topology/Page.vue': "import './rows';" });
  chunk(dir, 'x.umd.min.9.js', 'c', { './l10n/en-us.yaml': '' });

  return dir;
}

const screens = (enforceTab: boolean, enforcePage: boolean): ScreenDef[] => [
  {
    id: 'tab', title: 'Tab', components: ['loadbalancer/Tab.vue'], budget: 1024, enforced: enforceTab
  },
  {
    id: 'page', title: 'Page', components: ['topology/Page.vue'], budget: 1024, enforced: enforcePage
  },
  {
    id: 'missing', title: 'Missing', components: ['nowhere/X.vue'], budget: 1024, enforced: false
  },
];

describe('bundle analysis', () => {
  it('names modules as the build\'s source maps spell them', () => {
    expect(moduleName(`${ W }./loadbalancer/Tab.vue?1a2b`)).toBe('pkg:loadbalancer/Tab.vue');
    expect(moduleName(`${ W }../../node_modules/@rancher/shell/components/Loading.vue`)).toBe('node_modules/@rancher/shell/components/Loading.vue');
    expect(moduleName(`${ W }javascript/node_modules/vee-validate/dist/vee-validate.mjs`)).toBe('node_modules/vee-validate/dist/vee-validate.mjs');
  });

  it('knows the host\'s libraries, and lets the shell\'s registration enums through', () => {
    expect(libraryOf('node_modules/lodash/debounce.js')).toBe('lodash');
    expect(libraryOf('node_modules/@rancher/shell/rancher-components/Form/Checkbox/Checkbox.vue')).toBe('shell Checkbox');
    expect(libraryOf('node_modules/@rancher/shell/utils/object.js')).toBe('shell (other)');
    expect(libraryOf('node_modules/@rancher/shell/core/types.ts')).toBeNull();
    expect(libraryOf('node_modules/vue-loader/dist/exportHelper.js')).toBeNull();
    expect(libraryOf('pkg:controls/SelectField.vue')).toBeNull();
  });

  it('resolves imports through the build\'s aliases and folder index files, and finds who pulls a library in', () => {
    const known = new Set(['pkg:a/B.vue', 'node_modules/@rancher/shell/rancher-components/Banner/Banner.vue', 'node_modules/vuex/dist/vuex.js']);

    expect(resolveImport('pkg:a/C.vue', './B.vue', known)).toBe('pkg:a/B.vue');
    expect(resolveImport('pkg:a/C.vue', '@components/Banner', known)).toBe('node_modules/@rancher/shell/rancher-components/Banner/Banner.vue');
    expect(resolveImport('node_modules/x/y.js', 'vuex', known)).toBe('node_modules/vuex/dist/vuex.js');
    const graph = importGraph(new Map([
      ['pkg:a/C.vue', "import { Banner } from '@components/Banner';"],
      ['node_modules/@rancher/shell/rancher-components/Banner/Banner.vue', "import { mapGetters } from 'vuex';"],
      ['node_modules/vuex/dist/vuex.js', ''],
    ]));

    expect(importChain('node_modules/vuex/dist/vuex.js', graph)).toEqual(['pkg:a/C.vue', 'node_modules/@rancher/shell/rancher-components/Banner/Banner.vue', 'node_modules/vuex/dist/vuex.js']);
  });

  it('measures each screen from its lazy-import group, without the entry and the translations', () => {
    const report = measureBundle(fakeBuild(), screens(true, false));
    const [tab, page, missing] = report.screens;

    expect(tab.chunks.map((c) => c.id)).toEqual(['1', '2']);
    expect(tab.gzip).toBe(tab.chunks[0].gzip + tab.chunks[1].gzip);
    expect(tab.chunks[1].libraries).toEqual([
      {
        name: 'shell LabeledSelect', modules: ['node_modules/@rancher/shell/components/form/LabeledSelect.vue'], importedBy: ['pkg:loadbalancer/Tab.vue', 'node_modules/@rancher/shell/components/form/LabeledSelect.vue']
      },
      {
        name: 'vuex', modules: ['node_modules/vuex/dist/vuex.esm-bundler.js'], importedBy: ['pkg:loadbalancer/Tab.vue', 'node_modules/@rancher/shell/components/form/LabeledSelect.vue', 'node_modules/vuex/dist/vuex.esm-bundler.js']
      },
    ]);
    expect(page.gzip).toBeGreaterThan(1024);
    expect(missing.found).toBe(false);
    expect(report.entry.libraries).toEqual([]);
    expect(report.chunks.find((c) => c.id === '9')?.l10n).toBe(true);
  });

  it('fails on an enforced screen carrying a host library or over budget, and only reports the others', () => {
    const dir = fakeBuild();
    const reported = bundleProblems(measureBundle(dir, screens(false, false)));

    expect(reported.filter((p) => p.enforced)).toEqual([]);
    expect(reported.map((p) => p.message)).toEqual(expect.arrayContaining([
      expect.stringMatching(/^tab: chunk x\.umd\.min\.2\.js carries vuex \(1 module\), imported by loadbalancer\/Tab\.vue → @shell\/components\/form\/LabeledSelect\.vue → vuex\//),
      expect.stringMatching(/^page \(Page\): .* KiB gzipped beyond the entry, budget 1\.0 KiB$/),
    ]));
    const enforced = bundleProblems(measureBundle(dir, screens(true, true))).filter((p) => p.enforced).map((p) => p.message);

    expect(enforced).toHaveLength(3);
    expect(enforced.filter((m) => m.startsWith('tab: chunk'))).toHaveLength(2);
  });
});
