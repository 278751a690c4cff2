/**
 * The `rancher-charts` repository Rancher's agent image bundles (rancher package/Dockerfile: `COPY --from=rancher-charts
 * /var/lib/rancher-data/local-catalogs/v2/rancher-charts/<sha256 of https://git.rancher.io/charts>`), which the agent
 * reads when it cannot reach git.rancher.io (catalogv2/git RepoDir: the bundled folder comes first; Head and Ensure
 * only clone where it has no `.git`). Here it holds Harvester's own charts (harvester/charts 48a577b,
 * `../shared/harvester`) under the versions of the simulator's rancher-charts (GUEST_CHART_INDEX), packaged as
 * rancher/charts packages them (`assets/<chart>/<chart>-<version>.tgz`): Chart.yaml's version, appVersion and
 * annotations the index entry's, values.yaml's image tag its appVersion; `helm repo index` writes the entries of
 * index.yaml, and one git commit holds it all. Made as the Pod runner starts, then copied into each agent container's
 * /var/lib (agentImage.ts).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse, parseDocument, stringify } from 'yaml';
import { helmEnv } from '../../chartops/run';
import { GUEST_CHART_INDEX, RANCHER_CHARTS } from '../../simulator/catalog/guestCharts';
import { imageTagValues, packaged } from '../harvesterCharts';

type Obj = Record<string, any>;

/** Where the agent looks for its bundled rancher-charts (catalogv2/git utils.go staticDir, Hash). */
export const BUNDLED_RANCHER_CHARTS = `/var/lib/rancher-data/local-catalogs/v2/${ RANCHER_CHARTS.name }/${ crypto.createHash('sha256').update(RANCHER_CHARTS.gitRepo).digest('hex') }`;

/** Every leaf of `values` set in the YAML document (comments kept). */
function setLeaves(doc: ReturnType<typeof parseDocument>, values: Obj, at: string[] = []): void {
  for (const [k, v] of Object.entries(values)) {
    if (v && typeof v === 'object') {
      setLeaves(doc, v, [...at, k]);
    } else {
      doc.setIn([...at, k], v);
    }
  }
}

/** The repository in `<into>/rancher-charts`, made afresh (a second or so): never a stale copy; returns its folder. */
export function bundledRancherCharts(into: string, helm: string): string {
  const repo = path.join(into, RANCHER_CHARTS.name);

  fs.rmSync(repo, { recursive: true, force: true });
  const work = fs.mkdtempSync(path.join(into, 'charts-'));
  const env = helmEnv(path.join(work, 'helm'));

  try {
    for (const [chart, entries] of Object.entries(GUEST_CHART_INDEX.entries)) {
      for (const entry of entries) {
        const dir = packaged(chart, entry, fs.mkdtempSync(path.join(work, 'chart-')));
        const chartFile = path.join(dir, 'Chart.yaml');
        const meta = parseDocument(fs.readFileSync(chartFile, 'utf8'));
        const valuesFile = path.join(dir, 'values.yaml');
        const values = parseDocument(fs.readFileSync(valuesFile, 'utf8'));

        // rancher/charts sets the Rancher versions a chart is for per release branch; harvester/charts' own (2.6, 2.7
        // to 2.12) would hide these from Rancher 2.13 and 2.15. The simulator's entries name them where they limit.
        meta.deleteIn(['annotations', 'catalog.cattle.io/rancher-version']);
        for (const [k, v] of Object.entries(entry.annotations || {})) {
          meta.setIn(['annotations', k], v);
        }
        fs.writeFileSync(chartFile, meta.toString());
        setLeaves(values, imageTagValues(chart, `${ entry.appVersion || '' }`));
        fs.writeFileSync(valuesFile, values.toString());
        execFileSync(helm, ['package', dir, '-d', path.join(repo, 'assets', chart)], { env, stdio: 'pipe' });
      }
    }
    // `helm repo index` reads one folder level only: each chart's folder indexed, then merged (urls from the root).
    const entries: Obj = {};

    for (const chart of fs.readdirSync(path.join(repo, 'assets'))) {
      const folder = path.join(repo, 'assets', chart);

      execFileSync(helm, ['repo', 'index', folder, '--url', `assets/${ chart }`], { env, stdio: 'pipe' });
      Object.assign(entries, parse(fs.readFileSync(path.join(folder, 'index.yaml'), 'utf8')).entries);
      fs.rmSync(path.join(folder, 'index.yaml'));
    }
    fs.writeFileSync(path.join(repo, 'index.yaml'), stringify({ apiVersion: 'v1', entries }));
    const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], {
      stdio: 'pipe',
      env:   {
        ...process.env, GIT_AUTHOR_NAME: 'stack', GIT_AUTHOR_EMAIL: 'stack@localhost', GIT_COMMITTER_NAME: 'stack', GIT_COMMITTER_EMAIL: 'stack@localhost'
      },
    });

    git('init', '-q', '-b', RANCHER_CHARTS.gitBranch);
    git('add', '-A');
    git('commit', '-q', '-m', 'Harvester\'s charts from ../shared/harvester, as rancher/charts packages them');
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }

  return repo;
}
