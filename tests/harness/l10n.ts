import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { parse } from 'yaml';

export const L10N_DIR = join(__dirname, '../../pkg/harvester-cloud-ui/l10n');

/** Every message of a translation tree as [dotted key, message]. */
export const leaves = (o: any, prefix = ''): [string, string][] => Object.entries(o || {}).flatMap(([k, v]) => (
  v && typeof v === 'object' ? leaves(v, `${ prefix }${ k }.`) : [[`${ prefix }${ k }`, v as string]]
));

/** Each `l10n/*.yaml` by locale (file name without `.yaml`), parsed as the build parses it. */
export function locales(): Record<string, any> {
  return Object.fromEntries(readdirSync(L10N_DIR).filter((f) => f.endsWith('.yaml')).map((f) => [
    f.replace(/\.yaml$/, ''), parse(readFileSync(join(L10N_DIR, f), 'utf8'))
  ]));
}
