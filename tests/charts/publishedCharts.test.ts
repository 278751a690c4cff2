/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { compareVersions } from '../../scripts/publish/repoIndex';
import { runHelm, helmTemplate } from './helm';
import { schemaProblems, uiPluginSchema } from './uiPluginCrd';

/**
 * Every chart version this repository publishes, checked by the real Helm (built from tools/chartops): what Rancher
 * runs when an admin installs it from the Extensions page is `helm install` of the archive in assets/.
 */
const ROOT = path.resolve(__dirname, '../..');
const NAME = 'harvester-cloud-ui';
const VERSIONS = fs.readdirSync(path.join(ROOT, 'charts', NAME)).sort(compareVersions);
const index = parse(fs.readFileSync(path.join(ROOT, 'index.yaml'), 'utf8'));
const schema = uiPluginSchema();

/**
 * Published before the chart named its icon by an absolute URL: Helm's lint refuses their relative icon path
 * (Rancher resolves it in a Git or HTTP repository). Published versions are never rewritten, so for these lint's
 * one allowed finding is exactly that; any other finding still fails.
 */
const RELATIVE_ICON_VERSIONS = ['0.2.0', '0.3.0', '0.4.0'];

// Rancher's plugin cache refuses files.txt entries matching this (pkg/controllers/dashboard/plugin/fscache.go).
const RANCHER_FILE_NAME_REJECT = /(^[/\\.])|\.\./;

it('there are published versions to check', () => {
  expect(VERSIONS.length).toBeGreaterThanOrEqual(4);
});

describe.each(VERSIONS)('chart %s', (version) => {
  const chartDir = path.join(ROOT, 'charts', NAME, version);
  const archive = path.join(ROOT, 'assets', NAME, `${ NAME }-${ version }.tgz`);

  it('passes helm lint --strict, as a folder and as the published archive', () => {
    for (const chart of [chartDir, archive]) {
      const r = runHelm(['lint', '--strict', chart]);
      const findings = r.stdout.split('\n').filter((l) => /^\[(ERROR|WARNING|INFO)\]/.test(l));

      if (RELATIVE_ICON_VERSIONS.includes(version)) {
        expect(findings).toEqual([`[ERROR] Chart.yaml: invalid icon URL 'assets/${ NAME }/icon.svg'`]);
      } else {
        expect({
          chart, status: r.status, findings
        }).toEqual({
          chart, status: 0, findings: []
        });
        expect(r.stdout).toContain('1 chart(s) linted, 0 chart(s) failed');
      }
    }
  });

  it('the archive is what the index lists, and renders like the folder', () => {
    const shown = parse(runHelm(['show', 'chart', archive]).stdout);
    const entry = index.entries[NAME].find((e: any) => e.version === version);

    expect(shown).toMatchObject({
      name: NAME, version, annotations: entry.annotations
    });
    expect(helmTemplate(archive)).toStrictEqual(helmTemplate(chartDir));
  });

  it('renders one UIPlugin that Rancher\'s plugin controller would cache', () => {
    const docs = helmTemplate(archive, { release: 'any-release-name' });
    const ui = docs[0];

    expect(docs).toHaveLength(1);
    expect({ apiVersion: ui.apiVersion, kind: ui.kind }).toEqual({ apiVersion: 'catalog.cattle.io/v1', kind: 'UIPlugin' });
    // The controller lists UIPlugins in cattle-ui-plugin-system only, and the dashboard finds the extension by its
    // chart name whatever the release is called.
    expect(ui.metadata).toMatchObject({ name: NAME, namespace: 'cattle-ui-plugin-system' });
    expect(ui.spec.plugin).toMatchObject({
      name: NAME, version, noCache: false
    });
    // The controller fetches <endpoint>/plugin/package.json and requires its version to equal spec.plugin.version,
    // then every files.txt entry from <endpoint>/<entry>: the endpoint is where this repository serves that version.
    expect(ui.spec.plugin.endpoint).toMatch(new RegExp(`^https://[^/]+/.*/extensions/${ NAME }/${ version.replace(/\./g, '\\.') }$`));
    const ext = path.join(ROOT, 'extensions', NAME, version);

    expect(JSON.parse(fs.readFileSync(path.join(ext, 'plugin', 'package.json'), 'utf8')).version).toBe(version);
    const files = fs.readFileSync(path.join(ext, 'files.txt'), 'utf8').split('\n').filter(Boolean);

    expect(files.filter((f) => RANCHER_FILE_NAME_REJECT.test(f) || !fs.existsSync(path.join(ext, f)))).toEqual([]);
    // The dashboard loads an extension only with ui-extensions-version in the UIPlugin's metadata, and checks
    // rancher-version there as Rancher's catalog checks it on the chart.
    const chartAnnotations = parse(fs.readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8')).annotations;

    expect(ui.spec.plugin.metadata).toMatchObject({
      'catalog.cattle.io/ui-extensions-version': chartAnnotations['catalog.cattle.io/ui-extensions-version'],
      'catalog.cattle.io/rancher-version':       chartAnnotations['catalog.cattle.io/rancher-version'],
    });
  });

  (schema ? it : it.skip)('the UIPlugin fits Rancher\'s CRD schema (rancher v2.15.0), nothing pruned', () => {
    expect(schemaProblems(helmTemplate(archive)[0], schema)).toEqual([]);
  });
});

(schema ? it : it.skip)('the schema check finds what the apiserver would refuse or prune', () => {
  const ui = helmTemplate(path.join(ROOT, 'charts', NAME, VERSIONS[0]))[0];
  const broken = {
    ...ui,
    spec: {
      plugin: {
        ...ui.spec.plugin, noCache: 'false', compressedEndpoint: 1, extra: 'x'
      }
    }
  };

  expect(schemaProblems(broken, schema)).toEqual([
    '.spec.plugin.noCache: string, schema says boolean',
    '.spec.plugin.compressedEndpoint: number, schema says string',
    '.spec.plugin.extra: not in the schema (pruned)',
  ]);
});
