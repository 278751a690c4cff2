/**
 * The extension installed in Rancher as Rancher installs it. The project's Helm repository (made by the publish
 * pipeline, handed in as `PublishRepo`, with its base URL at the stack's repository server) is added as a ClusterRepo through
 * Rancher's API; Rancher downloads its index. The Extensions page's Install then asks Rancher for a `helm-operation`
 * Pod, which needs a kubelet: what that Pod's `helm install` does is done here with the real Helm (tools/chartops),
 * with the same chart (the ClusterRepo's archive, the annotations Rancher injects into its Chart.yaml), the same
 * values (none: the chart's defaults), namespace and release name, and the ClusterRepo label Rancher adds, as the
 * admin through Rancher's own `/k8s/clusters/local` proxy. Rancher's UI-plugin operator then caches the files the
 * chart's UIPlugin names and serves them at /v1/uiplugins/….
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parse, stringify } from 'yaml';
import { RUN_DIR } from '../../core/paths';
import { writeTokenKubeconfig, secretsDir } from '../../core/serviceAccounts';
import { EXTENSION_REPO } from '../../world/ids';
import { RANCHER_PORTS } from './localCluster';
import { rancherExpect, rancherRequest, until } from './rancherApi';
import { rancherUrl } from './server';
import { helmBinary } from './helm';

export const EXTENSION = 'harvester-cloud-ui';
export const UI_PLUGIN_NAMESPACE = 'cattle-ui-plugin-system';

export function repoUrl(): string {
  return `http://127.0.0.1:${ RANCHER_PORTS.helmRepo }`;
}

/** Publishes the extension's Helm repository into `dir` with its endpoint at `baseUrl` (scripts/stack/extensionRepo.ts). */
export type PublishRepo = (dir: string, name: string, baseUrl: string) => Promise<{ version: string }>;

/** The ClusterRepo (Apps → Repositories → Create, HTTP(S) URL), once Rancher has downloaded its index. */
export async function addClusterRepo(token: string): Promise<void> {
  const get = await rancherRequest('GET', `/v1/catalog.cattle.io.clusterrepos/${ EXTENSION_REPO }`, token);

  if (get.status === 404) {
    await rancherExpect('POST', '/v1/catalog.cattle.io.clusterrepos', token, {
      type: 'catalog.cattle.io.clusterrepo', metadata: { name: EXTENSION_REPO }, spec: { url: `${ repoUrl() }/` }
    });
  }
  await until(`ClusterRepo ${ EXTENSION_REPO } downloaded`, 120000, async() => {
    const r = await rancherRequest('GET', `/v1/catalog.cattle.io.clusterrepos/${ EXTENSION_REPO }`, token);

    return (r.body?.status?.conditions || []).some((c: any) => c.type === 'Downloaded' && c.status === 'True');
  });
}

function download(url: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http.get(url, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`${ url }: HTTP ${ res.statusCode }`));

        return;
      }
      res.pipe(fs.createWriteStream(file)).on('finish', () => resolve());
    }).on('error', reject);
  });
}

/** The chart as Rancher hands it to the helm-operation Pod: its archive with the dashboard's annotations injected. */
async function chartAsRancherGivesIt(version: string, work: string): Promise<string> {
  const indexFile = path.join(work, 'index.yaml');

  await download(`${ repoUrl() }/index.yaml`, indexFile);
  const entry = (parse(fs.readFileSync(indexFile, 'utf8'))?.entries?.[EXTENSION] || []).find((e: any) => e.version === version);

  if (!entry?.urls?.[0]) {
    throw new Error(`the stack's Helm repository lists no ${ EXTENSION } ${ version }`);
  }
  const rel = entry.urls[0];
  const tgz = path.join(work, 'chart.tgz');

  await download(new URL(rel, `${ repoUrl() }/`).toString(), tgz);
  execFileSync('tar', ['xzf', tgz, '-C', work]);
  const chartYaml = path.join(work, EXTENSION, 'Chart.yaml');
  const chart = parse(fs.readFileSync(chartYaml, 'utf8'));

  // What the Extensions page sends as the install's annotations (shell/pages/c/_cluster/uiplugins: the source repo).
  chart.annotations = {
    ...(chart.annotations || {}), 'catalog.cattle.io/ui-source-repo': EXTENSION_REPO, 'catalog.cattle.io/ui-source-repo-type': 'cluster'
  };
  fs.writeFileSync(chartYaml, stringify(chart));

  return path.join(work, EXTENSION);
}

/** `helm install` of the extension as the helm-operation Pod would run it, unless a release is there already. */
export async function installExtension(token: string, version: string): Promise<void> {
  const apps = await rancherRequest('GET', `/v1/catalog.cattle.io.apps/${ UI_PLUGIN_NAMESPACE }/${ EXTENSION }`, token);

  if (apps.status !== 200) {
    const work = path.join(RUN_DIR, 'rancher', 'helm-op');

    fs.rmSync(work, { recursive: true, force: true });
    fs.mkdirSync(work, { recursive: true, mode: 0o700 });
    const chartDir = await chartAsRancherGivesIt(version, work);
    const kubeconfig = writeTokenKubeconfig(path.join(secretsDir(), 'helm-op.kubeconfig'), `${ rancherUrl() }/k8s/clusters/local`, token);

    execFileSync(helmBinary(), [
      'install', `--labels=catalog.cattle.io/cluster-repo-name=${ EXTENSION_REPO }`, `--namespace=${ UI_PLUGIN_NAMESPACE }`, '--create-namespace', '--timeout=600s', EXTENSION, chartDir,
    ], {
      env: {
        ...process.env, KUBECONFIG: kubeconfig, HELM_CONFIG_HOME: path.join(work, 'config'), HELM_CACHE_HOME: path.join(work, 'cache'), HELM_DATA_HOME: path.join(work, 'data')
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }
  // The operator's cache: the dashboard loads the extension from /v1/uiplugins once it is listed there.
  await until(`${ EXTENSION } ${ version } served from /v1/uiplugins`, 180000, async() => {
    const r = await rancherRequest('GET', '/v1/uiplugins', token);

    return r.body?.entries?.[EXTENSION]?.version === version;
  }, 2000);
}
