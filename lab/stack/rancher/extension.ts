/**
 * The extension installed in Rancher as an admin installs it. The project's Helm repository (made by the publish
 * pipeline, handed in as `PublishRepo`, with its base URL at the stack's repository server) is added as a ClusterRepo
 * through Rancher's API; Rancher downloads its index. Then the Extensions page's Install: Rancher's `install` action
 * with what the page sends, a helm-operation Pod that Rancher creates and the Pod runner runs
 * (lab/standins/pods/podRunner.ts: Helm and kubectl built here), the App Rancher makes of the release. Rancher's
 * UI-plugin operator then caches the files the chart's UIPlugin names and serves them at /v1/uiplugins/….
 */
import fs from 'node:fs';
import path from 'node:path';
import { RUN_DIR } from '../../core/paths';
import { EXTENSION_REPO } from '../../world/ids';
import { RANCHER_PORTS } from './localCluster';
import { rancherExpect, rancherRequest, until } from './rancherApi';

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

/** What the Extensions page's Install sends (shell/dialog/InstallExtensionDialog.vue; helmActions.ts in the simulator). */
export function installRequest(version: string, repo = EXTENSION_REPO, values: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    charts: [{
      chartName:   EXTENSION,
      version,
      releaseName: EXTENSION,
      annotations: { 'catalog.cattle.io/ui-source-repo': repo, 'catalog.cattle.io/ui-source-repo-type': 'cluster' },
      values,
    }],
    namespace: UI_PLUGIN_NAMESPACE,
  };
}

function lastLines(file: string, n: number): string {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-n)
      .join('\n');
  } catch (e) {
    return '(no log)';
  }
}

const runnerLog = () => path.join(RUN_DIR, 'logs', 'pod-runner.log');

/** The helm container's log the Pod runner kept (lab/standins/pods/runContainer.ts), for a failed operation. */
function helmLog(podName: string): string {
  return lastLines(path.join(RUN_DIR, 'pods', `cattle-system_${ podName }`, 'logs', 'helm.log'), 15);
}

interface ActionOutput { operationName: string; operationNamespace: string }

/** Waits until `done`, or fails at once with the Operation's error and the helm container's last lines. */
async function operationDone(token: string, out: ActionOutput, what: string, done: () => Promise<boolean>): Promise<void> {
  const op = `/v1/catalog.cattle.io.operations/${ out.operationNamespace }/${ out.operationName }`;
  const t0 = Date.now();
  const end = await until(`${ what } (operation ${ out.operationName })`, 300000, async() => {
    const o = (await rancherRequest('GET', op, token)).body;

    if (o?.metadata?.state?.error) {
      return { failed: `${ o.metadata.state.message }\n${ helmLog(o.status?.podName) }` };
    }
    // The Pod runner binds a Pod within a second: one still unbound after 30 s has nobody to run it.
    if (Date.now() - t0 > 30000 && o?.status?.podName) {
      const pod = (await rancherRequest('GET', `/v1/pods/${ o.status.podNamespace }/${ o.status.podName }`, token)).body;

      if (pod?.metadata && !pod.spec?.nodeName) {
        return { failed: `nobody runs its Pod ${ o.status.podName }: the Pod runner's log (${ runnerLog() }) ends\n${ lastLines(runnerLog(), 5) }` };
      }
    }

    return (await done()) && { failed: '' };
  }, 2000);

  if (end.failed) {
    throw new Error(`${ what } failed: ${ end.failed }`);
  }
}

const appPath = `/v1/catalog.cattle.io.apps/${ UI_PLUGIN_NAMESPACE }/${ EXTENSION }`;

/** The version /v1/uiplugins lists, and whether the operator has cached its files (Ready; Pending until then). */
async function served(token: string): Promise<{ version?: string, ready: boolean } | undefined> {
  const entry = (await rancherRequest('GET', '/v1/uiplugins', token)).body?.entries?.[EXTENSION];

  return entry && { version: entry.version, ready: entry.Ready === true };
}

/**
 * The extension installed as the Extensions page installs it: Rancher's `install` action, whose helm-operation Pod the
 * Pod runner runs (lab/standins/pods/podRunner.ts), from the stack's ClusterRepo or another; unless the App is there at that version.
 */
export async function installExtension(token: string, version: string, repo = EXTENSION_REPO, values: Record<string, unknown> = {}): Promise<void> {
  const app = await rancherRequest('GET', appPath, token);

  // Another version (a flow upgraded or installed an older one): out, then in at this version.
  if (app.status === 200 && app.body?.spec?.chart?.metadata?.version !== version) {
    await uninstallExtension(token);
  }
  if (app.status !== 200 || app.body?.spec?.chart?.metadata?.version !== version) {
    const r = await rancherExpect('POST', `/v1/catalog.cattle.io.clusterrepos/${ repo }?action=install`, token, installRequest(version, repo, values));

    await operationDone(token, r.body, `Rancher's install of ${ EXTENSION } ${ version }`, async() => (await rancherRequest('GET', appPath, token)).status === 200);
  }
  // The operator's cache (pkg/controllers/dashboard/plugin/controller.go): listed first as Pending, Ready once the files
  // are cached; until then Rancher proxies each file to the endpoint (pkg/api/steve/catalog/plugin.go).
  await until(`${ EXTENSION } ${ version } served (Ready) from /v1/uiplugins`, 180000, async() => {
    const entry = await served(token);

    return entry?.version === version && entry.ready;
  }, 2000);
}

/** Installed → Uninstall (the App's `uninstall` action, shell/models/catalog.cattle.io.app.js `remove()`), until Rancher no longer serves it. */
export async function uninstallExtension(token: string): Promise<void> {
  if ((await rancherRequest('GET', appPath, token)).status === 200) {
    const r = await rancherExpect('POST', `${ appPath }?action=uninstall`, token, {});

    await operationDone(token, r.body, `Rancher's uninstall of ${ EXTENSION }`, async() => (await rancherRequest('GET', appPath, token)).status === 404);
  }
  await until(`${ EXTENSION } no longer served from /v1/uiplugins`, 180000, async() => !(await served(token)), 2000);
}

/**
 * The newest version the ClusterRepo lists (Helm's index lists each chart's versions newest first). Rancher answers
 * 404 for the index while it has none to serve (seen once in a CI rehearsal between two flows, the machine loaded by
 * a second Rancher): asked again for up to a minute, then the answer is the error.
 */
export async function newestInRepo(token: string): Promise<string> {
  const link = `/v1/catalog.cattle.io.clusterrepos/${ EXTENSION_REPO }?link=index`;
  const index = await until(`ClusterRepo ${ EXTENSION_REPO }'s index`, 60000, async() => {
    const r = await rancherRequest('GET', link, token);

    return r.status === 200 && r.body;
  }, 2000).catch(async() => (await rancherExpect('GET', link, token)).body);
  const version = index?.entries?.[EXTENSION]?.[0]?.version;

  if (!version) {
    throw new Error(`ClusterRepo ${ EXTENSION_REPO } lists no ${ EXTENSION }`);
  }

  return version;
}
