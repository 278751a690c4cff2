/**
 * A helm-operation Pod's `proxy` ends once `helm` succeeded, as Rancher's cleanup makes it (pkill -x kubectl by exec),
 * even when its `kubectl` starts only after `helm` ended: Rancher's Operation stays "running operation", and the
 * Extensions card "Uninstalling", while the proxy runs.
 */
/** @jest-environment node */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopHelmProxy } from '../../../lab/standins/pods/helmProxy';
import { RunningContainer } from '../../../lab/standins/pods/runContainer';

/** A container like the proxy: `sh -c "<delay>; kubectl proxy || true"`, its kubectl a long sleep named kubectl. */
function proxyContainer(delayS: number): RunningContainer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helm-proxy-'));

  fs.copyFileSync('/bin/sleep', path.join(dir, 'kubectl'));
  fs.chmodSync(path.join(dir, 'kubectl'), 0o755);
  const child = spawn('sh', ['-c', `sleep ${ delayS }; ${ path.join(dir, 'kubectl') } 600 || true`], { detached: true, stdio: 'ignore' });
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));

  return { pid: child.pid as number, exited };
}

describe('stopHelmProxy', () => {
  it('ends a proxy whose kubectl starts after helm ended, and the container exits 0 (its `|| true`)', async() => {
    const proxy = proxyContainer(1);
    const t0 = Date.now();

    expect(await stopHelmProxy(proxy, 10000)).toBe(true);
    expect(await proxy.exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('says so when the proxy does not end in time', async() => {
    // A container with no kubectl in it: nothing to stop, so it runs on.
    const child = spawn('sh', ['-c', 'sleep 600'], { detached: true, stdio: 'ignore' });
    const proxy = { pid: child.pid as number, exited: new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1))) };

    try {
      expect(await stopHelmProxy(proxy, 1200)).toBe(false);
    } finally {
      process.kill(-proxy.pid, 'SIGKILL');
    }
  });
});
