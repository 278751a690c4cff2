/**
 * Bundle sizes of the built extension (dist-pkg) and what each chunk carries (issue 13): the entry, every lazy chunk,
 * and for each screen the chunks the browser loads to open it, found from the entry's lazy-import groups and the
 * chunks' source maps. Libraries the Rancher page already has are named per chunk with who imports them (the import
 * chain read from the source maps' sourcesContent). Used by `npm run bench` (index.ts) and by the build check in
 * `npm test` (bundleCheck.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const KIB = 1024;

/** One screen of the extension: the components whose chunks load to show it. Add a row for a new screen. */
export interface ScreenDef {
  id: string;
  title: string;
  /** Source paths (relative to pkg/harvester-cloud-ui) of the components loaded, in order, to show the screen. */
  components: string[];
  /** Gzipped bytes of extension code loaded for the screen, the entry and the l10n chunks excluded. */
  budget: number;
  /** Whether `npm test` fails on this screen; the others are reported only (see docs/performance.md). */
  enforced: boolean;
}

/**
 * The entry alone (issue 13). Reported, not enforced since issue 26: what every page pays is the start-up cost
 * (entry + start-up strings, bundleStartup.ts), and the entry now carries the loader that took the strings out of it.
 */
export const ENTRY_BUDGET = 10 * KIB;

export const SCREENS: ScreenDef[] = [
  {
    id: 'lbTab', title: 'Service Add-on Config tab', components: ['addOnConfig/AddOnConfigTab.vue'], budget: 30 * KIB, enforced: true
  },
  {
    id: 'lbColumns', title: 'Service list/detail LB columns', components: ['addOnConfig/serviceColumns.ts'], budget: 30 * KIB, enforced: true
  },
  {
    id: 'storageForm', title: 'StorageClass provisioner form', components: ['storageClass/StorageClassEdit.vue', 'storageClass/HarvesterProvisioner.vue'], budget: 30 * KIB, enforced: true
  },
  {
    id: 'topologyPage', title: 'Topology page', components: ['topology/TopologyView.vue'], budget: 30 * KIB, enforced: true
  },
  {
    id: 'topologyCard', title: 'Topology dashboard card', components: ['topology/TopologyCard.vue'], budget: 30 * KIB, enforced: true
  },
  {
    id: 'overviewPage', title: 'Harvester integration page', components: ['overview/OverviewPage.vue'], budget: 30 * KIB, enforced: true
  },
  {
    id: 'setupPage', title: 'Harvester integration set-up page', components: ['setup/SetupPage.vue'], budget: 30 * KIB, enforced: true
  },
  {
    id: 'overviewCard', title: 'Harvester integration card', components: ['overview/OverviewCard.vue'], budget: 30 * KIB, enforced: true
  },
  {
    id: 'snapshotClass', title: 'VolumeSnapshotClass page', components: ['snapshotclass/SnapshotClassEdit.vue'], budget: 30 * KIB, enforced: true
  },
  {
    id: 'loadBalancersPage', title: 'Load Balancers page', components: ['loadBalancersPage/LoadBalancersPage.vue'], budget: 30 * KIB, enforced: true
  },
  {
    id: 'pvcSnapshots', title: 'PVC Volume snapshots tab', components: ['volumesnapshot/PvcSnapshots.vue'], budget: 30 * KIB, enforced: true
  },
  {
    id: 'volumeSnapshotsList', title: 'VolumeSnapshots list', components: ['volumesnapshot/SnapshotsPage.vue'], budget: 30 * KIB, enforced: true
  },
];

/**
 * Libraries the Rancher page has already loaded (the dashboard bundles them, or the shell's components that use
 * them): an extension chunk carrying one is a second copy. The first rule a module matches names it; the shell's
 * own modules are all on the page, so any other than the type/enum module the extension API needs counts.
 */
export const HOST_LIBRARIES: { name: string; test: RegExp }[] = [
  { name: 'vuex', test: /node_modules\/vuex\// },
  { name: 'vee-validate', test: /node_modules\/(@vee-validate\/[^/]+|vee-validate)\// },
  { name: 'jsonpath-plus', test: /node_modules\/jsonpath-plus\// },
  { name: 'cronstrue', test: /node_modules\/cronstrue\// },
  { name: 'cron-validator', test: /node_modules\/cron-validator\// },
  { name: 'semver', test: /node_modules\/semver\// },
  { name: 'buffer', test: /node_modules\/buffer\// },
  { name: 'base64-js', test: /node_modules\/base64-js\// },
  { name: 'ieee754', test: /node_modules\/ieee754\// },
  { name: 'lodash', test: /node_modules\/lodash(-es)?\// },
  { name: 'dayjs', test: /node_modules\/dayjs\// },
  { name: 'file-saver', test: /node_modules\/file-saver\// },
  { name: 'clipboard-polyfill', test: /node_modules\/clipboard-polyfill\// },
  { name: 'codemirror', test: /node_modules\/(codemirror|vue-codemirror|@codemirror\/[^/]+)\// },
  { name: 'vue-select', test: /node_modules\/vue-select\// },
  { name: 'floating-vue', test: /node_modules\/floating-vue\// },
  { name: '@popperjs/core', test: /node_modules\/@popperjs\/core\// },
  { name: 'js-yaml', test: /node_modules\/js-yaml\// },
  { name: 'axios', test: /node_modules\/axios\// },
  { name: 'vue-router', test: /node_modules\/vue-router\/|@rancher\/shell\/pkg\/vue-router/ },
  { name: 'shell SortableTable', test: /@rancher\/shell\/components\/SortableTable\// },
  { name: 'shell KeyValue', test: /@rancher\/shell\/components\/form\/KeyValue\.vue/ },
  { name: 'shell CodeMirror', test: /@rancher\/shell\/components\/CodeMirror\.vue/ },
  { name: 'shell LabeledInput', test: /@rancher\/shell\/rancher-components\/Form\/LabeledInput\// },
  { name: 'shell LabeledSelect', test: /@rancher\/shell\/components\/form\/LabeledSelect\.vue/ },
  { name: 'shell Banner', test: /@rancher\/shell\/rancher-components\/Banner\// },
  { name: 'shell Checkbox', test: /@rancher\/shell\/rancher-components\/Form\/Checkbox\// },
  { name: 'shell RadioGroup', test: /@rancher\/shell\/rancher-components\/Form\/Radio\// },
  { name: 'shell BadgeState', test: /@rancher\/shell\/rancher-components\/BadgeState\// },
  // Registration enums (TabLocation, TableColumnLocation…): a few hundred bytes the extension API requires.
  { name: 'shell (other)', test: /@rancher\/shell\/(?!core\/types\.ts$)/ },
];

export interface LibraryUse {
  name: string;
  /** Modules of the library in the chunk. */
  modules: string[];
  /** Shortest import chain from an extension module to the library, e.g. ['addOnConfig/X.vue', '@shell/…', 'vuex/…']. */
  importedBy: string[];
}

export interface ChunkInfo {
  file: string;
  id: string;
  bytes: number;
  gzip: number;
  modules: string[];
  libraries: LibraryUse[];
  /** Strings: the start-up ones (`l10n/`, bundleStartup.ts) or a pack (`strings/`, with its feature), not a screen's code. */
  l10n: boolean;
}

export interface ScreenResult {
  def: ScreenDef;
  /** Chunks loaded beyond the entry to show the screen (l10n excluded); none when it lives in the entry. */
  chunks: ChunkInfo[];
  /** Chunks the screen's code may load later (on a click): checked for libraries, not counted in its size. */
  later: ChunkInfo[];
  gzip: number;
  found: boolean;
}

export interface BundleReport {
  entry: ChunkInfo;
  chunks: ChunkInfo[];
  screens: ScreenResult[];
}

const gz = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;

/**
 * A source-map path as a module name: `pkg:<path>` for the extension's own files, `node_modules/<pkg>/…` for
 * packages (the maps say `../node_modules`, `../../node_modules` or `javascript/node_modules`), `webpack:…` else.
 */
export function moduleName(source: string): string {
  const s = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/\?[0-9a-f]+$/, '');
  const nm = s.lastIndexOf('node_modules/');

  if (nm >= 0 && !s.startsWith('./node_modules/@rancher/auto-import')) {
    return s.slice(nm);
  }
  if (s.startsWith('./')) {
    return `pkg:${ s.slice(2) }`;
  }

  return `webpack:${ s }`;
}

export function libraryOf(module: string): string | null {
  return HOST_LIBRARIES.find((l) => l.test.test(module))?.name ?? null;
}

const IMPORT_RE = /(?:import|export)\s+(?:type\s+)?[^'";]*?\sfrom\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.js', '.vue', '.mjs', '.cjs', '/index.ts', '/index.js', '/index.vue', '/index.mjs'];

/** The import specifiers of a module's source (type-only imports left out: they are erased). */
export function importsOf(content: string): string[] {
  return [...content.matchAll(IMPORT_RE)]
    .filter((m) => !/^(import|export)\s+type\s/.test(m[0]))
    .map((m) => m[1] || m[2] || m[3] || m[4]);
}

/** Resolves an import specifier of `from` to one of `known` modules, as the build's aliases do (@shell, @components, @pkg). */
export function resolveImport(from: string, spec: string, known: Set<string>): string | null {
  let base: string;

  if (spec.startsWith('.')) {
    const dir = path.posix.dirname(from.startsWith('pkg:') ? from.slice(4) : from);
    const joined = path.posix.normalize(path.posix.join(dir, spec));

    base = from.startsWith('pkg:') ? `pkg:${ joined }` : joined;
  } else if (spec.startsWith('@shell/')) {
    base = `node_modules/@rancher/shell/${ spec.slice(7) }`;
  } else if (spec.startsWith('@components/')) {
    base = `node_modules/@rancher/shell/rancher-components/${ spec.slice(12) }`;
  } else if (spec.startsWith('@pkg/')) {
    base = `pkg:${ spec.slice(5) }`;
  } else {
    const bare = `node_modules/${ spec }`;
    const exact = EXTENSIONS.map((e) => bare + e).find((c) => known.has(c));

    if (exact) {
      return exact;
    }
    const pkgName = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];

    return [...known].find((k) => k.startsWith(`node_modules/${ pkgName }/`)) || null;
  }

  const direct = EXTENSIONS.map((e) => base + e).find((c) => known.has(c));

  if (direct) {
    return direct;
  }
  // A folder's index.ts re-exporting its component is concatenated away: take the folder's module of the same name.
  const inFolder = [...known].filter((k) => k.startsWith(`${ base }/`));

  return inFolder.find((k) => path.posix.parse(k).name === path.posix.basename(base)) || inFolder[0] || null;
}

/** Who imports whom, across all chunks (an import chain may cross chunks). */
export function importGraph(sources: Map<string, string>): Map<string, Set<string>> {
  const known = new Set(sources.keys());
  const importers = new Map<string, Set<string>>();

  for (const [mod, content] of sources) {
    for (const spec of importsOf(content)) {
      const target = resolveImport(mod, spec, known);

      if (target && target !== mod) {
        (importers.get(target) || importers.set(target, new Set()).get(target) as Set<string>).add(mod);
      }
    }
  }

  return importers;
}

/** The shortest chain extension module → … → `target` along `importers`, or just [target] when none is found. */
export function importChain(target: string, importers: Map<string, Set<string>>): string[] {
  const prev = new Map<string, string | null>([[target, null]]);
  const queue = [target];

  while (queue.length) {
    const cur = queue.shift() as string;

    if (cur.startsWith('pkg:') && cur !== target) {
      const chain = [cur];
      let at = prev.get(cur);

      while (at) {
        chain.push(at);
        at = prev.get(at);
      }

      return chain;
    }
    for (const next of importers.get(cur) || []) {
      if (!prev.has(next)) {
        prev.set(next, cur);
        queue.push(next);
      }
    }
  }

  return [target];
}

/** A module name as people write it: `addOnConfig/X.vue`, `@shell/components/…`, `vuex/dist/…`. */
export function shortName(module: string): string {
  return module.replace(/^pkg:/, '').replace(/^node_modules\/@rancher\/shell\/rancher-components\//, '@components/')
    .replace(/^node_modules\/@rancher\/shell\//, '@shell/')
    .replace(/^node_modules\//, '');
}

function readMap(file: string): { sources: string[]; sourcesContent?: (string | null)[] } {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { sources: [] };
}

export function measureBundle(distDir: string, screens: ScreenDef[] = SCREENS): BundleReport {
  const files = fs.readdirSync(distDir).filter((f) => f.endsWith('.js'));
  const entryFile = files.find((f) => /\.umd\.min\.js$/.test(f));

  if (!entryFile) {
    throw new Error(`no built extension in ${ distDir }: run npm run build-pkg harvester-cloud-ui first`);
  }
  const maps = new Map(files.map((f) => [f, readMap(path.join(distDir, `${ f }.map`))]));
  const sources = new Map<string, string>();

  maps.forEach((m) => m.sources.forEach((src, i) => {
    const name = moduleName(src);
    const content = m.sourcesContent?.[i];

    // The original file (a .vue SFC) and its compiled parts share a name: keep every part's imports.
    sources.set(name, `${ sources.get(name) || '' }\n${ content || '' }`);
  }));
  const importers = importGraph(sources);

  const info = (file: string): ChunkInfo => {
    const buf = fs.readFileSync(path.join(distDir, file));
    const modules = [...new Set((maps.get(file)?.sources || []).map(moduleName))];
    const byLib = new Map<string, string[]>();

    modules.forEach((m) => {
      const lib = libraryOf(m);

      if (lib) {
        byLib.set(lib, [...(byLib.get(lib) || []), m]);
      }
    });

    return {
      file,
      id:        file.replace(/^.*\.umd\.min\.?/, '').replace(/\.?js$/, '') || 'entry',
      bytes:     buf.length,
      gzip:      gz(buf),
      modules,
      libraries: [...byLib].map(([name, mods]) => {
        const chains = mods.map((m) => importChain(m, importers));

        return {
          name, modules: mods, importedBy: chains.filter((c) => c[0].startsWith('pkg:')).sort((a, b) => a.length - b.length)[0] || chains[0]
        };
      }),
      l10n: modules.length > 0 && modules.every((m) => /^pkg:(l10n|strings)\/.*\.ya?ml$/.test(m)),
    };
  };
  const entry = info(entryFile);
  const chunks = files.filter((f) => f !== entryFile).map(info);
  const byId = new Map(chunks.map((c) => [c.id, c]));
  // Lazy imports compile to `Promise.all([r.e(1),r.e(2)])` or `r.e(1)`: the chunk groups loaded together,
  // in the entry or, for imports made by lazily loaded code, in other chunks.
  const groupsIn = (file: string) => [...fs.readFileSync(path.join(distDir, file), 'utf8').matchAll(/Promise\.all\(\[([^\]]*)\]\)|\b[a-zA-Z_$]\.e\((\d+)\)/g)]
    .map((m) => (m[1] ? [...m[1].matchAll(/\.e\((\d+)\)/g)].map((x) => x[1]) : [m[2]]));
  const groups = files.flatMap(groupsIn);

  const screenResults = screens.map((def): ScreenResult => {
    const ids = new Set<string>();
    let found = true;

    def.components.forEach((component) => {
      const mod = `pkg:${ component }`;

      if (entry.modules.includes(mod)) {
        return;
      }
      const home = chunks.find((c) => c.modules.includes(mod));

      if (!home) {
        found = false;

        return;
      }
      const group = groups.filter((g) => g.includes(home.id)).sort((a, b) => b.length - a.length)[0] || [home.id];

      group.forEach((id) => ids.add(id));
    });
    const loaded = [...ids].map((id) => byId.get(id)).filter((c): c is ChunkInfo => !!c && !c.l10n);
    // What the loaded chunks may fetch later themselves (e.g. a download helper on click).
    const later = new Set<string>();
    const visit = (c: ChunkInfo) => groupsIn(c.file).flat().forEach((id) => {
      if (!ids.has(id) && !later.has(id)) {
        later.add(id);
        const next = byId.get(id);

        if (next) {
          visit(next);
        }
      }
    });

    loaded.forEach(visit);

    return {
      def,
      chunks: loaded,
      later:  [...later].map((id) => byId.get(id)).filter((c): c is ChunkInfo => !!c && !c.l10n),
      gzip:   loaded.reduce((n, c) => n + c.gzip, 0),
      found,
    };
  });

  return {
    entry, chunks, screens: screenResults
  };
}

export interface BundleProblem {
  enforced: boolean;
  message: string;
}

const kib = (n: number) => `${ (n / KIB).toFixed(1) } KiB`;

function libraryLines(c: ChunkInfo): string[] {
  return c.libraries.map((l) => `${ l.name } (${ l.modules.length } module${ l.modules.length === 1 ? '' : 's' }), imported by ${ l.importedBy.map(shortName).join(' → ') }`);
}

/**
 * Every breach of the budgets: the entry over 10 KiB (reported) or carrying a host library, a screen over its budget
 * or loading a chunk that carries one, and a chunk no screen accounts for that carries one. `enforced` says whether
 * `npm test` fails on it (the screen's flag; a host library always). The start-up budget is bundleStartup.ts's.
 */
export function bundleProblems(report: BundleReport): BundleProblem[] {
  const out: BundleProblem[] = [];

  if (report.entry.gzip > ENTRY_BUDGET) {
    out.push({ enforced: false, message: `entry ${ report.entry.file }: ${ kib(report.entry.gzip) } gzipped, budget ${ kib(ENTRY_BUDGET) }` });
  }
  libraryLines(report.entry).forEach((l) => out.push({ enforced: true, message: `entry ${ report.entry.file } carries ${ l }` }));
  const accounted = new Set<string>();

  report.screens.forEach((s) => {
    const { def } = s;

    if (!s.found) {
      out.push({ enforced: def.enforced, message: `${ def.id }: none of ${ def.components.join(', ') } found in the build` });
    }
    if (s.gzip > def.budget) {
      out.push({ enforced: def.enforced, message: `${ def.id } (${ def.title }): ${ kib(s.gzip) } gzipped beyond the entry, budget ${ kib(def.budget) }` });
    }
    [...s.chunks, ...s.later].forEach((c) => {
      accounted.add(c.id);
      libraryLines(c).forEach((l) => out.push({ enforced: def.enforced, message: `${ def.id }: chunk ${ c.file } carries ${ l }` }));
    });
  });
  report.chunks.filter((c) => !accounted.has(c.id) && !c.l10n).forEach((c) => libraryLines(c).forEach((l) => out.push({ enforced: true, message: `chunk ${ c.file } (no screen in scripts/bench/bundle.ts SCREENS loads it) carries ${ l }` })));

  // One line per breach even when several screens share the chunk.
  return out.filter((p, i) => out.findIndex((q) => q.message === p.message) === i);
}

/** The report `npm run bench` and the build check print: per screen its size, chunks and their libraries. */
export function formatBundle(report: BundleReport): string[] {
  const lines: string[] = [];
  const chunkLine = (c: ChunkInfo) => {
    const libs = c.libraries.map((l) => l.name);

    return `    ${ c.file }: ${ kib(c.gzip) }${ libs.length ? ` — host libraries: ${ libs.join(', ') }` : ' — no host library' }`;
  };

  lines.push(`entry ${ report.entry.file }: ${ kib(report.entry.gzip) } gzipped (${ kib(ENTRY_BUDGET) } reported; the start-up budget below holds)${ report.entry.libraries.length ? ` — host libraries: ${ report.entry.libraries.map((l) => l.name).join(', ') }` : '' }`);
  report.screens.forEach((s) => {
    const verdict = s.gzip <= s.def.budget ? 'within' : 'OVER';

    lines.push(`${ s.def.id } (${ s.def.title }): ${ kib(s.gzip) } gzipped beyond the entry, ${ verdict } budget ${ kib(s.def.budget) }${ s.def.enforced ? '' : ' [reported, not enforced]' }`);
    if (!s.chunks.length) {
      lines.push(s.found ? '    (in the entry: no extra download)' : '    (not found in the build)');
    }
    s.chunks.forEach((c) => lines.push(chunkLine(c)));
    s.later.forEach((c) => lines.push(`${ chunkLine(c) } (loaded later, on use)`));
  });
  // The strings: bundleStartup.ts formats them (start-up cost, packs).

  return lines;
}
