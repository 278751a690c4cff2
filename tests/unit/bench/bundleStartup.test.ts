/**
 * The start-up cost (tests/bench/bundleStartup.ts) on a small made-up build: the entry and the start-up strings of
 * the page's language (and en-us beside another language, as the shell loads it), the packs left out, and the
 * 12 KiB budget `npm test` holds.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { measureBundle } from '../../bench/bundle';
import {
  formatStartup, packOf, STARTUP_BUDGET, startupCosts, startupProblems
} from '../../bench/bundleStartup';
import { CLUSTER_ENTRY } from '../../bench/bundleBudgets';

const W = 'webpack://harvester-cloud-ui-0.6.0/';

function chunk(dir: string, file: string, code: Buffer, sources: string[]) {
  fs.writeFileSync(path.join(dir, file), code);
  fs.writeFileSync(path.join(dir, `${ file }.map`), JSON.stringify({
    version: 3, sources: sources.map((s) => W + s), sourcesContent: sources.map(() => '')
  }));
}

/** Random bytes: gzip cannot shrink them, so sizes are about what the test says. */
const noise = (bytes: number) => crypto.randomBytes(bytes);

function fakeBuild(entryBytes: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-test-'));

  chunk(dir, 'x.umd.min.js', noise(entryBytes), ['./index.ts']);
  chunk(dir, 'x.umd.min.1.js', noise(300), ['./l10n/en-us.yaml']);
  chunk(dir, 'x.umd.min.2.js', noise(400), ['./l10n/zh-hans.yaml']);
  chunk(dir, 'x.umd.min.3.js', noise(5000), ['./strings/topology/en-us.yaml']);
  chunk(dir, 'x.umd.min.4.js', noise(5000), ['./strings/topology/zh-hans.yaml']);
  // The guest check, loaded on entering any cluster: `import('./classify')` in the entry.
  chunk(dir, 'x.umd.min.5.js', noise(1300), ['./environment/classify.ts', './environment/hostCluster.ts']);
  fs.appendFileSync(path.join(dir, 'x.umd.min.js'), 'n.e(5).then(function(){})');

  return dir;
}

const gz = (dir: string, f: string) => zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length;

describe('the start-up cost', () => {
  it('is the entry, the start-up strings of the language (en-us beside another) and the guest check\'s chunk; packs are not in it', () => {
    const dir = fakeBuild(9000);
    const report = measureBundle(dir, [CLUSTER_ENTRY]);
    const costs = startupCosts(report);
    const entry = gz(dir, 'x.umd.min.js');
    const check = gz(dir, 'x.umd.min.5.js');

    expect(costs.map((c) => c.locale)).toEqual(['en-us', 'zh-hans']);
    expect(costs[0].gzip).toBe(entry + gz(dir, 'x.umd.min.1.js') + check);
    expect(costs[1].gzip).toBe(entry + gz(dir, 'x.umd.min.1.js') + gz(dir, 'x.umd.min.2.js') + check);
    expect(costs[0].clusterEntry.map((c) => c.id)).toEqual(['5']);
    expect(report.chunks.filter((c) => packOf(c)).map((c) => packOf(c))).toEqual([{ pack: 'topology', locale: 'en-us' }, { pack: 'topology', locale: 'zh-hans' }]);
    expect(startupProblems(costs)).toEqual([]);
    expect(formatStartup(report, costs).join('\n')).toMatch(/start-up \(zh-hans, a page of a cluster not on Harvester\): .*entry .* \+ start-up strings en-us .* \+ zh-hans .* \+ guest check chunk 5 .*\nstrings pack topology: en-us .*, zh-hans .* \(loaded with what shows it\)/);
  });

  it('refuses a report measured without the guest check: those bytes would go uncounted', () => {
    expect(() => startupCosts(measureBundle(fakeBuild(9000), []))).toThrow(/CLUSTER_ENTRY/);
  });

  it('fails npm test above 12 KiB in any language', () => {
    // Under the budget without the guest check's chunk, over it with it (issue 34: that chunk went uncounted).
    const costs = startupCosts(measureBundle(fakeBuild(STARTUP_BUDGET - 1500), [CLUSTER_ENTRY]));
    const problems = startupProblems(costs);

    expect(costs.every((c) => c.gzip - c.clusterEntry[0].gzip < STARTUP_BUDGET)).toBe(true);
    expect(problems.map((p) => p.enforced)).toEqual([true, true]);
    expect(problems[1].message).toMatch(/^start-up \(zh-hans\): entry .* \+ strings .* \+ guest check 1\.\d KiB = 12\.\d KiB gzipped, budget 12\.0 KiB$/);
  });
});
