/**
 * The scene of Way 1 of the air-gapped install (docs/air-gapped.md), for the flow and Rancher's API test alike: the
 * extension catalog image `publish-pkgs` pushes, in a registry on this machine that wants credentials, the pull Secret
 * an admin creates first, the names Rancher's Import Extension Catalog dialog gives what it creates, the repository's
 * Refresh, and everything of it removed afterwards.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LocalRegistry, startRegistry } from '../../../lab/chartops/registry';
import { rancherHostsFile, rancherNetns } from '../../../lab/stack/rancher/state';
import { namesSeenBy } from '../../../lab/standins/pods/services';
import { importedNames, pushCatalogImage } from '../../../scripts/publish/catalogImage';

type Api = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

const ROOT = path.resolve(__dirname, '../../..');

export const CATALOG_NS = 'cattle-ui-plugin-system';
export const CATALOG_LABEL = 'catalog.cattle.io/ui-extensions-catalog-image';
export const PULL_SECRET = 'extension-catalog-pull';

export interface CatalogScene {
  registry: LocalRegistry;
  ref: string;
  names: ReturnType<typeof importedNames>;
  user: string;
  password: string;
  stop(): Promise<void>;
}

/** A registry with credentials and the catalog image of `version` (this repository's published files) pushed to it. */
export async function catalogScene(name: string, version: string): Promise<CatalogScene> {
  const user = 'publisher';
  const password = crypto.randomBytes(12).toString('hex');
  const registry = await startRegistry({ user, password });

  try {
    const pushed = await pushCatalogImage({
      root:        ROOT,
      name,
      displayName: 'Harvester Cloud Provider',
      version,
      target:      { registry: registry.host, repository: 'rancher-extensions' },
      access:      {
        plainHttp: true, username: user, password
      }
    });

    return {
      registry, ref: pushed.ref, names: importedNames(pushed.ref), user, password, stop: () => registry.stop()
    };
  } catch (e) {
    await registry.stop();
    throw e;
  }
}

export function publishedVersion(name: string): string {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'pkg', name, 'package.json'), 'utf8')).version;
}

/** Step 1 of Way 1: the image pull Secret (kubernetes.io/dockerconfigjson) in cattle-ui-plugin-system. */
export async function createPullSecret(api: Api, scene: CatalogScene): Promise<void> {
  const auths = { [scene.registry.host]: { username: scene.user, password: scene.password } };
  const r = await api('POST', '/v1/secrets', {
    type:     'kubernetes.io/dockerconfigjson',
    metadata: { name: PULL_SECRET, namespace: CATALOG_NS },
    data:     { '.dockerconfigjson': Buffer.from(JSON.stringify({ auths })).toString('base64') },
  });

  if (r.status !== 201) {
    throw new Error(`the pull Secret: ${ r.status } ${ JSON.stringify(r.body) }`);
  }
}

/** Rancher's server process (its command is `rancher`) among the processes of its network namespace. */
function rancherPid(): string {
  const pids = spawnSync('ip', ['netns', 'pids', rancherNetns().name], { encoding: 'utf8' }).stdout.split(/\s+/).filter(Boolean);
  const pid = pids.find((p) => {
    try {
      return fs.readFileSync(`/proc/${ p }/comm`, 'utf8').trim() === 'rancher';
    } catch (e) {
      return false;
    }
  });

  if (!pid) {
    throw new Error(`no rancher process in the network namespace ${ rancherNetns().name }`);
  }

  return pid;
}

/**
 * Waits until the catalog answers at the repository's own URL, read as Rancher reads it: from Rancher's network and
 * mount namespaces, its name resolved through Rancher's /etc/hosts (lab/standins/pods/services.ts). What the
 * Deployment's 1/1 stands for before an admin refreshes the repository. The Pod is Running a moment before its server
 * and the Service's route listen, as in a cluster, where kube-proxy follows the Pod's readiness.
 */
export async function catalogAnswers(api: Api, clusterRepo: string): Promise<void> {
  const url = `${ (await api('GET', `/v1/catalog.cattle.io.clusterrepos/${ clusterRepo }`)).body?.spec?.url }`.replace(/\/*$/, '/index.yaml');
  const end = Date.now() + 60000;
  const pid = rancherPid();
  let last = '';

  while (Date.now() < end) {
    // process.stdout.write, not console.log: Playwright's workers set FORCE_COLOR, which colours a logged number.
    const get = `require('http').get(${ JSON.stringify(url) }, (r) => { process.stdout.write(String(r.statusCode)); process.exit(0); }).on('error', (e) => { process.stdout.write(String(e.code)); process.exit(0); }).setTimeout(2000, () => process.exit(0))`;
    const r = spawnSync('nsenter', ['-t', pid, '-m', '-n', process.execPath, '-e', get], { encoding: 'utf8' });

    last = `${ r.stdout }${ r.stderr }`.trim();
    if (last === '200') {
      // Rancher (Go) may still hold a hosts file it read before the Service's name was in it (services.ts).
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, namesSeenBy(rancherHostsFile()) - Date.now())));

      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the catalog at ${ url } did not answer from Rancher's namespaces within 60 s (last: ${ last || 'no answer' })`);
}

/** The repository list's Refresh (shell/models/catalog.cattle.io.clusterrepo.js `refresh`: `spec.forceUpdate`). */
export async function refreshRepo(api: Api, name: string): Promise<void> {
  const repo = (await api('GET', `/v1/catalog.cattle.io.clusterrepos/${ name }`)).body;

  repo.spec.forceUpdate = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const r = await api('PUT', `/v1/catalog.cattle.io.clusterrepos/${ name }`, repo);

  if (r.status !== 200) {
    throw new Error(`Refresh of ${ name }: ${ r.status }`);
  }
}

/** What the repository's status says of its last download (its Downloaded condition), for a failure's message. */
export async function repoDownload(api: Api, name: string): Promise<string> {
  const status = (await api('GET', `/v1/catalog.cattle.io.clusterrepos/${ name }`)).body?.status || {};
  const c = (status.conditions || []).find((x: any) => x.type === 'Downloaded') || {};

  return `Downloaded ${ c.status || '?' } ${ c.message || '' } (generation observed ${ status.observedGeneration }, retries ${ status.numberOfRetries || 0 })`.trim();
}

/** The Pods of a Deployment the dialog created (they carry its label). */
export async function catalogPods(api: Api, deployment: string): Promise<any[]> {
  return (await api('GET', `/v1/pods/${ CATALOG_NS }?labelSelector=${ encodeURIComponent(`${ CATALOG_LABEL }=${ deployment }`) }`)).body?.data || [];
}

/** What the dialog created and the pull Secret, gone (extra Deployments too). */
export async function dropCatalog(api: Api, scene: CatalogScene, extraDeployments: string[] = []): Promise<void> {
  const { names } = scene;

  for (const p of [
    `/v1/catalog.cattle.io.clusterrepos/${ names.clusterRepo }`, `/v1/services/${ CATALOG_NS }/${ names.service }`,
    ...[names.deployment, ...extraDeployments].map((d) => `/v1/apps.deployments/${ CATALOG_NS }/${ d }`), `/v1/secrets/${ CATALOG_NS }/${ PULL_SECRET }`,
  ]) {
    await api('DELETE', p);
  }
}
