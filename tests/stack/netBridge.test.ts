/**
 * The Pod runner's bridges (lab/core/netBridge.ts with bridgeEnv()) end with the runner: after a Rancher stack's stop,
 * a runner killed before it could stop them left its API bridge holding the next stack's port. A bridge the stack
 * itself starts (no bridgeEnv()) outlives the command that started it, as the stack's processes do.
 */
/** @jest-environment node */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bridgeEnv } from '../../lab/core/netns';
import { isAlive } from '../../lab/core/processes';

const BRIDGE = path.join(__dirname, '..', '..', 'lab', 'core', 'netBridge.ts');

/** A parent that starts a bridge (its pid on stdout) and is then killed with SIGKILL; the bridge's pid. */
async function bridgeOfKilledParent(withParent: boolean): Promise<number> {
  const socket = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bridge-')), 'api.sock');
  const program = `const c = require('node:child_process').spawn(process.execPath, [${ JSON.stringify(BRIDGE) }, 'unix-to-tcp', ${ JSON.stringify(socket) }, '1'], { detached: true, stdio: 'ignore', env: { ...process.env, ...(${ withParent } ? { NETBRIDGE_PARENT: String(process.pid) } : {}) } }); c.unref(); console.log(c.pid); setInterval(() => {}, 1000);`;
  const parent = spawn(process.execPath, ['-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
  const pid = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (d) => resolve(String(d)))));

  parent.kill('SIGKILL');

  return pid;
}

async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;

  while (Date.now() < until) {
    if (!isAlive(pid)) {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return false;
}

it('a bridge started with bridgeEnv() exits within seconds of its parent being killed', async() => {
  // What the parent below sets for itself, as the Pod runner does for its own pid.
  expect(bridgeEnv()).toEqual({ NETBRIDGE_PARENT: String(process.pid) });
  expect(await goneWithin(await bridgeOfKilledParent(true), 4000)).toBe(true);
});

it('a bridge started without it stays after its parent is gone', async() => {
  const pid = await bridgeOfKilledParent(false);

  try {
    expect(await goneWithin(pid, 1500)).toBe(false);
  } finally {
    spawnSync('kill', ['-9', String(pid)]);
  }
});
