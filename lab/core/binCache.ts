/**
 * Linked binaries kept beside Go's build cache, by the stamp of what they were built from (lab/stack/build.ts,
 * harvester/build.ts, rancher/build.ts, lab/chartops/build.ts). Go caches compiled packages but links every
 * `go build` again: on a fresh clone that was about 150 s of CI's build step (Rancher's two binaries per version,
 * kube-apiserver…) for binaries this machine had linked before. The copies live in `<GOCACHE>/harvester-cloud-ui-bin`,
 * so a run with an empty GOCACHE builds everything, as it should, and `go clean -cache` (which removes only its own
 * `00`–`ff` folders) leaves them. Two stamps are kept per kind; older ones are removed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const KEEP = 2;

let goCache: string | undefined;

/** `<GOCACHE>/harvester-cloud-ui-<name>`, or null when the cache is turned off or Go's is off or unknown. */
function cacheRoot(name = 'bin'): string | null {
  if (process.env.HCUI_BIN_CACHE === 'off') {
    return null;
  }
  try {
    goCache ??= process.env.GOCACHE || execFileSync('go', ['env', 'GOCACHE'], { encoding: 'utf8' }).trim();
  } catch (e) {
    return null;
  }

  return goCache && goCache !== 'off' ? path.join(goCache, `harvester-cloud-ui-${ name }`) : null;
}

/**
 * A folder for another build's cache beside Go's (`<GOCACHE>/harvester-cloud-ui-<name>`), so that it is as warm or as
 * cold as Go's: the e2e suite's webpack cache (tests/flows/lib/demo.ts). Null when Go's cache is off or unknown.
 */
export function buildCacheDir(name: string): string | null {
  return cacheRoot(name);
}

function entry(kind: string, stamp: string): string | null {
  const root = cacheRoot();

  return root ? path.join(root, kind, stamp) : null;
}

/** Copies the named binaries of this stamp into `dir` when the cache has all of them; says whether it did. */
export function restoreBinaries(kind: string, stamp: string, dir: string, names: string[]): boolean {
  const from = entry(kind, stamp);

  if (!from || !names.every((n) => fs.existsSync(path.join(from, n)))) {
    return false;
  }
  fs.mkdirSync(dir, { recursive: true });
  for (const n of names) {
    const to = path.join(dir, n);

    // A copy, not a link: a later `go build -o` may write into the file it finds there.
    fs.rmSync(to, { force: true });
    fs.copyFileSync(path.join(from, n), to, fs.constants.COPYFILE_FICLONE);
    fs.chmodSync(to, 0o755);
  }
  fs.utimesSync(from, new Date(), new Date());

  return true;
}

/** Keeps copies of the binaries just built; a failure to keep them costs the next clone a link, nothing else. */
export function keepBinaries(kind: string, stamp: string, dir: string, names: string[]): void {
  const to = entry(kind, stamp);

  if (!to) {
    return;
  }
  try {
    const partial = `${ to }.partial-${ process.pid }`;

    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { recursive: true });
    for (const n of names) {
      fs.copyFileSync(path.join(dir, n), path.join(partial, n), fs.constants.COPYFILE_FICLONE);
    }
    fs.rmSync(to, { recursive: true, force: true });
    fs.renameSync(partial, to);
    prune(path.dirname(to));
  } catch (e) {
    process.stderr.write(`[build] could not keep the binaries of ${ kind } in Go's cache folder: ${ (e as Error).message }\n`);
  }
}

function prune(kindDir: string): void {
  const stamps = fs.readdirSync(kindDir).map((name) => ({ name, at: fs.statSync(path.join(kindDir, name)).mtimeMs })).sort((a, b) => b.at - a.at);

  for (const old of stamps.slice(KEEP)) {
    fs.rmSync(path.join(kindDir, old.name), { recursive: true, force: true });
  }
}

/** `restoreBinaries`, then the stamp file written and the log line said, as each build does: whether it did. */
export function restoreBuilt(kind: string, stamp: string, dir: string, names: string[], stampFile: string, log: (line: string) => void): boolean {
  if (!restoreBinaries(kind, stamp, dir, names)) {
    return false;
  }
  fs.writeFileSync(stampFile, stamp);
  log(`[build] ${ kind }: ${ names.join(', ') } as linked before, from Go's cache folder`);

  return true;
}
