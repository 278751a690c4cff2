/** @jest-environment node */
/**
 * Each screen renders with the strings it shows: the packs its loader brings (`withStrings([...], () => import(…))` in
 * the feature's register.ts) must hold every key its code can ask for, read from the code of the screen and of
 * everything it imports, lazily too (a map loaded on a click comes without a loader of its own). The entry's own
 * code (columns, tabs, actions, cards) reads only the start-up folder and the `guest` pack, which the entry loads
 * when it finds a Harvester guest. A key is a literal (`'harvesterTopology.card.title'`) or the start of a template
 * (`` `harvesterOverview.${ k }` ``: every key under `harvesterOverview.`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { allStrings, leaves } from '../../harness/l10n';

const PKG = path.resolve(__dirname, '../../../pkg/harvester-cloud-ui');
const START = ['l10n'];
const ENTRY_PACKS = [...START, 'guest'];

const EXTENSIONS = ['', '.ts', '.vue', '/index.ts'];

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith('@pkg/') ? path.join(PKG, spec.slice(5)) : path.resolve(path.dirname(from), spec);

  return EXTENSIONS.map((e) => base + e).find((f) => fs.existsSync(f) && fs.statSync(f).isFile()) || null;
}

/** The module and everything it imports inside the extension; `lazy: false` leaves out lazily imported modules. */
export function moduleGraph(file: string, lazy = true): string[] {
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f) || !/\.(ts|vue)$/.test(f)) {
      return;
    }
    seen.add(f);
    const src = fs.readFileSync(f, 'utf8');
    const specs = [
      ...[...src.matchAll(/(?:^|\n)\s*(?:import|export)\s(?!type\s)[^;]*?from\s+'([.@][^']+)'/g)].map((m) => m[1]),
      ...[...src.matchAll(/require\('([.@][^']+)'\)/g)].map((m) => m[1]),
      ...(lazy ? [...src.matchAll(/import\('([.@][^']+)'\)/g)].map((m) => m[1]) : []),
    ];

    specs.filter((s) => s.startsWith('.') || s.startsWith('@pkg/')).forEach((s) => {
      const hit = resolve(f, s);

      if (hit) {
        visit(hit);
      }
    });
  };

  visit(file);

  return [...seen];
}

/** The keys and key prefixes a module's code names, within the given namespaces. */
export function keysIn(src: string, namespaces: string[]): { keys: string[]; prefixes: string[] } {
  const keys = new Set<string>();
  const prefixes = new Set<string>();

  for (const m of src.matchAll(/['"`](harvester[A-Z][A-Za-z]*)((?:\.[A-Za-z0-9_-]+)*)(\.?)(\$\{|['"`])/g)) {
    const [, ns, rest, dot, end] = m;

    if (!namespaces.includes(ns)) {
      continue;
    }
    if (end === '${' || (!rest && !dot)) {
      // A template goes on after it, or the namespace alone (joined with a key later): everything under it.
      prefixes.add(`${ ns }${ rest }.`);
    } else if (!dot) {
      keys.add(`${ ns }${ rest }`);
    }
  }

  return { keys: [...keys], prefixes: [...prefixes] };
}

/** What the code may ask for that the packs do not hold. */
export function missingFrom(files: string[], packs: string[]): string[] {
  const everything = leaves(allStrings('en-us')).map(([k]) => k);
  const namespaces = [...new Set(everything.map((k) => k.split('.')[0]))];
  const held = new Set(leaves(allStrings('en-us', packs)).map(([k]) => k));
  const out = new Set<string>();

  files.forEach((f) => {
    const { keys, prefixes } = keysIn(fs.readFileSync(f, 'utf8'), namespaces);
    const where = path.relative(PKG, f);

    keys.filter((k) => everything.includes(k) && !held.has(k)).forEach((k) => out.add(`${ where }: ${ k }`));
    prefixes.forEach((p) => everything.filter((k) => k.startsWith(p) && !held.has(k)).forEach((k) => out.add(`${ where }: ${ k } (under ${ p })`)));
  });

  return [...out].sort();
}

/** Every `withStrings([...], () => import('…'))` of the registration files, and lazy imports left bare. */
function screenLoaders(): { component: string; packs: string[]; in: string }[] {
  const registers = fs.readdirSync(PKG, { withFileTypes: true }).filter((e) => e.isDirectory())
    .map((e) => path.join(PKG, e.name, 'register.ts')).filter((f) => fs.existsSync(f));

  return registers.flatMap((file) => {
    const src = fs.readFileSync(file, 'utf8');
    const wrapped = [...src.matchAll(/withStrings\(\[([^\]]*)\],\s*\(\)\s*=>\s*import\('([^']+)'\)\)/g)].map((m) => ({
      component: resolve(file, m[2]) as string,
      packs:     [...m[1].matchAll(/'([^']+)'/g)].map((p) => p[1]),
      in:        path.relative(PKG, file),
    }));
    const bare = [...src.matchAll(/(?<!withStrings\(\[[^\]]*\],\s*)\(\)\s*=>\s*import\('([^']+)'\)/g)].map((m) => ({
      component: `${ m[1] } (no withStrings)`, packs: [], in: path.relative(PKG, file)
    }));

    return [...wrapped, ...bare];
  });
}

describe('each screen loads the strings it shows', () => {
  const loaders = screenLoaders();

  it('every component a feature registers comes through withStrings', () => {
    expect(loaders.filter((l) => l.component.endsWith('(no withStrings)')).map((l) => `${ l.in }: ${ l.component }`)).toEqual([]);
    expect(loaders.length).toBeGreaterThanOrEqual(11);
  });

  it.each(loaders.filter((l) => !l.component.endsWith('(no withStrings)')).map((l) => [path.relative(PKG, l.component), l]))('%s', (_name, l) => {
    expect(missingFrom(moduleGraph(l.component), [...START, ...l.packs])).toEqual([]);
  });

  it('the entry (registration, columns, actions) reads only the start-up strings and the guest pack', () => {
    expect(missingFrom(moduleGraph(path.join(PKG, 'index.ts'), false), ENTRY_PACKS)).toEqual([]);
  });

  it('finds a key its packs lack, and every key under a template\'s start', () => {
    const dir = fs.mkdtempSync(path.join(PKG, '..', '..', 'tmp', 'packs-'));

    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => 'harvesterTopology.card.title';\n");
      // A key from a template, as a component writes one.
      fs.writeFileSync(path.join(dir, 'b.vue'), `<template>{{ t(\`harvesterSetup.$\{ k }\`) }}</template>\n`);
      const found = missingFrom(moduleGraph(path.join(dir, 'a.ts')), ['topology']);

      expect(found).toContain(`../../tmp/${ path.basename(dir) }/a.ts: harvesterTopology.card.title`);
      expect(found.filter((f) => f.includes('(under harvesterSetup.)')).length).toBeGreaterThan(10);
      expect(missingFrom(moduleGraph(path.join(dir, 'a.ts')), ['guest', 'setup'])).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
