/**
 * Helpers for tests that drive the simulator with a real kubectl (Debian's `kubectl` package): find or install
 * it, start the simulator with its HTTPS Kubernetes API, and run kubectl against a kubeconfig for it.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SimServer, startSimServer } from '../../lab/simulator/server';
import { SimState } from '../../lab/simulator/core/state';

const ROOT = path.resolve(__dirname, '../..');

/**
 * kubectl's path: on PATH, else installed with apt-get (scripts/install-kubectl.sh, as install-chromium.sh does
 * for the browser suite). Null, with the reason, where neither works: the caller skips and says so.
 */
export function findKubectl(): { path: string | null; reason?: string } {
  const which = spawnSync('bash', ['-c', 'command -v kubectl'], { encoding: 'utf8' });

  if (which.status === 0 && which.stdout.trim()) {
    return { path: which.stdout.trim() };
  }
  const install = spawnSync('bash', [path.join(ROOT, 'scripts/install-kubectl.sh')], { encoding: 'utf8', timeout: 240000 });

  if (install.status === 0) {
    return { path: install.stdout.trim().split('\n').pop() || 'kubectl' };
  }

  return { path: null, reason: `kubectl is not installed and apt-get could not install it: ${ (install.stderr || install.error?.message || '').trim().split('\n').pop() }` };
}

export interface KubectlSim {
  sim: SimServer;
  kubeconfig: string;
  /**
   * Runs kubectl with the simulator's kubeconfig; resolves to stdout, rejects with stderr. Asynchronous: the
   * simulator answers from this same process.
   */
  kubectl(args: string[], input?: string): Promise<string>;
  close(): Promise<void>;
}

/** The simulator on free ports with its kubectl endpoint, and a kubeconfig file for it in a temporary folder. */
export async function startKubectlSim(state: SimState, kubectlPath: string, opts: { controllers?: boolean } = {}): Promise<KubectlSim> {
  const sim = await startSimServer({
    state, port: 0, kubeApi: {}, controllers: opts.controllers
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-kubectl-'));
  const kubeconfig = path.join(dir, 'kubeconfig');

  fs.writeFileSync(kubeconfig, sim.kube?.kubeconfig() as string, { mode: 0o600 });

  return {
    sim,
    kubeconfig,
    kubectl: (args, input) => new Promise<string>((resolve, reject) => {
      const child = execFile(kubectlPath, args, {
        env: {
          ...process.env, KUBECONFIG: kubeconfig, HOME: dir
        },
        encoding: 'utf8',
        timeout:  30000
      }, (err, stdout, stderr) => (err ? reject(new Error(`kubectl ${ args.join(' ') }: ${ stderr || err.message }`)) : resolve(stdout)));

      child.stdin?.end(input ?? '');
    }),
    close: async() => {
      await sim.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
