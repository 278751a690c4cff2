/** @jest-environment node */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { THIS_REPOSITORY } from '../../lab/simulator/catalog/thisRepository';
import { call, demoState } from './helpers';

const ROOT = path.resolve(__dirname, '../..');
/** The version this repository publishes (pkg/harvester-cloud-ui/package.json). */
const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'pkg/harvester-cloud-ui/package.json'), 'utf8')).version;
const REPO = '/v1/catalog.cattle.io.clusterrepos/harvester-cloud-ui';
/** The committed index the Extensions page is served from (read here too, so the test follows the file). */
const committed = () => parse(fs.readFileSync(path.join(ROOT, 'assets/index.yaml'), 'utf8'));
const HOST = { host: 'localhost:8005', 'x-forwarded-proto': 'https' };

describe('the extension\'s Helm repository as a ClusterRepo', () => {
  const state = demoState();

  it('lists the harvester-cloud-ui ClusterRepo, a Git repo of this repository that is Downloaded and active, with Rancher\'s content links', () => {
    const res = call(state, 'GET', '/v1/catalog.cattle.io.clusterrepos', { headers: HOST });

    expect(res.status).toBe(200);
    const repo = res.body.data.find((r: any) => r.id === 'harvester-cloud-ui');

    expect(repo).toMatchObject({
      type:   'catalog.cattle.io.clusterrepo',
      spec:   { gitRepo: THIS_REPOSITORY.gitRepo, gitBranch: 'main' },
      status: {
        url: THIS_REPOSITORY.gitRepo, branch: 'main', conditions: [expect.objectContaining({ type: 'Downloaded', status: 'True' })]
      },
      metadata: {
        state: {
          name: 'active', error: false, transitioning: false
        }
      },
      links: {
        index: `https://localhost:8005${ REPO }?link=index`,
        info:  `https://localhost:8005${ REPO }?link=info`,
        chart: `https://localhost:8005${ REPO }?link=chart`,
        icon:  `https://localhost:8005${ REPO }?link=icon`,
      },
    });
    if (fs.existsSync(path.join(ROOT, '.git'))) {
      expect(repo.status.commit).toMatch(/^[0-9a-f]{40}$/); // the checkout's HEAD
    }
  });

  it('its index link answers the committed assets/index.yaml as JSON, archive and icon URLs turned into links of the repo', () => {
    const res = call(state, 'GET', REPO, { query: { link: 'index' }, headers: HOST });
    const file = committed();

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body.apiVersion).toBe(file.apiVersion);
    expect(Object.keys(res.body.entries)).toEqual(Object.keys(file.entries));

    const versions = res.body.entries['harvester-cloud-ui'];
    const published = versions.find((v: any) => v.version === VERSION);

    expect(published).toMatchObject({
      name:        'harvester-cloud-ui',
      version:     VERSION,
      annotations: {
        'catalog.cattle.io/display-name': 'Harvester Cloud Provider',
        'catalog.cattle.io/ui-component': 'plugins',
      },
      urls: [`https://localhost:8005${ REPO }?chartName=harvester-cloud-ui&link=chart&version=${ VERSION }`],
      icon: `https://localhost:8005${ REPO }?chartName=harvester-cloud-ui&link=icon&version=${ VERSION }`,
    });
    // Everything else is the file's, version by version.
    const fromFile = file.entries['harvester-cloud-ui'];

    expect(versions.map((v: any) => v.version)).toEqual(fromFile.map((v: any) => v.version));
    versions.forEach((v: any, i: number) => {
      const { urls: _u, icon: _i, ...rest } = fromFile[i];

      expect(v).toMatchObject(rest);
    });
  });

  it('keeps the committed file\'s content: the digest is the archive\'s sha256', () => {
    const published = call(state, 'GET', REPO, { query: { link: 'index' } }).body.entries['harvester-cloud-ui'].find((v: any) => v.version === VERSION);
    const archive = fs.readFileSync(path.join(ROOT, `assets/harvester-cloud-ui/harvester-cloud-ui-${ VERSION }.tgz`));

    expect(published.digest).toBe(createHash('sha256').update(archive).digest('hex'));
  });

  it('its chart link answers the archive, and its info link the chart\'s Chart.yaml, values and README', () => {
    const query = { chartName: 'harvester-cloud-ui', version: VERSION };
    const chart = call(state, 'GET', REPO, { query: { ...query, link: 'chart' } });

    expect(chart.status).toBe(200);
    expect(chart.headers['content-type']).toBe('application/gzip');
    expect(Buffer.compare(chart.body, fs.readFileSync(path.join(ROOT, `assets/harvester-cloud-ui/harvester-cloud-ui-${ VERSION }.tgz`)))).toBe(0);

    const info = call(state, 'GET', REPO, { query: { ...query, link: 'info' } });

    expect(info.status).toBe(200);
    expect(info.body.chart).toMatchObject({
      name: 'harvester-cloud-ui', version: VERSION, annotations: { 'catalog.cattle.io/display-name': 'Harvester Cloud Provider' }
    });
    expect(info.body.values.plugin.endpoint.endsWith(`/extensions/harvester-cloud-ui/${ VERSION }`)).toBe(true);
    expect(info.body.readme).toContain('# Harvester Cloud Provider');

    expect(call(state, 'GET', REPO, {
      query: {
        chartName: 'harvester-cloud-ui', version: '9.9.9', link: 'info'
      }
    }).status).toBe(404);
  });

  it('its icon link answers each version\'s icon file (a relative path from the clone, a URL of this repository from the file it serves); a data: URI fails (500)', () => {
    for (const { version, icon } of committed().entries['harvester-cloud-ui']) {
      const res = call(state, 'GET', REPO, {
        query: {
          chartName: 'harvester-cloud-ui', version, link: 'icon'
        }
      });

      // The published versions name a data: URI (before scripts/publish wrote icon files), a file path (0.2.0-0.4.0)
      // or the file's URL under the repository's base URL (helm lint wants an absolute URL).
      if (`${ icon }`.startsWith('data:')) {
        expect(res.status).toBe(500);
        expect(res.body.message).toMatch(/no such file or directory/);
      } else {
        const file = `${ icon }`.replace(/^https?:\/\/.*?\/(assets\/)/, '$1');

        expect({ version, status: res.status }).toEqual({ version, status: 200 });
        expect(res.headers['content-type']).toBe('image/svg+xml');
        expect(Buffer.from(res.body as Buffer).equals(fs.readFileSync(path.join(ROOT, file)))).toBe(true);
      }
    }
  });

  it('the Extensions page\'s other requests answer: UI plugins, apps in cattle-ui-plugin-system, operations (empty)', () => {
    expect(call(state, 'GET', '/v1/uiplugins').body).toEqual({ entries: {} });
    for (const path of ['/v1/catalog.cattle.io.uiplugins', '/v1/catalog.cattle.io.apps/cattle-ui-plugin-system', '/v1/catalog.cattle.io.operations']) {
      const res = call(state, 'GET', path);

      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
    }
  });

  it('a link on another type still answers the object; a repo the simulator has no checkout of has no index', () => {
    expect(call(state, 'GET', '/v1/management.cattle.io.settings/server-version', { query: { link: 'index' } }).body.id).toBe('server-version');

    const created = call(state, 'POST', '/v1/catalog.cattle.io.clusterrepos', {
      body: {
        type: 'catalog.cattle.io.clusterrepo', metadata: { name: 'other' }, spec: { gitRepo: 'https://github.com/rancher/ui-plugin-charts', gitBranch: 'main' }
      }
    });

    expect(created.status).toBe(201);
    expect(call(state, 'GET', '/v1/catalog.cattle.io.clusterrepos/other', { query: { link: 'index' } }).status).toBe(404);
  });
});
