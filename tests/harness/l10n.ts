import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { parse } from 'yaml';

const PKG = join(__dirname, '../../pkg/harvester-cloud-ui');

/** The strings the shell loads at start-up on every page (the extension's `l10n/` folder). */
export const L10N_DIR = join(PKG, 'l10n');
/** The packs loaded with their features (`strings/<pack>/<locale>.yaml`, shellAdapter/strings.ts). */
export const PACKS_DIR = join(PKG, 'strings');

/** Every message of a translation tree as [dotted key, message]. */
export const leaves = (o: any, prefix = ''): [string, string][] => Object.entries(o || {}).flatMap(([k, v]) => (
  v && typeof v === 'object' ? leaves(v, `${ prefix }${ k }.`) : [[`${ prefix }${ k }`, v as string]]
));

const read = (file: string) => parse(readFileSync(file, 'utf8'));

/** The packs' names (the folders of `strings/`). */
export function packNames(): string[] {
  return readdirSync(PACKS_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

/** Each file of strings by its name (`l10n` for the start-up folder, else the pack) and locale, parsed as the build parses it. */
export function stringFiles(): { name: string; locale: string; tree: any }[] {
  const start = readdirSync(L10N_DIR).filter((f) => f.endsWith('.yaml')).map((f) => ({
    name: 'l10n', locale: f.replace(/\.yaml$/, ''), tree: read(join(L10N_DIR, f))
  }));
  const packs = packNames().flatMap((pack) => readdirSync(join(PACKS_DIR, pack)).filter((f) => f.endsWith('.yaml')).map((f) => ({
    name: pack, locale: f.replace(/\.yaml$/, ''), tree: read(join(PACKS_DIR, pack, f))
  })));

  return [...start, ...packs];
}

function mergeInto(target: any, source: any): any {
  Object.entries(source || {}).forEach(([k, v]) => {
    if (v && typeof v === 'object') {
      target[k] = mergeInto(target[k] && typeof target[k] === 'object' ? target[k] : {}, v);
    } else {
      target[k] = v;
    }
  });

  return target;
}

/** All of a locale's strings, start-up and every pack, as one tree (what the shell holds once every feature loaded). */
export function allStrings(locale: string, only?: string[]): any {
  return stringFiles().filter((f) => f.locale === locale && (!only || only.includes(f.name))).reduce((all, f) => mergeInto(all, f.tree), {});
}

/** Each locale (file name without `.yaml`) with all its strings. */
export function locales(): Record<string, any> {
  const names = [...new Set(stringFiles().map((f) => f.locale))];

  return Object.fromEntries(names.map((l) => [l, allStrings(l)]));
}

export const hasPacks = () => existsSync(PACKS_DIR);
