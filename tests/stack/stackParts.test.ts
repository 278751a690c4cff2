/**
 * An outage of one stack part (lab/core/stackParts.ts): the part stops by its pid, and starts again as it ran (its
 * arguments, working directory and environment, not the caller's), with its new pid in stack.json.
 */
/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-parts-'));

// Read as the modules load (lab/core/paths.ts): set before they are required, not imported (imports are hoisted).
process.env.STACK_DIR = runDir;
const {
  partPid, pausePart, restartExited, restartPart, stopPart
} = require('../../lab/core/stackParts') as typeof import('../../lab/core/stackParts');
const { isAlive, startProcess, stopPids } = require('../../lab/core/processes') as typeof import('../../lab/core/processes');

const file = path.join(runDir, 'stack.json');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The part's log once it says `has` `times` times. */
async function logOf(name: string, has: string, times = 1): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const text = fs.existsSync(path.join(runDir, 'logs', `${ name }.log`)) ? fs.readFileSync(path.join(runDir, 'logs', `${ name }.log`), 'utf8') : '';

    if (text.split(has).length > times) {
      return text;
    }
    await sleep(100);
  }
  throw new Error(`${ name }'s log never said ${ has }`);
}

jest.setTimeout(30000);

describe('stack parts', () => {
  const pids: number[] = [];

  afterAll(async() => {
    await stopPids(pids);
    fs.rmSync(runDir, { recursive: true, force: true });
  });

  it('stops a part by its pid and starts it again as it ran, recording the new pid', async() => {
    const cwd = fs.mkdtempSync(path.join(runDir, 'cwd-'));
    const first = startProcess('part-a', 'sh', ['-c', 'echo "run in $PWD with $PART_SETTING"; exec sleep 600'], cwd, { PART_SETTING: 'kept' });
    const other = startProcess('part-b', 'sleep', ['600']);

    pids.push(first.child.pid as number, other.child.pid as number);
    fs.writeFileSync(file, JSON.stringify({ pids: pids.slice(), processes: [{ name: 'part-a', pid: pids[0] }, { name: 'part-b', pid: pids[1] }] }));
    await logOf('part-a', 'with kept');

    delete process.env.PART_SETTING;
    const stopped = await stopPart('part-a', file);

    expect(isAlive(pids[0])).toBe(false);
    expect(isAlive(pids[1])).toBe(true);
    // As started, not as /proc shows it after the exec (`sleep 600`).
    expect(stopped.argv).toEqual(['sh', '-c', 'echo "run in $PWD with $PART_SETTING"; exec sleep 600']);
    expect(stopped.cwd).toBe(cwd);
    expect(() => partPid('part-a', file)).toThrow(/part-a.*not running/);

    // The caller's environment differs: the part still gets its own.
    process.env.PART_SETTING = 'the caller\'s';
    const pid = restartPart(stopped, file);

    delete process.env.PART_SETTING;
    pids.push(pid);
    const log = await logOf('part-a', `run in ${ cwd } with kept\n`, 2);

    expect(log.split('\n').filter((l) => l.startsWith('run in'))).toHaveLength(2);
    expect(log).not.toContain('the caller');
    expect(partPid('part-a', file)).toBe(pid);
    const info = JSON.parse(fs.readFileSync(file, 'utf8'));

    expect(info.pids).toEqual([pid, pids[1]]);
  });

  it('names the parts there are when asked for one the stack lacks', () => {
    expect(() => partPid('steve-nowhere', file)).toThrow('the stack has no part "steve-nowhere" (it has: part-a, part-b)');
  });

  it('starts again, as a kubelet would, the parts that exited, and only those', async() => {
    const sidecar = startProcess('sidecar', 'sh', ['-c', 'echo "sidecar up"; exec sleep 600']);

    pids.push(sidecar.child.pid as number);
    const info = JSON.parse(fs.readFileSync(file, 'utf8'));

    fs.writeFileSync(file, JSON.stringify({ ...info, processes: [...info.processes, { name: 'sidecar', pid: sidecar.child.pid }] }));
    await logOf('sidecar', 'sidecar up');
    expect(restartExited(file)).toEqual([]);
    process.kill(sidecar.child.pid as number, 'SIGKILL');
    for (let i = 0; i < 50 && isAlive(sidecar.child.pid as number); i++) {
      await sleep(100);
    }
    expect(restartExited(file)).toEqual(['sidecar']);
    const pid = partPid('sidecar', file);

    pids.push(pid);
    expect(pid).not.toBe(sidecar.child.pid);
    expect((await logOf('sidecar', 'sidecar up', 2)).split('sidecar up')).toHaveLength(3);
  });

  it('freezes a part and lets it go on; a crash stops even a frozen part at once', async() => {
    const part = startProcess('ticker', 'sh', ['-c', 'while :; do echo tick; sleep 0.1; done']);

    pids.push(part.child.pid as number);
    const info = JSON.parse(fs.readFileSync(file, 'utf8'));

    fs.writeFileSync(file, JSON.stringify({ ...info, processes: [...info.processes, { name: 'ticker', pid: part.child.pid }] }));
    await logOf('ticker', 'tick', 2);
    const resume = pausePart('ticker', file);
    const ticks = () => fs.readFileSync(path.join(runDir, 'logs', 'ticker.log'), 'utf8').split('tick').length;

    await sleep(300);
    const frozen = ticks();

    await sleep(500);
    // No tick while frozen.
    expect(ticks()).toBe(frozen);
    resume();
    await logOf('ticker', 'tick', frozen + 2);
    pausePart('ticker', file);
    const t0 = Date.now();

    await stopPart('ticker', file, { crash: true });
    expect(isAlive(part.child.pid as number)).toBe(false);
    // No grace period for a crash.
    expect(Date.now() - t0).toBeLessThan(1500);
  });
});
