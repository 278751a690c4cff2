/**
 * tests/flows/lib/samePath.ts: the e2e dev server sees the clone at one fixed path, whichever folder it is in (so
 * webpack's cache hits in every clone), and nothing is mounted on the machine itself.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { samePathLaunch } from '../../flows/lib/samePath';

function cloneWith(marker: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hcui-clone-'));

  fs.writeFileSync(path.join(root, 'marker'), marker);
  fs.writeFileSync(path.join(root, 'where.sh'), 'echo "$(pwd) $(cat marker) $1"\n', { mode: 0o755 });

  return root;
}

describe('the e2e dev server at one path', () => {
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'hcui-cache-'));

  it('runs two clones in different folders at the same path, each seeing its own files, and mounts nothing on the machine', () => {
    const a = cloneWith('a');
    const b = cloneWith('b');
    const runs = [a, b].map((root) => {
      const launch = samePathLaunch(root, path.join(root, 'where.sh'), ['arg'], cache);

      return { launch, out: spawnSync(launch.command, launch.args, { cwd: root, encoding: 'utf8' }) };
    });

    if (runs[0].launch.fallback) {
      // Not root (a developer's machine): the clone's own path, said in the log.
      expect(runs.map((r) => r.out.stdout.trim())).toEqual([`${ fs.realpathSync(a) } a arg`, `${ fs.realpathSync(b) } b arg`]);

      return;
    }
    expect(runs.map((r) => r.out.stdout.trim())).toEqual([`${ cache }.src a arg`, `${ cache }.src b arg`]);
    expect(runs.every((r) => r.launch.root === `${ cache }.src`)).toBe(true);
    expect(fs.readdirSync(`${ cache }.src`)).toEqual([]);
  });

  it('runs at the clone\'s own path without a cache', () => {
    const a = cloneWith('a');

    expect(samePathLaunch(a, path.join(a, 'where.sh'), [], null)).toEqual({
      command: path.join(a, 'where.sh'), args: [], root: a
    });
  });
});
