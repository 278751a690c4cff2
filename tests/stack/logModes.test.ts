/**
 * Issue 37: a stack's logs are its own. Every process the stack starts logs to `<run>/logs/<name>.log`, mode 0600 in
 * a 0700 folder (Rancher logs its bootstrap password; a component may log a token), also when an older run left the
 * file or the folder readable by others.
 */
/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const mode = (p: string) => fs.statSync(p).mode & 0o777;

it('a started process logs to a file only its owner reads, in a folder only its owner opens', async() => {
  const run = fs.mkdtempSync(path.join(os.tmpdir(), 'log-modes-'));

  // An older run's log and folder, readable by everyone.
  fs.mkdirSync(path.join(run, 'logs'), { mode: 0o755 });
  fs.chmodSync(path.join(run, 'logs'), 0o755);
  fs.writeFileSync(path.join(run, 'logs', 'old.log'), 'before\n', { mode: 0o644 });
  process.env.STACK_DIR = run;
  const { startProcess } = await import('../../lab/core/processes');

  for (const name of ['old', 'new']) {
    const p = startProcess(name, 'sh', ['-c', 'echo started']);

    await new Promise((resolve) => p.child.on('exit', resolve));
    expect(mode(path.join(run, 'logs', `${ name }.log`)).toString(8)).toBe('600');
    expect(fs.readFileSync(path.join(run, 'logs', `${ name }.log`), 'utf8')).toContain('started');
  }
  expect(mode(path.join(run, 'logs')).toString(8)).toBe('700');
  fs.rmSync(run, { recursive: true, force: true });
});
