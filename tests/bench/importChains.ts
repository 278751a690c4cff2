/**
 * The modules of a build as its source maps name them, and who imports whom (read from the maps' sourcesContent):
 * the import chain that pulls a library into a chunk.
 */
import path from 'node:path';

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
