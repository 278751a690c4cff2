import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { helmFileOrder } from '../../scripts/publish/archive';
import { baseFromEndpoint, DEFAULT_BASE_URL, rawBaseFromRemote, resolveBaseUrl } from '../../scripts/publish/config';
import { chartMetadata, endpointFor, renderChartFiles, writeChartDir } from '../../scripts/publish/chart';
import { filesTxt } from '../../scripts/publish/extension';
import { packageInfoFrom } from '../../scripts/publish/pkgInfo';
import { compareVersions, findEntry, indexEntry, mergeIndex } from '../../scripts/publish/repoIndex';
import { parse } from 'yaml';
import { ANNOTATIONS } from './fixture';
import { helmTemplate } from './helm';

// An index as another tool might have written it: odd quoting, unsorted keys, YAML 1.1-looking values.
const FOREIGN_INDEX = `apiVersion: v1
entries:
  zeta:
  - version: 1.0.0
    name: zeta
    appVersion: 1.0
    created: "2024-10-02T14:56:55.22249+01:00"
    deprecated: yes
    annotations:
      catalog.cattle.io/rancher-version: '>= 2.9.0'
    digest: abc
    urls:
    - assets/zeta/zeta-1.0.0.tgz
  harvester-cloud-ui:
  - name: harvester-cloud-ui
    version: 0.0.9
    created: 2025-01-01T00:00:00Z
    digest: old
    urls:
    - assets/harvester-cloud-ui/harvester-cloud-ui-0.0.9.tgz
generated: "2025-01-01T00:00:00Z"
`;
const ZETA_BLOCK = FOREIGN_INDEX.slice(FOREIGN_INDEX.indexOf('  - version: 1.0.0'), FOREIGN_INDEX.indexOf('  harvester-cloud-ui:'));
const OLD_BLOCK = FOREIGN_INDEX.slice(FOREIGN_INDEX.indexOf('  - name: harvester-cloud-ui'), FOREIGN_INDEX.indexOf('generated:'));

const pkg = packageInfoFrom({
  name: 'harvester-cloud-ui', version: '0.1.0', rancher: { annotations: ANNOTATIONS }
});
const entry = (version: string) => indexEntry({
  ...chartMetadata({ ...pkg, version }, 'https://example.org/repo'), version, appVersion: version
}, {
  url: `assets/harvester-cloud-ui/harvester-cloud-ui-${ version }.tgz`, digest: `d${ version }`, created: '2026-01-01T00:00:00.000Z'
});

describe('repoIndex.mergeIndex', () => {
  it('keeps the text of every other entry exactly, adds the version newest first and sorts charts by name', () => {
    const out = mergeIndex(FOREIGN_INDEX, entry('0.1.0'), '2026-01-01T00:00:00.000Z');
    const index = parse(out);

    expect(out).toContain(ZETA_BLOCK);
    expect(out).toContain(OLD_BLOCK);
    expect(Object.keys(index.entries)).toStrictEqual(['harvester-cloud-ui', 'zeta']);
    expect(index.entries['harvester-cloud-ui'].map((e: any) => e.version)).toStrictEqual(['0.1.0', '0.0.9']);
    expect(index.generated).toBe('2026-01-01T00:00:00.000Z');
  });

  it('replaces the entry of the same version only', () => {
    const once = mergeIndex(FOREIGN_INDEX, entry('0.1.0'), 'g1');
    const twice = mergeIndex(once, { ...entry('0.1.0'), digest: 'new' }, 'g2');

    expect(findEntry(twice, 'harvester-cloud-ui', '0.1.0')?.digest).toBe('new');
    expect(parse(twice).entries['harvester-cloud-ui']).toHaveLength(2);
    expect(twice).toContain(OLD_BLOCK);
  });

  it('starts a new index when there is none', () => {
    const index = parse(mergeIndex(undefined, entry('0.1.0'), 'g'));

    expect(index.apiVersion).toBe('v1');
    expect(index.entries['harvester-cloud-ui'][0]).toMatchObject({ version: '0.1.0', digest: 'd0.1.0' });
  });

  it('refuses an index that does not parse', () => {
    expect(() => mergeIndex('entries: [', entry('0.1.0'), 'g')).toThrow(/does not parse/);
  });
});

describe('repoIndex.compareVersions', () => {
  it('orders as semver does', () => {
    const sorted = ['0.10.0', '0.2.0', '1.0.0-rc.1', '1.0.0', '0.2.0-beta.2', '0.2.0-beta.10', '0.2.0-alpha', '0.9.1'].sort(compareVersions);

    expect(sorted).toStrictEqual(['0.2.0-alpha', '0.2.0-beta.2', '0.2.0-beta.10', '0.2.0', '0.9.1', '0.10.0', '1.0.0-rc.1', '1.0.0']);
  });
});

describe('config: where the repository is served from', () => {
  it('turns a GitHub origin into its raw-content base URL', () => {
    for (const remote of ['https://github.com/o/r.git', 'git@github.com:o/r.git', 'ssh://git@github.com/o/r', 'https://github.com/o/r']) {
      expect(rawBaseFromRemote(remote, 'main')).toBe('https://raw.githubusercontent.com/o/r/main');
    }
    expect(rawBaseFromRemote('https://gitlab.com/o/r.git')).toBeUndefined();
  });

  it('recovers the base URL of an earlier endpoint', () => {
    expect(baseFromEndpoint('https://h/x/extensions/harvester-cloud-ui/0.1.0', 'harvester-cloud-ui')).toBe('https://h/x');
    expect(baseFromEndpoint(undefined, 'harvester-cloud-ui')).toBeUndefined();
  });

  it('prefers --base-url, then the env, the origin, the last chart, the default', () => {
    const all = {
      flag: 'https://a/', env: 'https://b', gitRemote: 'git@github.com:o/r.git', previousEndpoint: 'https://c/extensions/n/1.0.0', name: 'n'
    };

    expect(resolveBaseUrl(all)).toStrictEqual({ url: 'https://a', source: '--base-url' });
    expect(resolveBaseUrl({ ...all, flag: undefined }).url).toBe('https://b');
    expect(resolveBaseUrl({
      ...all, flag: undefined, env: undefined
    }).url).toBe('https://raw.githubusercontent.com/o/r/main');
    expect(resolveBaseUrl({ name: 'n', previousEndpoint: all.previousEndpoint }).url).toBe('https://c');
    expect(resolveBaseUrl({ name: 'n' }).url).toBe(DEFAULT_BASE_URL);
    expect(() => resolveBaseUrl({ name: 'n', flag: 'raw/relative' })).toThrow(/absolute/);
  });

  it('builds the endpoint from the base URL and version', () => {
    expect(endpointFor('https://h/r/', 'harvester-cloud-ui', '1.2.3')).toBe('https://h/r/extensions/harvester-cloud-ui/1.2.3');
  });
});

describe('package.json checks', () => {
  it('requires the annotations Rancher needs and a semantic version', () => {
    expect(() => packageInfoFrom({
      name: 'x', version: '0.1.0', rancher: { annotations: {} }
    })).toThrow(/display-name/);
    expect(() => packageInfoFrom({
      name: 'x', version: '0.1', rancher: { annotations: ANNOTATIONS }
    })).toThrow(/semantic version/);
    expect(() => packageInfoFrom({
      name: 'X_y', version: '0.1.0', rancher: { annotations: ANNOTATIONS }
    })).toThrow(/name/);
  });

  it('lets package.json annotations override the chart defaults', () => {
    const meta = chartMetadata(packageInfoFrom({
      name: 'x', version: '0.1.0', rancher: { annotations: { ...ANNOTATIONS, 'catalog.cattle.io/certified': 'partner' } }
    }), 'https://example.org/repo');

    expect(meta.annotations['catalog.cattle.io/certified']).toBe('partner');
    expect(meta.annotations['catalog.cattle.io/ui-component']).toBe('plugins');
  });
});

describe('files.txt and archive order', () => {
  it('sorts the list and rejects names Rancher would refuse', () => {
    expect(filesTxt(['plugin/b.js', 'plugin/a.js'])).toBe('plugin/a.js\nplugin/b.js\n');
    expect(() => filesTxt(['plugin/../x.js'])).toThrow(/refuse/);
    expect(() => filesTxt(['.hidden'])).toThrow(/refuse/);
    expect(() => filesTxt(['plugin/a b.js'])).toThrow(/refuse/);
  });

  it('orders chart files as helm package does', () => {
    expect(helmFileOrder(['README.md', 'templates/cr.yaml', 'values.yaml', 'Chart.yaml', 'templates/_helpers.tpl']))
      .toStrictEqual(['Chart.yaml', 'values.yaml', 'templates/_helpers.tpl', 'templates/cr.yaml', 'README.md']);
  });
});

describe('the UIPlugin template', () => {
  it('honours values overrides an admin may set at install time (helm template)', async() => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chart-'));

    try {
      const pkg = packageInfoFrom({
        name: 'harvester-cloud-ui', version: '0.1.0+b1', rancher: { annotations: ANNOTATIONS }
      });

      await writeChartDir(dir, renderChartFiles(pkg, 'https://example.org'));
      const [out] = helmTemplate(dir, { release: 'other', set: ['plugin.endpoint=https://mirror.internal/ext/0.1.0', 'plugin.noCache=true'] });

      expect(out.spec.plugin).toStrictEqual({
        name: 'harvester-cloud-ui', version: '0.1.0+b1', endpoint: 'https://mirror.internal/ext/0.1.0', noCache: true, noAuth: false, metadata: ANNOTATIONS
      });
      expect(out.metadata.labels['helm.sh/chart']).toBe('harvester-cloud-ui-0.1.0_b1');
      expect(out.metadata.labels['app.kubernetes.io/instance']).toBe('other');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
