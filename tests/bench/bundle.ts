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
import { libraryOf, MEASURED, ScreenDef } from './bundleBudgets';
import { importChain, importGraph, moduleName } from './importChains';

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

function readMap(file: string): { sources: string[]; sourcesContent?: (string | null)[] } {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { sources: [] };
}

export function measureBundle(distDir: string, screens: ScreenDef[] = MEASURED): BundleReport {
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
