/**
 * Builds the stack's binaries from the lab's Go module (`lab/go.mod`; the CSI sidecars `lab/stack/csi/go.mod`;
 * versions pinned in their go.mod/go.sum), once: a stamp of those files, the small mains (`lab/stack/cmd/`, the
 * Go stand-ins in `lab/standins/`) and `go version` says whether `.tools/stack/bin` is current. Go's own module and
 * build caches make a rebuild after a version bump incremental. A failed build names the module it could not build.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BIN_DIR, MODULE_DIR } from '../core/paths';
import { keepBinaries, restoreBuilt } from '../core/binCache';
import { leanBuildFlags } from '../core/goFlags';

/** What is built, and from which module: the upstream's own main where it has one that fits. */
export const BINARIES = [
  {
    name: 'kube-apiserver', pkg: 'k8s.io/kubernetes/cmd/kube-apiserver', module: 'k8s.io/kubernetes', dir: '.'
  },
  {
    name: 'kube-controller-manager', pkg: 'k8s.io/kubernetes/cmd/kube-controller-manager', module: 'k8s.io/kubernetes', dir: '.'
  },
  // The shell image's kubectl in the Pods the Pod runner runs (lab/standins/pods/images.ts).
  {
    name: 'kubectl', pkg: 'k8s.io/kubernetes/cmd/kubectl', module: 'k8s.io/kubernetes', dir: '.'
  },
  {
    name: 'steve', pkg: './stack/cmd/steve', module: 'github.com/rancher/steve', dir: '.'
  },
  {
    name: 'etcd', pkg: './stack/cmd/etcd', module: 'go.etcd.io/etcd/server/v3', dir: '.'
  },
  // A stand-in for Harvester's kubeconfig endpoint behind Rancher's proxy (rancher/harvesterApi.ts), on Steve's
  // aggregation client: its version is the Steve module's.
  {
    name: 'harvester-api', pkg: './standins/harvester-api', module: 'github.com/rancher/steve', dir: '.'
  },
  // The CSI sidecars beside the Harvester CSI driver, in a module of their own (lab/stack/csi/go.mod says why).
  {
    name: 'csi-provisioner', pkg: 'github.com/kubernetes-csi/external-provisioner/v6/cmd/csi-provisioner', module: 'github.com/kubernetes-csi/external-provisioner/v6', dir: 'stack/csi'
  },
  {
    name: 'snapshot-controller', pkg: 'github.com/kubernetes-csi/external-snapshotter/v8/cmd/snapshot-controller', module: 'github.com/kubernetes-csi/external-snapshotter/v8', dir: 'stack/csi'
  },
  {
    name: 'csi-snapshotter', pkg: 'github.com/kubernetes-csi/external-snapshotter/v8/cmd/csi-snapshotter', module: 'github.com/kubernetes-csi/external-snapshotter/v8', dir: 'stack/csi'
  },
] as const;

function goModOf(module: string): string {
  const b = BINARIES.find((x) => x.module === module);

  return path.join(MODULE_DIR, b?.dir || '.', 'go.mod');
}

function moduleVersion(module: string): string {
  const gomod = fs.readFileSync(goModOf(module), 'utf8');
  const m = gomod.match(new RegExp(`^\\s*(?:require\\s+)?${ module.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&') }\\s+(v\\S+)`, 'm'));

  return m ? m[1] : '(version not in go.mod)';
}

/** Module and version of each component, as go.mod pins them (docs/demo-mode.md lists the same). */
export function componentVersions(): Record<string, string> {
  return Object.fromEntries(BINARIES.map((b) => [b.name, `${ b.module } ${ moduleVersion(b.module) }`]));
}

/**
 * Kubernetes' release builds stamp their version at link time (hack/lib/version.sh); a plain `go build` reports
 * v0.0.0-master. Clients read /version (kubectl's skew check, the dashboard's cluster version): stamp the pinned one.
 */
function ldflags(module: string): string[] {
  if (module !== 'k8s.io/kubernetes') {
    return leanBuildFlags();
  }
  const v = moduleVersion(module);
  const [major, minor] = v.replace(/^v/, '').split('.');
  const flags = ['k8s.io/component-base/version', 'k8s.io/client-go/pkg/version'].flatMap((pkg) => [
    `-X ${ pkg }.gitVersion=${ v }`, `-X ${ pkg }.gitMajor=${ major }`, `-X ${ pkg }.gitMinor=${ minor }`, `-X ${ pkg }.gitTreeState=clean`,
  ]);

  return leanBuildFlags(flags.join(' '));
}

function filesHashed(): string[] {
  const files = ['go.mod', 'go.sum', 'stack/csi/go.mod', 'stack/csi/go.sum'];

  for (const dir of [...fs.readdirSync(path.join(MODULE_DIR, 'stack', 'cmd')).map((d) => path.join('stack', 'cmd', d)), path.join('standins', 'harvester-api')]) {
    for (const f of fs.readdirSync(path.join(MODULE_DIR, dir))) {
      files.push(path.join(dir, f));
    }
  }

  return files.sort();
}

export function buildStamp(): string {
  const h = crypto.createHash('sha256');

  h.update(execFileSync('go', ['version'], { encoding: 'utf8' }));
  h.update(JSON.stringify(BINARIES.map((b) => ldflags(b.module))));
  for (const f of filesHashed()) {
    h.update(f);
    h.update(fs.readFileSync(path.join(MODULE_DIR, f)));
  }

  return h.digest('hex');
}

const STAMP = path.join(BIN_DIR, '.stamp');

export function isBuilt(): boolean {
  try {
    return fs.readFileSync(STAMP, 'utf8') === buildStamp() && BINARIES.every((b) => fs.existsSync(path.join(BIN_DIR, b.name)));
  } catch (e) {
    return false;
  }
}

/** Builds what is missing or stale; logs to stderr. Throws with the module's name when a build fails. */
export function ensureBuilt(log: (line: string) => void = (l) => process.stderr.write(`${ l }\n`)): void {
  if (isBuilt()) {
    return;
  }
  const stamp = buildStamp();
  const names = BINARIES.map((b) => b.name);

  if (restoreBuilt('stack', stamp, BIN_DIR, names, STAMP, log)) {
    return;
  }
  fs.mkdirSync(BIN_DIR, { recursive: true });
  for (const b of BINARIES) {
    const started = Date.now();

    log(`[stack] building ${ b.name } from ${ b.module } ${ moduleVersion(b.module) } (cold: minutes; cached afterwards)`);
    const r = spawnSync('go', ['build', ...ldflags(b.module), '-o', path.join(BIN_DIR, b.name), b.pkg], { cwd: path.join(MODULE_DIR, b.dir), encoding: 'utf8' });

    if (r.status !== 0) {
      const out = `${ r.stderr || '' }${ r.stdout || '' }`.trim().split('\n').slice(-25).join('\n');

      throw new Error(`could not build ${ b.name } from module ${ b.module } ${ moduleVersion(b.module) } (go build ${ b.pkg } in lab/${ b.dir === '.' ? '' : `${ b.dir }/` }):\n${ out || r.error?.message }`);
    }
    log(`[stack] built ${ b.name } in ${ Math.round((Date.now() - started) / 1000) } s`);
  }
  fs.writeFileSync(STAMP, stamp);
  keepBinaries('stack', stamp, BIN_DIR, names);
}
