/**
 * Builds the chart and registry tools from the Go module in `tools/chartops/` (versions pinned in its go.mod/go.sum)
 * into `.tools/chartops/bin`, once: a stamp of go.mod, go.sum, the small mains and `go version` says whether the
 * binaries are current (the same scheme as lab/stack/build.ts). Go's default module and build caches make later
 * builds, and builds in another clone on this machine, incremental. A failed build names the module and version.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { keepBinaries, restoreBuilt } from '../core/binCache';
import { leanBuildFlags } from '../core/goFlags';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const MODULE_DIR = path.join(REPO_ROOT, 'tools', 'chartops');
export const BIN_DIR = path.join(REPO_ROOT, '.tools', 'chartops', 'bin');

interface Binary {
  name: string;
  pkg: string;
  module: string;
  /** Cross-built for the catalog image: static, for that platform. */
  goos?: string;
  goarch?: string;
}

/** The catalog image carries its server for these platforms (Rancher's local clusters run on both). */
export const IMAGE_PLATFORMS = ['linux/amd64', 'linux/arm64'] as const;

export const BINARIES: Binary[] = [
  {
    name: 'helm', pkg: 'helm.sh/helm/v3/cmd/helm', module: 'helm.sh/helm/v3'
  },
  {
    name: 'registry', pkg: './cmd/registry', module: 'github.com/distribution/distribution/v3'
  },
  {
    name: 'catalog-image', pkg: './cmd/catalog-image', module: 'github.com/google/go-containerregistry'
  },
  {
    name: 'rancher-version', pkg: './cmd/rancher-version', module: 'github.com/Masterminds/semver/v3'
  },
  {
    name: 'htpasswd', pkg: './cmd/htpasswd', module: 'golang.org/x/crypto'
  },
  ...IMAGE_PLATFORMS.map((p) => {
    const [goos, goarch] = p.split('/');

    return {
      name: serverBinaryName(p), pkg: './cmd/catalog-server', module: '(standard library)', goos, goarch
    };
  }),
];

export function serverBinaryName(platform: string): string {
  return `catalog-server-${ platform.replace('/', '-') }`;
}

export function bin(name: string): string {
  return path.join(BIN_DIR, name);
}

export function moduleVersion(module: string): string {
  const gomod = fs.readFileSync(path.join(MODULE_DIR, 'go.mod'), 'utf8');
  const m = gomod.match(new RegExp(`^\\s*(?:require\\s+)?${ module.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&') }\\s+(v\\S+)`, 'm'));

  return m ? m[1] : '';
}

/** Helm's release builds stamp their version at link time (its Makefile); `helm version` should say the pinned one. */
function ldflags(b: Binary): string[] {
  if (b.module === 'helm.sh/helm/v3') {
    return leanBuildFlags(`-X helm.sh/helm/v3/internal/version.version=${ moduleVersion(b.module) } -X helm.sh/helm/v3/internal/version.gitTreeState=clean`);
  }

  return b.goos ? ['-trimpath', ...leanBuildFlags()] : leanBuildFlags();
}

function filesHashed(): string[] {
  const files = ['go.mod', 'go.sum'];

  for (const dir of fs.readdirSync(path.join(MODULE_DIR, 'cmd'))) {
    for (const f of fs.readdirSync(path.join(MODULE_DIR, 'cmd', dir))) {
      files.push(path.join('cmd', dir, f));
    }
  }

  return files.sort();
}

function goVersion(): string {
  try {
    return execFileSync('go', ['version'], { encoding: 'utf8' });
  } catch (e) {
    throw new Error(`Go is needed to build tools/chartops (Helm, the registry and the image tool for npm test and publish-pkgs; go.mod asks for 1.26): ${ (e as Error).message }`);
  }
}

export function buildStamp(): string {
  const h = crypto.createHash('sha256');

  h.update(goVersion());
  h.update(JSON.stringify(BINARIES.map((b) => [b.name, b.pkg, ldflags(b)])));
  for (const f of filesHashed()) {
    h.update(f);
    h.update(fs.readFileSync(path.join(MODULE_DIR, f)));
  }

  return h.digest('hex');
}

const STAMP = path.join(BIN_DIR, '.stamp');

export function isBuilt(): boolean {
  try {
    return fs.readFileSync(STAMP, 'utf8') === buildStamp() && BINARIES.every((b) => fs.existsSync(bin(b.name)));
  } catch (e) {
    return false;
  }
}

/** Builds what is missing or stale; logs to stderr. Throws with the module's name and version when a build fails. */
export function ensureBuilt(log: (line: string) => void = (l) => process.stderr.write(`${ l }\n`)): void {
  if (isBuilt()) {
    return;
  }
  const stamp = buildStamp();
  const names = BINARIES.map((b) => b.name);

  if (restoreBuilt('chartops', stamp, BIN_DIR, names, STAMP, log)) {
    return;
  }
  fs.mkdirSync(BIN_DIR, { recursive: true });
  for (const b of BINARIES) {
    const started = Date.now();
    const version = moduleVersion(b.module);
    const what = `${ b.module }${ version ? ` ${ version }` : '' }`;
    const env: NodeJS.ProcessEnv = b.goos ? {
      ...process.env, GOOS: b.goos, GOARCH: b.goarch, CGO_ENABLED: '0'
    } : process.env;

    log(`[chartops] building ${ b.name } from ${ what } (cold: minutes; cached afterwards)`);
    const r = spawnSync('go', ['build', ...ldflags(b), '-o', bin(b.name), b.pkg], {
      cwd: MODULE_DIR, encoding: 'utf8', env
    });

    if (r.status !== 0) {
      const out = `${ r.stderr || '' }${ r.stdout || '' }`.trim().split('\n').slice(-25).join('\n');

      throw new Error(`could not build ${ b.name } from module ${ what } (go build ${ b.pkg } in tools/chartops/):\n${ out || r.error?.message }`);
    }
    log(`[chartops] built ${ b.name } in ${ Math.round((Date.now() - started) / 1000) } s`);
  }
  fs.writeFileSync(STAMP, stamp);
  keepBinaries('chartops', stamp, BIN_DIR, names);
}

if (require.main === module) {
  ensureBuilt();
}
