/**
 * Issue 35: `npm run stack -- --status` said "not running" as soon as one of the stack's processes had exited. It says
 * which have exited and what to do; and a stack with a process gone is started again (not joined).
 */
/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function withStackDir<T>(processes: { name: string; pid: number }[], run: (m: { status: any; text: (s: any) => string }) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-status-'));
  const before = process.env.STACK_DIR;

  fs.writeFileSync(path.join(dir, 'stack.json'), JSON.stringify({
    pids: processes.map((p) => p.pid), processes, startedAt: '2026-11-28T10:00:00.000Z', adminToken: 'x', clusters: {}, versions: {}
  }));
  process.env.STACK_DIR = dir;
  try {
    let out: T | undefined;

    // The run directory is read when the modules load: load them for this directory.
    jest.isolateModules(() => {
      const { readStackStatus, readStackInfo } = require('../../lab/stack/stack');
      const { statusText } = require('../../scripts/stack/status');

      out = run({ status: { read: readStackStatus, info: readStackInfo }, text: statusText });
    });

    return out as T;
  } finally {
    process.env.STACK_DIR = before;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A pid that has just exited. */
const exitedPid = () => (spawnSync(process.execPath, ['-e', '0']).pid as number);

describe('the stack\'s status', () => {
  it('says which process has exited, not "not running", and the stack is not joined', () => {
    const gone = exitedPid();

    withStackDir([{ name: 'etcd', pid: process.pid }, { name: 'steve-rke2-guest', pid: gone }], ({ status, text }) => {
      const s = status.read();

      expect(s.gone).toEqual(['steve-rke2-guest']);
      expect(status.info()).toBeNull();
      expect(text(s)).toMatch(/^\[stack\] running since 2026-11-28T10:00:00.000Z, but 1 of its 2 processes have exited: steve-rke2-guest \(their logs: .*\/logs\/<name>\.log\)\. `npm run stack` starts it again/);
    });
  });

  it('says running when every process runs, and not running when none does', () => {
    withStackDir([{ name: 'etcd', pid: process.pid }], ({ status, text }) => {
      expect(text(status.read())).toMatch(/^\[stack\] running since /);
      expect(status.info()).not.toBeNull();
    });
    withStackDir([{ name: 'etcd', pid: exitedPid() }], ({ status, text }) => {
      expect(text(status.read())).toBe('[stack] not running');
    });
  });
});
