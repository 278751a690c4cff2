/**
 * Rancher's `rancher-charts` ClusterRepo of a real guest (real mode): Rancher serves its `?link=index` and
 * `?action=install` itself (catalog v2, not the cluster's Steve), so the simulated Rancher answers them here, with
 * the simulator's index of the two Harvester charts (../catalog/guestCharts.ts) filtered by the real nodes' kubelet
 * version, and an install of Harvester's own charts by the real Helm into the real guest, as the user
 * (harvesterCharts.ts; impersonated, as Rancher's helm operation runs): their RBAC decides. The operation's Pod is
 * not run, and the App is written here as Rancher's helm controller would: a stand-in, named in docs/real-mode.md.
 * The ClusterRepo object itself is the real guest's.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { KubeTarget, kubeRequest, objectPath } from '../core/kubeClient';
import { crdFor } from '../core/crds';
import { APP_TYPE, lookupType, TypeDef, typeOfObject } from '../simulator/core/registry';
import { GUEST_CHART_INDEX, RANCHER_CHARTS } from '../simulator/catalog/guestCharts';
import { filterReleases, HelmChartVersion } from '../simulator/catalog/helmIndex';
import { CLUSTER_REPO_NAME_LABEL } from '../simulator/catalog/installExtension';
import { helmInstall } from './harvesterCharts';

type Obj = Record<string, any>;

const REPO_PATH = `/v1/catalog.cattle.io.clusterrepos/${ RANCHER_CHARTS.name }`;

/** `?link=index` or `?action=install` on the guest's rancher-charts; null for any other request. */
export function guestChartRequest(path: string): 'index' | 'install' | null {
  const [p, q] = path.split('?');
  const query = new URLSearchParams(q || '');

  if (p !== REPO_PATH) {
    return null;
  }

  return query.get('link') === 'index' ? 'index' : query.get('action') === 'install' ? 'install' : null;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
}

const error = (status: number, message: string) => ({
  type: 'error', status, code: status === 403 ? 'Forbidden' : 'ServerError', message
});

async function readBody(req: IncomingMessage): Promise<Obj> {
  const chunks: Buffer[] = [];

  for await (const c of req) {
    chunks.push(c as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch (e) {
    return {};
  }
}

async function nodeVersion(admin: KubeTarget): Promise<string> {
  const nodes = await kubeRequest(admin, 'GET', '/api/v1/nodes');

  return `${ nodes.body?.items?.[0]?.status?.nodeInfo?.kubeletVersion || '' }`.replace(/^v/, '');
}

export async function serveIndex(admin: KubeTarget, query: URLSearchParams, res: ServerResponse): Promise<void> {
  const index = query.get('skipFilter')?.toLowerCase() === 'true' ? GUEST_CHART_INDEX : filterReleases(GUEST_CHART_INDEX, query.get('k8sVersion') || await nodeVersion(admin));

  send(res, 200, { apiVersion: index.apiVersion, entries: index.entries });
}

function app(release: string, namespace: string, found: Obj, values: Obj): Obj {
  return {
    apiVersion: 'catalog.cattle.io/v1',
    kind:       'App',
    metadata:   {
      name: release, namespace, labels: { [CLUSTER_REPO_NAME_LABEL]: RANCHER_CHARTS.name }
    },
    spec: {
      name: release, namespace, version: 1, chart: { metadata: found }, values, info: { status: 'deployed', description: 'Install complete' }
    },
  };
}

async function ensureAppType(admin: KubeTarget): Promise<void> {
  const crd = crdFor(lookupType(APP_TYPE) as TypeDef);

  if ((await kubeRequest(admin, 'GET', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${ crd.metadata.name }`)).status === 404) {
    await kubeRequest(admin, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);
    for (let i = 0; i < 50 && (await kubeRequest(admin, 'GET', '/apis/catalog.cattle.io/v1/apps')).status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Who the install runs as: Rancher's impersonation headers for the user (Impersonate-User, -Group). */
export type AsUser = Record<string, string | string[]>;

/** Creates (or replaces) one object as the user. Returns the API server's refusal, if any. */
async function put(admin: KubeTarget, asUser: AsUser, o: Obj): Promise<string | null> {
  const t = typeOfObject(o) as TypeDef;
  const collection = objectPath(o.apiVersion, t.resource, o.metadata.namespace);
  const made = await kubeRequest(admin, 'POST', collection, o, asUser);

  if (made.status === 409) {
    const one = `${ collection }/${ o.metadata.name }`;
    const current = await kubeRequest(admin, 'GET', one, undefined, asUser);
    const replaced = await kubeRequest(admin, 'PUT', one, { ...o, metadata: { ...o.metadata, resourceVersion: current.body?.metadata?.resourceVersion } }, asUser);

    return replaced.status < 300 ? null : `${ replaced.body?.message || replaced.status }`;
  }

  return made.status < 300 ? null : `${ made.body?.message || made.status }`;
}

export async function serveInstall(admin: KubeTarget, asUser: AsUser, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const input = await readBody(req);
  const namespace = input.namespace || 'default';
  const charts: Obj[] = input.charts || [];
  const resolved = charts.map((c) => ({ c, found: (GUEST_CHART_INDEX.entries[c.chartName] || []).find((v) => !c.version || v.version === c.version) }));
  const missing = resolved.find((r) => !r.found);

  if (!charts.length || missing) {
    return send(res, 500, error(500, missing ? `no chart version found for ${ missing.c.chartName }-${ missing.c.version }` : 'no charts to install'));
  }
  await ensureAppType(admin);
  for (const { c, found } of resolved) {
    const entry = found as HelmChartVersion;
    const release = c.releaseName || entry.name;
    const failed = await helmInstall({
      target: admin, user: `${ asUser['impersonate-user'] }`, groups: ([] as string[]).concat(asUser['impersonate-group'] || []), release, namespace, chart: entry.name, entry, values: c.values || {},
    });
    const refused = failed || await put(admin, asUser, app(release, namespace, entry as Obj, c.values || {}));

    if (refused) {
      const status = /forbidden/i.test(refused) ? 403 : 500;

      return send(res, status, error(status, `${ release }: ${ refused }`));
    }
  }
  send(res, 201, {
    type: 'chartActionOutput', links: {}, operationName: `helm-operation-${ Date.now().toString(36) }`, operationNamespace: 'cattle-system'
  });
}
