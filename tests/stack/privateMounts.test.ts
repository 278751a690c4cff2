/**
 * Issue 35: Rancher runs with a private /tmp and /var/lib (lab/stack/rancher/server.ts). A checkout under /tmp
 * vanished behind that /tmp, so Rancher mode failed there. The mounts are made as Rancher's start makes them, in a
 * private mount namespace (unshare, as root, as the stack runs), for a checkout under /tmp and one elsewhere.
 */
/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { privateMountsScript } from '../../lab/stack/rancher/server';

const canUnshare = spawnSync('unshare', ['--mount', '--propagation', 'private', '--', 'true']).status === 0;

/** A checkout at `root` with the run directory's private folders, and what a program started there sees. */
function runInPrivateMounts(root: string): { status: number | null; out: string; err: string } {
  const run = path.join(root, '.tools', 'stack', 'run', 'rancher');
  const [tmp, varLib, hosts] = [path.join(run, 'tmp'), path.join(run, 'var-lib'), path.join(run, 'hosts')];

  fs.mkdirSync(tmp, { recursive: true });
  fs.mkdirSync(varLib, { recursive: true });
  fs.writeFileSync(path.join(root, 'marker'), 'the checkout\n');
  fs.writeFileSync(path.join(varLib, 'rancher-state'), 'private /var/lib\n');
  fs.writeFileSync(hosts, '127.0.0.10\tcatalog-svc.cattle-ui-plugin-system.svc\n');
  // What Rancher needs: its binary and files in the checkout, /var/lib, /tmp (log.sock) and /etc/hosts its own.
  const program = `cat "${ root }/marker" && cat /var/lib/rancher-state && touch /tmp/log.sock && test -e "${ tmp }/log.sock" && getent hosts catalog-svc.cattle-ui-plugin-system.svc && echo ok`;
  const r = spawnSync('unshare', ['--mount', '--propagation', 'private', '--', 'sh', '-c', privateMountsScript(root), 'rancher-mounts', tmp, varLib, hosts, 'sh', '-c', program], { encoding: 'utf8' });

  return {
    status: r.status, out: r.stdout, err: r.stderr
  };
}

(canUnshare ? describe : describe.skip)('Rancher\'s private /tmp and /var/lib', () => {
  it.each([
    ['under /tmp', () => fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-'))],
    ['elsewhere', () => fs.mkdtempSync(path.join(path.resolve(__dirname, '../..'), 'tmp', 'checkout-'))],
  ])('leave a checkout %s reachable, with /var/lib, /tmp and /etc/hosts Rancher\'s own', (_where, make) => {
    fs.mkdirSync(path.resolve(__dirname, '../../tmp'), { recursive: true });
    const root = make();

    try {
      const r = runInPrivateMounts(root);

      expect(r.err).toBe('');
      expect(r.out.split('\n').map((l) => l.replace(/\s+/g, ' '))).toEqual(['the checkout', 'private /var/lib', '127.0.0.10 catalog-svc.cattle-ui-plugin-system.svc', 'ok', '']);
      expect(r.status).toBe(0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('the mounts of 0.5.0 lose a checkout under /tmp (what the test above would catch)', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-'));
    const old = 'mount --bind "$1" /tmp && mount --bind "$2" /var/lib && shift 2 && exec "$@"';

    try {
      const run = path.join(root, 'run');

      fs.mkdirSync(path.join(run, 'tmp'), { recursive: true });
      fs.mkdirSync(path.join(run, 'var-lib'), { recursive: true });
      const r = spawnSync('unshare', ['--mount', '--propagation', 'private', '--', 'sh', '-c', old, 'm', path.join(run, 'tmp'), path.join(run, 'var-lib'), 'true'], { encoding: 'utf8' });

      expect(r.status).not.toBe(0);
      expect(r.stderr).toMatch(/var-lib/);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
