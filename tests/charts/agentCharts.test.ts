/**
 * The rancher-charts repository the Pod runner gives Rancher's agent image (lab/standins/pods/agentCharts.ts), made
 * with the real Helm and git: where the agent looks for it (rancher v2.15.0 catalogv2/git RepoDir, Hash), one commit
 * the agent's `git reset --hard HEAD` finds, and an index Rancher reads as rancher/charts' (each version of the
 * simulator's rancher-charts, its kube-version annotation for Rancher's filter), with Harvester's own charts inside,
 * their image tag the entry's appVersion.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { bin } from '../../lab/chartops/build';
import { BUNDLED_RANCHER_CHARTS, bundledRancherCharts } from '../../lab/standins/pods/agentCharts';
import { GUEST_CHART_INDEX } from '../../lab/simulator/catalog/guestCharts';
import { helmTemplate } from './helm';

let dir: string;
let repo: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-charts-'));
  repo = bundledRancherCharts(dir, bin('helm'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('is where the agent image bundles rancher-charts, one commit with nothing left out', () => {
  // package/Dockerfile's COPY destination: the sha256 of https://git.rancher.io/charts.
  expect(BUNDLED_RANCHER_CHARTS).toBe('/var/lib/rancher-data/local-catalogs/v2/rancher-charts/4b40cac650031b74776e87c1a726b0484d0877c3ec137da0872547ff9b73a721');
  expect(execFileSync('git', ['-C', repo, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()).toMatch(/^[0-9a-f]{40}$/);
  expect(execFileSync('git', ['-C', repo, 'status', '--porcelain'], { encoding: 'utf8' })).toBe('');
});

it('indexes every version of the simulator\'s rancher-charts with its kube-version, and the chart inside runs the entry\'s appVersion', () => {
  const index = parse(fs.readFileSync(path.join(repo, 'index.yaml'), 'utf8'));

  for (const [chart, entries] of Object.entries(GUEST_CHART_INDEX.entries)) {
    expect(index.entries[chart].map((e: any) => e.version).sort()).toEqual(entries.map((e) => e.version).sort());
    for (const e of entries) {
      const got = index.entries[chart].find((x: any) => x.version === e.version);

      expect(got.annotations).toMatchObject(e.annotations || {});
      // harvester/charts' own Rancher range (2.6, or 2.7 to 2.12) is not rancher/charts': left to the entry.
      expect(got.annotations['catalog.cattle.io/rancher-version']).toBe(e.annotations?.['catalog.cattle.io/rancher-version']);
      expect(got.appVersion).toBe(e.appVersion);
      expect(got.urls).toEqual([`assets/${ chart }/${ chart }-${ e.version }.tgz`]);
      const rendered = helmTemplate(path.join(repo, got.urls[0]), {
        release: chart, namespace: 'kube-system', set: chart === 'harvester-cloud-provider' ? ['global.cattle.clusterName=k3s-bare'] : []
      });
      const images = rendered.flatMap((o: any) => o.spec?.template?.spec?.containers || []).map((c: any) => c.image);

      expect(images.some((i: string) => i.endsWith(`:${ e.appVersion }`))).toBe(true);
    }
  }
});
