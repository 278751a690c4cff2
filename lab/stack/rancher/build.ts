/**
 * Builds Rancher's server (the main package) and its agent (`cmd/agent`) of one version from ../shared/rancher:
 * the archives are checked (sha256) and unpacked under .tools/rancher/src, a copy of Rancher's go.mod gets a replace
 * line per unpacked module and is used with `-modfile` (the tree itself is not changed), and `go build` runs as
 * Rancher's scripts/build-server and build-agent do (CGO off, `-tags k8s`, the version stamped at link time), plus
 * `-trimpath`, which keeps the source folder out of Go's cache keys: another clone on this machine relinks from
 * Go's default caches in minutes. A stamp says whether .tools/rancher/<version>/bin is current.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../core/paths';
import { keepBinaries, restoreBuilt } from '../../core/binCache';
import { leanBuildFlags } from '../../core/goFlags';
import { RancherVersion, SHARED_RANCHER } from './versions';

export const RANCHER_TOOLS = path.join(REPO_ROOT, '.tools', 'rancher');
const SRC = path.join(RANCHER_TOOLS, 'src');

export function rancherBinDir(v: RancherVersion): string {
  return path.join(RANCHER_TOOLS, v.version, 'bin');
}

export function rancherBin(v: RancherVersion, name: 'rancher' | 'agent'): string {
  return path.join(rancherBinDir(v), name);
}

export function treeOf(v: RancherVersion): string {
  return path.join(SRC, v.archive);
}

function sha256File(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** Unpacks one archive (once: a marker holds its checksum), after checking it is the one named in versions.ts. */
function unpack(file: string, name: string, sha256: string): string {
  const dir = path.join(SRC, name);
  const marker = path.join(dir, '.unpacked-sha256');

  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === sha256) {
    return dir;
  }
  if (!fs.existsSync(file)) {
    throw new Error(`${ file } is missing: Rancher is built from ../shared/rancher (its README says what it holds)`);
  }
  const actual = sha256File(file);

  if (actual !== sha256) {
    throw new Error(`${ file }: sha256 ${ actual }, expected ${ sha256 } (../shared/rancher/README.md)`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(SRC, { recursive: true });
  execFileSync('tar', ['xzf', file, '-C', SRC]);
  fs.writeFileSync(marker, sha256);

  return dir;
}

/**
 * scripts/build-server stamps pkg/version (the server's version, /rancherversion); scripts/build-agent only the
 * agent's main.VERSION, so the Rancher the agent embeds runs as "dev" (and skips the server's data migrations, which
 * need CRDs a downstream cluster does not have): two links of the same compiled packages.
 */
const TARGETS = {
  rancher: { pkg: '.', x: (v: RancherVersion) => [`-X github.com/rancher/rancher/pkg/version.Version=${ v.version }`, `-X github.com/rancher/rancher/pkg/version.GitCommit=${ v.commit.slice(0, 7) }`] },
  agent:   { pkg: './cmd/agent', x: (v: RancherVersion) => [`-X main.VERSION=${ v.version }`] },
};

function flags(v: RancherVersion, target: keyof typeof TARGETS): string[] {
  return ['-trimpath', '-tags', 'k8s', ...leanBuildFlags(TARGETS[target].x(v).join(' '))];
}

function stamp(v: RancherVersion): string {
  return crypto.createHash('sha256').update(execFileSync('go', ['version'], { encoding: 'utf8' })).update(JSON.stringify([v, flags(v, 'rancher'), flags(v, 'agent')]))
    .digest('hex');
}

export function isRancherBuilt(v: RancherVersion): boolean {
  try {
    return fs.readFileSync(path.join(rancherBinDir(v), '.stamp'), 'utf8') === stamp(v) && ['rancher', 'agent'].every((b) => fs.existsSync(path.join(rancherBinDir(v), b)));
  } catch (e) {
    return false;
  }
}

/** The copy of Rancher's go.mod (and go.sum) the build uses, with a replace line per unpacked module. */
function writeModfile(v: RancherVersion, tree: string): string {
  const dir = path.join(RANCHER_TOOLS, v.version, 'mod');
  const gomod = path.join(dir, 'go.mod');

  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(tree, 'go.mod'), gomod);
  if (!fs.existsSync(path.join(dir, 'go.sum'))) {
    fs.copyFileSync(path.join(tree, 'go.sum'), path.join(dir, 'go.sum'));
  }
  for (const d of v.deps) {
    const target = path.join(unpack(path.join(SHARED_RANCHER, 'deps', `${ d.archive }.tar.gz`), d.archive, d.sha256), d.subdir || '');

    // `go mod edit -replace` drops an existing replace of the same module (2.13.8 replaces cli-runtime already).
    execFileSync('go', ['mod', 'edit', `-replace=${ d.module }=${ target }`, gomod]);
  }

  return gomod;
}

/** The module (path@version) a failed build's output names first, for the error message. */
export function failingModule(output: string, v: RancherVersion): string {
  const m = output.match(/((?:[a-z0-9.-]+\.[a-z]{2,}|k8s\.io)\/[\w./~-]+)@(v[\w.+-]+)/i);

  if (m) {
    return `${ m[1] } ${ m[2] }`;
  }
  const dep = v.deps.find((d) => output.includes(d.archive));

  return dep ? `${ dep.module } (unpacked ${ dep.archive })` : `github.com/rancher/rancher ${ v.version }`;
}

/** Builds what is missing or stale. Cold: about 23 CPU-minutes; a relink with warm Go caches: minutes. */
export function ensureRancherBuilt(v: RancherVersion, log: (line: string) => void = (l) => process.stderr.write(`${ l }\n`)): void {
  if (isRancherBuilt(v)) {
    return;
  }
  // Unpacked, with its modfile, either way: the start reads the tree's cluster-api CRDs through it (capiCrds.ts).
  const tree = unpack(path.join(SHARED_RANCHER, `${ v.archive }.tar.gz`), v.archive, v.sha256);
  const gomod = writeModfile(v, tree);
  const names = Object.keys(TARGETS);

  if (restoreBuilt(`rancher-${ v.version }`, stamp(v), rancherBinDir(v), names, path.join(rancherBinDir(v), '.stamp'), log)) {
    return;
  }
  const bin = rancherBinDir(v);
  const logFile = path.join(RANCHER_TOOLS, v.version, 'build.log');
  const started = Date.now();

  fs.mkdirSync(bin, { recursive: true });
  log(`[rancher] building rancher and agent from github.com/rancher/rancher ${ v.version } (cold: ~23 CPU-minutes; then Go's caches: minutes; log ${ path.relative(REPO_ROOT, logFile) })`);
  let out = '';

  for (const target of Object.keys(TARGETS) as (keyof typeof TARGETS)[]) {
    const r = spawnSync('go', ['build', `-modfile=${ gomod }`, ...flags(v, target), '-o', path.join(bin, target), TARGETS[target].pkg], {
      cwd:       tree,
      encoding:  'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env:       {
        ...process.env, GOWORK: 'off', CGO_ENABLED: '0', GOFLAGS: '-mod=mod -buildvcs=false'
      }
    });

    out += `${ r.stderr || '' }${ r.stdout || '' }`;
    fs.writeFileSync(logFile, out);
    if (r.status !== 0) {
      const tail = out.trim().split('\n').filter((l) => !l.startsWith('go: downloading')).slice(-25)
        .join('\n');

      throw new Error(`could not build Rancher's ${ target } ${ v.version }: module ${ failingModule(out, v) }:\n${ tail || r.error?.message }`);
    }
  }
  fs.writeFileSync(path.join(bin, '.stamp'), stamp(v));
  keepBinaries(`rancher-${ v.version }`, stamp(v), bin, names);
  log(`[rancher] built rancher and agent ${ v.version } in ${ Math.round((Date.now() - started) / 1000) } s`);
}
