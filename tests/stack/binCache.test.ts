/**
 * @jest-environment node
 *
 * The linked binaries kept beside Go's build cache (lab/core/binCache.ts): what a fresh clone's build step copies
 * instead of linking again, only for the stamp they were built from, and never more than two stamps per kind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const goCache = fs.mkdtempSync(path.join(os.tmpdir(), 'bincache-'));

process.env.GOCACHE = goCache;

// eslint-disable-next-line import/first
import { buildCacheDir, keepBinaries, restoreBinaries } from '../../lab/core/binCache';

function built(dir: string, files: Record<string, string>): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), text);
  }
}

afterAll(() => fs.rmSync(goCache, { recursive: true, force: true }));

describe('binaries as linked before', () => {
  it('a clone with the same stamp gets copies of the binaries, executable, in its own folder', () => {
    const first = path.join(goCache, 'clone-a');
    const second = path.join(goCache, 'clone-b');

    built(first, { etcd: 'etcd v3.6.8', steve: 'steve v0.10.2' });
    keepBinaries('stack', 'stamp-1', first, ['etcd', 'steve']);

    expect(restoreBinaries('stack', 'stamp-1', second, ['etcd', 'steve'])).toBe(true);
    expect(fs.readFileSync(path.join(second, 'steve'), 'utf8')).toBe('steve v0.10.2');
    expect(fs.statSync(path.join(second, 'etcd')).mode & 0o111).not.toBe(0);

    // A copy, not a link: the clone's later rebuild does not change what the cache holds.
    fs.writeFileSync(path.join(second, 'steve'), 'rebuilt');
    expect(restoreBinaries('stack', 'stamp-1', path.join(goCache, 'clone-c'), ['steve'])).toBe(true);
    expect(fs.readFileSync(path.join(goCache, 'clone-c', 'steve'), 'utf8')).toBe('steve v0.10.2');
  });

  it('another stamp, another kind or a missing binary is built, not copied', () => {
    const dir = path.join(goCache, 'clone-d');

    built(path.join(goCache, 'src'), { helm: 'helm v3.22.0' });
    keepBinaries('chartops', 'stamp-1', path.join(goCache, 'src'), ['helm']);

    expect(restoreBinaries('chartops', 'stamp-2', dir, ['helm'])).toBe(false);
    expect(restoreBinaries('stack', 'stamp-1', dir, ['helm'])).toBe(false);
    expect(restoreBinaries('chartops', 'stamp-1', dir, ['helm', 'registry'])).toBe(false);
    expect(fs.existsSync(path.join(dir, 'helm'))).toBe(false);
  });

  it('keeps the two newest stamps of a kind', () => {
    const src = path.join(goCache, 'src-r');

    built(src, { rancher: 'r', agent: 'a' });
    for (const [i, stamp] of ['old', 'mid', 'new'].entries()) {
      keepBinaries('rancher-2.15', stamp, src, ['rancher', 'agent']);
      const at = new Date(Date.now() - (3 - i) * 60000);

      fs.utimesSync(path.join(goCache, 'harvester-cloud-ui-bin', 'rancher-2.15', stamp), at, at);
    }
    keepBinaries('rancher-2.15', 'newest', src, ['rancher', 'agent']);

    expect(fs.readdirSync(path.join(goCache, 'harvester-cloud-ui-bin', 'rancher-2.15')).sort()).toEqual(['new', 'newest']);
  });

  it('another build\'s cache (the e2e suite\'s webpack) lives beside Go\'s, so an empty GOCACHE leaves it cold too', () => {
    expect(buildCacheDir('webpack')).toBe(path.join(goCache, 'harvester-cloud-ui-webpack'));
  });
});
