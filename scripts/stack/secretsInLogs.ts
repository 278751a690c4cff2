/**
 * Issue 37: no credential in any log of a run. The credentials are the ones the run made: every file of the stack's
 * `secrets/` (tokens, the `token:` of each kubeconfig and cloud config, the static token file, the service-account
 * signing key); the logs are the stack's (`logs/`, each Pod's `logs/`) and what the suites printed (`tmp/*.log`,
 * what CI shows). A password Rancher logs when it made one up is looked for by its line.
 *   tsx scripts/stack/secretsInLogs.ts [<log folder> …]   (STACK_DIR from the environment; exit 1 when one is found)
 * Prints which secret (by its file) is in which log, never the secret.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RUN_DIR } from '../../lab/core/paths';

export interface Secret { name: string; value: string }

// Shorter values would match by chance; every credential the stack makes is longer.
const MIN_LENGTH = 16;

/** The credentials in one file of `secrets/`, each named by its file (and what in it). */
export function secretsOfFile(name: string, text: string): Secret[] {
  const found: Secret[] = [];

  if (name.endsWith('.token')) {
    found.push({ name, value: text.trim() });
  }
  for (const m of text.matchAll(/^\s*token:\s*"?([^\s"]+)"?\s*$/gm)) {
    found.push({ name: `${ name } token`, value: m[1] });
  }
  for (const m of text.matchAll(/client-key-data:\s*(\S+)/g)) {
    found.push({ name: `${ name } client key`, value: m[1] });
  }
  if (name.endsWith('.csv')) {
    text.split('\n').forEach((l, i) => found.push({ name: `${ name } line ${ i + 1 }`, value: l.split(',')[0].trim() }));
  }
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) {
    // One line of the key's body is enough to know it was printed.
    const body = text.split('\n').filter((l) => l && !l.startsWith('-----'));

    found.push(...body.slice(0, 2).map((value, i) => ({ name: `${ name } key line ${ i + 1 }`, value })));
  }

  return found.filter((s) => s.value.length >= MIN_LENGTH);
}

/** Lines that carry a credential whatever its value. */
const CREDENTIAL_LINES: { name: string; re: RegExp }[] = [
  { name: 'Rancher\'s generated bootstrap password', re: /Bootstrap Password: \S+/ },
];

/** Each secret and credential line found in `log` (its text), by name. */
export function leaksIn(log: string, secrets: Secret[]): string[] {
  return [
    ...secrets.filter((s) => log.includes(s.value)).map((s) => s.name),
    ...CREDENTIAL_LINES.filter((c) => c.re.test(log)).map((c) => c.name),
  ];
}

function filesUnder(dir: string, keep: (f: string) => boolean): string[] {
  if (!fs.existsSync(dir)) {
    return [];
  }

  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .filter(keep);
}

function main(): void {
  const secretDir = path.join(RUN_DIR, 'secrets');
  const secrets = filesUnder(secretDir, () => true).flatMap((f) => secretsOfFile(path.relative(secretDir, f), fs.readFileSync(f, 'utf8')));
  const logs = [
    ...filesUnder(path.join(RUN_DIR, 'logs'), (f) => f.endsWith('.log')),
    ...filesUnder(path.join(RUN_DIR, 'pods'), (f) => f.endsWith('.log')),
    ...process.argv.slice(2).flatMap((d) => filesUnder(d, (f) => f.endsWith('.log'))),
  ];
  const found = logs.flatMap((f) => leaksIn(fs.readFileSync(f, 'utf8'), secrets).map((name) => `${ name } in ${ path.relative(process.cwd(), f) }`));

  console.log(`credentials in logs: ${ secrets.length } credentials of the run looked for in ${ logs.length } logs, ${ found.length } found`);
  found.forEach((f) => console.log(`  ${ f }`));
  process.exitCode = found.length ? 1 : 0;
}

if (require.main === module) {
  main();
}
