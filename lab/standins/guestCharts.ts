/**
 * Rancher's `rancher-charts` ClusterRepo of a real guest (real mode): Rancher serves its `?link=index` and
 * `?action=install` itself (catalog v2, not the cluster's Steve), so the simulated Rancher answers them here, with
 * the simulator's index of the two Harvester charts (../catalog/guestCharts.ts) filtered by the real nodes' kubelet
 * version, and an install of Harvester's own charts by the real Helm into the real guest, as the user
 * (harvesterCharts.ts; impersonated, as Rancher's helm operation runs): their RBAC decides. As Rancher does, the
 * install is answered at once with the Operation it made in the guest (the release's namespace, the user given `get`
 * on it: helmop `createOperation`; guestOperation.ts), and Helm's outcome is written on that Operation afterwards as Rancher's operation
 * controller writes it (operations.go onOperationChange: kstatus conditions, "<termination message> exit code: <n>";
 * the shell image's helm-cmd writes no termination message and runs helm under xargs, so " exit code: 123"). The operation's Pod is not run, and the
 * Operation's status and the App are written here as Rancher's controllers would: a stand-in, named in
 * docs/real-mode.md. The ClusterRepo object itself is the real guest's.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { KubeTarget, kubeRequest, objectPath } from '../core/kubeClient';
import { crdFor } from '../core/crds';
import {
  APP_TYPE, lookupType, OPERATION_TYPE, TypeDef, typeOfObject
} from '../simulator/core/registry';
import { GUEST_CHART_INDEX, RANCHER_CHARTS } from '../simulator/catalog/guestCharts';
import { filterReleases, HelmChartVersion } from '../simulator/catalog/helmIndex';
import { CLUSTER_REPO_NAME_LABEL } from '../simulator/catalog/installExtension';
import { helmInstall } from './harvesterCharts';
import {
  operationLog, operationLogs, OPERATION_LOGS, operationStatus, startOperation
} from './guestOperation';

type Obj = Record<string, any>;

const REPO_PATH = `/v1/catalog.cattle.io.clusterrepos/${ RANCHER_CHARTS.name }`;

/** `?link=index` or `?action=install` on the guest's rancher-charts, or an Operation's logs; null for any other request. */
export function guestChartRequest(path: string): 'index' | 'install' | 'logs' | null {
  const [p, q] = path.split('?');
  const query = new URLSearchParams(q || '');

  if (OPERATION_LOGS.test(p)) {
    return 'logs';
  }

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
  type: 'error', status, code: ({ 403: 'Forbidden', 404: 'NotFound' } as Record<number, string>)[status] || 'ServerError', message
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

/** A Rancher type the guest may not have yet (the lab's guests run no Rancher agent), as Rancher's CRD defines it. */
async function ensureType(admin: KubeTarget, id: string, listPath: string): Promise<void> {
  const crd = crdFor(lookupType(id) as TypeDef);

  if ((await kubeRequest(admin, 'GET', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${ crd.metadata.name }`)).status === 404) {
    await kubeRequest(admin, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);
    for (let i = 0; i < 50 && (await kubeRequest(admin, 'GET', listPath)).status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** An Operation's `logs` link (Apps → Recent Operations → View Logs): what its helm container printed. */
export function serveLogs(path: string, res: ServerResponse): void {
  const text = operationLog(path);

  if (text === null) {
    return send(res, 404, error(404, 'operation not found'));
  }
  res.statusCode = 200;
  res.setHeader('content-type', 'text/plain');
  res.end(text);
}

/** Who the install runs as: Rancher's impersonation headers for the user (Impersonate-User, -Group). */
export type AsUser = Record<string, string | string[]>;

/** Creates (or replaces) one object, as Rancher's helm controller writes Apps: with its own identity. */
async function put(admin: KubeTarget, o: Obj): Promise<string | null> {
  const t = typeOfObject(o) as TypeDef;
  const collection = objectPath(o.apiVersion, t.resource, o.metadata.namespace);
  const made = await kubeRequest(admin, 'POST', collection, o);

  if (made.status === 409) {
    const one = `${ collection }/${ o.metadata.name }`;
    const current = await kubeRequest(admin, 'GET', one);
    const replaced = await kubeRequest(admin, 'PUT', one, { ...o, metadata: { ...o.metadata, resourceVersion: current.body?.metadata?.resourceVersion } });

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
  // helmop `createNamespace`: Rancher gets the release's namespace as the user, so one who may not is refused at once.
  const ns = await kubeRequest(admin, 'GET', `/api/v1/namespaces/${ encodeURIComponent(namespace) }`, undefined, asUser);

  if (ns.status !== 200) {
    const status = ns.status === 403 ? 403 : 500;

    return send(res, status, error(status, `${ ns.body?.message || ns.status }`));
  }
  await ensureType(admin, APP_TYPE, '/apis/catalog.cattle.io/v1/apps');
  await ensureType(admin, OPERATION_TYPE, '/apis/catalog.cattle.io/v1/operations');
  const user = `${ asUser['impersonate-user'] }`;
  const releases = resolved.map(({ c, found }) => ({
    release: c.releaseName || (found as HelmChartVersion).name, entry: found as HelmChartVersion, values: c.values || {}
  }));
  const op = await startOperation(admin, namespace, releases[releases.length - 1].release, user);

  if (typeof op === 'string') {
    return send(res, 500, error(500, op));
  }
  send(res, 201, {
    type: 'chartActionOutput', links: {}, operationName: op.metadata.name, operationNamespace: namespace
  });
  // Then the operation's Pod would run Helm, one command after the other (helm-cmd: `set -e`).
  let failed: string | null = null;
  const log: string[] = [];

  operationLogs.set(`${ namespace }/${ op.metadata.name }`, log);
  try {
    for (const { release, entry, values } of releases) {
      log.push(`helm install --namespace=${ namespace } ${ release } /home/shell/helm/${ entry.name }-${ entry.version }.tgz`);
      failed = await helmInstall({
        target: admin, user, groups: ([] as string[]).concat(asUser['impersonate-group'] || []), release, namespace, chart: entry.name, entry, values,
      }) || await put(admin, app(release, namespace, entry as Obj, values));
      if (failed) {
        log.push(failed);
        failed = `${ release }: ${ failed }`;
        break;
      }
    }
  } catch (e) {
    failed = (e as Error).message;
  }
  if (failed) {
    process.stderr.write(`[rancher-charts] ${ namespace }/${ op.metadata.name }: ${ failed }\n`);
  }
  // helm-cmd runs helm under xargs, which exits 123 when helm fails; no termination message (measured on Rancher 2.15).
  await operationStatus(admin, op, failed ? { stalled: ' exit code: 123' } : {});
}
