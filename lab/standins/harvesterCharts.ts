/**
 * Harvester's own charts (harvester/charts 48a577b, `../shared/harvester`) installed into a real guest by the real
 * Helm, where Rancher's helm operation would install a `rancher-charts` release: the chart packaged the way
 * rancher/charts packages it (Chart.yaml's version and appVersion the index entry's, the image tag its appVersion),
 * then `helm upgrade --install` as the user (Rancher's impersonation: `--kube-as-user`, `--kube-as-group`), so the
 * guest's RBAC decides and Helm's own answer (a conflict, a missing type) is what the user gets. The helm-operation
 * Pod itself is not run on the guest: a stand-in, named in docs/real-mode.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { bin, REPO_ROOT } from '../chartops/build';
import { helmEnv, toolsReady } from '../chartops/run';
import { adminKubeconfig } from '../core/config';
import { KubeTarget } from '../core/kubeClient';
import { SHARED_HARVESTER } from '../stack/harvester/components';

type Obj = Record<string, any>;

const TREE = 'harvester-charts-48a577b';
const UNPACKED = path.join(REPO_ROOT, '.tools', 'harvester', TREE);

/** The charts folder of the unpacked tree (unpacked once into .tools/, as the stack's other Harvester sources). */
export function harvesterChartsDir(): string {
  const dir = path.join(UNPACKED, TREE, 'charts');

  if (!fs.existsSync(dir)) {
    const archive = path.join(SHARED_HARVESTER, `${ TREE }.tar.gz`);
    // Unpacked beside, then renamed: a run stopped halfway, or two at once, never leave a partial tree in use.
    const tmp = `${ UNPACKED }.${ process.pid }`;

    fs.mkdirSync(tmp, { recursive: true });
    const r = spawnSync('tar', ['-xzf', archive, '-C', tmp], { encoding: 'utf8' });

    if (r.status !== 0) {
      fs.rmSync(tmp, { recursive: true, force: true });
      throw new Error(`cannot unpack Harvester's charts ${ archive }: ${ r.stderr || r.error?.message }`);
    }
    try {
      fs.renameSync(tmp, UNPACKED);
    } catch (e) {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }

  return dir;
}

/** The values that run the index entry's appVersion, as rancher/charts sets the image tag of each chart. */
export function imageTagValues(chart: string, appVersion: string): Obj {
  return chart === 'harvester-csi-driver' ? { image: { harvester: { csiDriver: { tag: appVersion } } } } : { image: { tag: appVersion } };
}

/** The chart copied into `into` with Chart.yaml's version and appVersion the index entry's (comments kept). */
export function packaged(chart: string, entry: { version: string; appVersion?: unknown }, into: string): string {
  const dir = path.join(into, chart);

  fs.cpSync(path.join(harvesterChartsDir(), chart), dir, { recursive: true });
  const file = path.join(dir, 'Chart.yaml');
  const doc = parseDocument(fs.readFileSync(file, 'utf8'));

  doc.set('version', entry.version);
  if (entry.appVersion) {
    doc.set('appVersion', `${ entry.appVersion }`);
  }
  fs.writeFileSync(file, doc.toString());

  return dir;
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number; stderr: string }> {
  return new Promise((resolve) => {
    // Asynchronous: the proxy serving every other request of real mode must not wait on Helm.
    const child = spawn(bin('helm'), args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';

    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', (e) => resolve({ status: 1, stderr: e.message }));
    child.on('close', (code) => resolve({ status: code ?? 1, stderr }));
  });
}

export interface HelmInstall {
  target: KubeTarget;
  user: string;
  groups: string[];
  release: string;
  namespace: string;
  chart: string;
  entry: { version: string; appVersion?: unknown };
  values: Obj;
}

/** Installs (or upgrades) the release; null when Helm succeeded, else Helm's own last words. */
export async function helmInstall(i: HelmInstall): Promise<string | null> {
  toolsReady();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'harvester-chart-'));

  try {
    const files = {
      kubeconfig: path.join(work, 'kubeconfig'), image: path.join(work, 'image.json'), values: path.join(work, 'values.json')
    };

    fs.writeFileSync(files.kubeconfig, JSON.stringify(adminKubeconfig('guest', i.target.url, i.target.token || '')), { mode: 0o600 });
    fs.writeFileSync(files.image, JSON.stringify(imageTagValues(i.chart, `${ i.entry.appVersion || '' }`)));
    fs.writeFileSync(files.values, JSON.stringify(i.values || {}));
    const dir = packaged(i.chart, i.entry, work);
    const r = await run([
      'upgrade', '--install', i.release, dir, '--namespace', i.namespace, '-f', files.image, '-f', files.values,
      '--kube-as-user', i.user, ...i.groups.flatMap((g) => ['--kube-as-group', g]),
    ], helmEnv(path.join(work, 'helm'), { KUBECONFIG: files.kubeconfig }));

    return r.status === 0 ? null : r.stderr.split('\n').map((l) => l.trim()).filter(Boolean).pop() || `helm exited ${ r.status }`;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
