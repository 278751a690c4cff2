/**
 * Unpacks and builds Harvester's components (components.ts) once: a stamp of the archive's sha256, the package,
 * the version stamp and `go version` says whether a binary is current. The trees build offline (`-mod=vendor`,
 * `GOPROXY=off`); `-trimpath` keys Go's build cache on content, not on where the tree lies, so a fresh clone on a
 * machine that built them before relinks in seconds (Go's default cache, shared with the rest of the stack).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { keepBinaries, restoreBuilt } from '../../core/binCache';
import { leanBuildFlags } from '../../core/goFlags';
import {
  HARVESTER_BIN, HARVESTER_COMPONENTS, HARVESTER_SRC, HarvesterComponent, SHARED_HARVESTER, harvesterBin, treeOf
} from './components';

function archivePath(c: HarvesterComponent): string {
  return path.join(SHARED_HARVESTER, `${ c.archive }.tar.gz`);
}

/** Whether ../shared/harvester holds every archive (a clone without it runs the stack without Harvester's parts). */
export function harvesterSourcesPresent(): boolean {
  return HARVESTER_COMPONENTS.every((c) => fs.existsSync(archivePath(c)));
}

const digests = new Map<string, string>();

function archiveDigest(c: HarvesterComponent): string {
  const file = archivePath(c);

  if (!digests.has(file)) {
    digests.set(file, crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex'));
  }

  return digests.get(file) as string;
}

/** The tree, unpacked afresh when the archive changed (its sha256 beside it). */
export function ensureUnpacked(c: HarvesterComponent): string {
  const tree = treeOf(c);
  const stamp = `${ tree }.sha256`;
  const want = archiveDigest(c);

  if (fs.existsSync(tree) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) {
    return tree;
  }
  fs.rmSync(tree, { recursive: true, force: true });
  fs.mkdirSync(HARVESTER_SRC, { recursive: true });
  execFileSync('tar', ['-xzf', archivePath(c), '-C', HARVESTER_SRC]);
  if (!fs.existsSync(tree)) {
    throw new Error(`${ archivePath(c) } did not unpack to ${ c.archive }/`);
  }
  fs.writeFileSync(stamp, want);

  return tree;
}

function ldflags(c: HarvesterComponent): string[] {
  return leanBuildFlags(`-X ${ c.versionVar }=${ c.version }`);
}

function stampOf(c: HarvesterComponent, goVersion: string): string {
  return crypto.createHash('sha256').update([archiveDigest(c), c.pkg, ...ldflags(c), goVersion].join('\n')).digest('hex');
}

function stampFile(c: HarvesterComponent): string {
  return path.join(HARVESTER_BIN, `.${ c.name }.stamp`);
}

export function harvesterBuilt(goVersion = execFileSync('go', ['version'], { encoding: 'utf8' })): boolean {
  return HARVESTER_COMPONENTS.every((c) => fs.existsSync(harvesterBin(c.name)) && fs.existsSync(stampFile(c)) && fs.readFileSync(stampFile(c), 'utf8') === stampOf(c, goVersion));
}

/** Builds what is missing or stale; throws naming the component and version when a build fails. */
export function ensureHarvesterBuilt(log: (line: string) => void = (l) => process.stderr.write(`${ l }\n`)): void {
  const goVersion = execFileSync('go', ['version'], { encoding: 'utf8' });

  fs.mkdirSync(HARVESTER_BIN, { recursive: true });
  for (const c of HARVESTER_COMPONENTS) {
    const stamp = stampOf(c, goVersion);

    if (fs.existsSync(harvesterBin(c.name)) && fs.existsSync(stampFile(c)) && fs.readFileSync(stampFile(c), 'utf8') === stamp) {
      continue;
    }
    // Unpacked either way: the stack reads the tree's manifests and CRDs (crds.ts, csi.ts, start.ts).
    const tree = ensureUnpacked(c);

    if (restoreBuilt(c.name, stamp, HARVESTER_BIN, [c.name], stampFile(c), log)) {
      continue;
    }
    const started = Date.now();

    log(`[stack] building ${ c.name } from ${ c.module } ${ c.version } (../shared/harvester; cold: minutes, cached afterwards)`);
    const r = spawnSync('go', ['build', '-trimpath', ...ldflags(c), '-o', harvesterBin(c.name), c.pkg], {
      cwd:      tree,
      encoding: 'utf8',
      env:      {
        ...process.env, GOFLAGS: '-mod=vendor -buildvcs=false', GOPROXY: 'off', GOTOOLCHAIN: 'local', CGO_ENABLED: '0'
      },
    });

    if (r.status !== 0) {
      const out = `${ r.stderr || '' }${ r.stdout || '' }`.trim().split('\n').slice(-25).join('\n');

      throw new Error(`could not build ${ c.name } from ${ c.module } ${ c.version } (go build ${ c.pkg } in ${ tree }):\n${ out || r.error?.message }`);
    }
    fs.writeFileSync(stampFile(c), stamp);
    keepBinaries(c.name, stamp, HARVESTER_BIN, [c.name]);
    log(`[stack] built ${ c.name } in ${ Math.round((Date.now() - started) / 1000) } s`);
  }
}
