/**
 * Rancher's Helm actions on the catalog types, as the dashboard's Apps and Extensions pages call them
 * (rancher/rancher pkg/api/steve/catalog/catalog.go `addSchemas`):
 *  - `POST <clusterrepo>?action=install|upgrade` with a ChartInstallAction / ChartUpgradeAction
 *    (`{ charts: [{ chartName, version, releaseName, annotations, values }], namespace, ... }`,
 *    pkg/api/steve/catalog/types/rest.go), as shell/dialog/InstallExtensionDialog.vue sends it;
 *  - `POST <app>?action=uninstall` with a ChartUninstallAction, as shell/models/catalog.cattle.io.app.js `remove()`.
 * Each answers `201 { type: 'chartActionOutput', links: {}, operationName, operationNamespace }`
 * (pkg/api/steve/catalog/operation.go `ServeHTTP`, written through rancher/apiserver's encoder) and leaves a
 * `catalog.cattle.io.operation` (helmOperation.ts), during which the simulator makes the Helm changes itself: the
 * chart's UIPlugin and App appear, or go (installExtension.ts). Downstream clusters have the install actions of
 * their `rancher-charts` repository (guestCharts.ts).
 */
import { can } from '../rancher/access';
import { readIndex } from './helmIndex';
import { checkoutOf } from './thisRepository';
import { SteveContext } from '../steve/context';
import { getOne } from '../steve/read';
import { errorResponse, forbidden } from '../core/errors';
import { APP_TYPE, lookupType, TypeDef } from '../core/registry';
import { getObject } from '../core/state';
import { KubeObject, SimResponse } from '../core/types';
import { actionsOf } from '../steve/catalogLinks';
import { CLUSTER_REPO_NAME_LABEL, installExtension, readChart, uninstallExtension } from './installExtension';
import { HelmCommand, startOperation } from './helmOperation';
import { installGuestCharts, isGuestChartRepo } from './guestCharts';

/** An error that is no API error: rancher/apiserver's ErrorHandler answers it as a 500 ServerError with its text. */
const serverError = (message: string) => errorResponse(500, 'ServerError', message);

function actionOutput(op: KubeObject): SimResponse {
  return {
    status:  201,
    headers: { 'content-type': 'application/json' },
    body:    {
      type: 'chartActionOutput', links: {}, operationName: op.metadata.name, operationNamespace: op.metadata.namespace
    },
  };
}

interface ChartRequest {
  chartName?: string;
  version?: string;
  releaseName?: string;
  annotations?: Record<string, string>;
  values?: Record<string, unknown>;
}

interface InstallRequest {
  namespace?: string;
  charts?: ChartRequest[];
  historyMax?: number;
}

function isObject(v: unknown): v is Record<string, any> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** Helm's `IndexFile.Get` over the repository's index: the named version, or the latest; the error text is Helm's. */
function findChartVersion(dir: string, chartName: string, version: string): { version: string } | string {
  const versions = readIndex(dir).entries[chartName];

  if (!versions?.length) {
    return 'no chart name found';
  }
  const found = version ? versions.find((v) => v.version === version || v.version === version.replace(/^v/, '')) : versions[0];

  return found || `no chart version found for ${ chartName }-${ version }`;
}

/**
 * helmop `createNamespace`: Rancher gets the target namespace as the user, so one who may not get it (nor install
 * into it) is refused before anything runs.
 */
function refuseWithoutAccess(ctx: SteveContext, namespace: string): SimResponse | null {
  const nsType = lookupType('namespace', ctx.cluster.kind) as TypeDef;
  const app = lookupType(APP_TYPE, ctx.cluster.kind) as TypeDef;

  return can(ctx.user, ctx.cluster, nsType, 'get') && can(ctx.user, ctx.cluster, app, 'create') ? null : forbidden(ctx.user, nsType, 'get', undefined, namespace);
}

/** helmop `getInstallCommand` / `getUpgradeCommand`, then the release done as Helm would. */
function installOrUpgrade(ctx: SteveContext, repo: KubeObject, action: 'install' | 'upgrade', body: unknown): SimResponse {
  if (!isObject(body)) {
    return serverError(body === undefined ? 'EOF' : 'json: cannot unmarshal the request body into ChartInstallAction');
  }
  const input = body as InstallRequest;
  // helmop `namespace()`: no namespace is "default".
  const namespace = input.namespace || 'default';

  if (isGuestChartRepo(repo)) {
    return refuseWithoutAccess(ctx, namespace) || installGuestCharts(ctx, repo, body);
  }
  const dir = checkoutOf(repo);

  if (!dir) {
    return errorResponse(404, 'NotFound', `no downloaded index for clusterrepos.catalog.cattle.io "${ repo.metadata.name }"`);
  }
  const charts = input.charts || [];
  const resolved: { chart: ChartRequest; version: string }[] = [];

  for (const chart of charts) {
    const found = findChartVersion(dir, chart.chartName || '', chart.version || '');

    if (typeof found === 'string') {
      return serverError(found);
    }
    try {
      readChart(dir, chart.chartName || '', found.version);
    } catch (e: any) {
      return serverError(e?.message || `${ e }`);
    }
    resolved.push({ chart, version: found.version });
  }
  const refused = refuseWithoutAccess(ctx, namespace);

  if (refused) {
    return refused;
  }
  if (!resolved.length) {
    // Rancher would start an operation pod with nothing to run; the simulator refuses the empty request instead.
    return serverError('no charts to install');
  }
  const commands: HelmCommand[] = resolved.map(({ chart, version }) => ({
    operation:   action,
    releaseName: chart.releaseName || chart.chartName || '',
    namespace,
    // helmop adds `--labels` for the cluster repo; an upgrade also `--install` and `--history-max` (5 by default).
    flags:       {
      version, labels: `${ CLUSTER_REPO_NAME_LABEL }=${ repo.metadata.name }`, ...(action === 'upgrade' ? { historyMax: input.historyMax || 5, install: true } : {})
    },
    chartFile:  `${ chart.chartName }-${ version.replace(/[^-.0-9a-zA-Z]/g, '-') }.tgz`,
    valuesFile: chart.values && Object.keys(chart.values).length ? `values-${ chart.chartName }-${ version }.yaml` : undefined,
  }));
  const op = startOperation(ctx.state, commands, () => resolved.forEach(({ chart, version }, i) => {
    installExtension(ctx.state, dir, chart.chartName || '', {
      version, releaseName: commands[i].releaseName, namespace, annotations: chart.annotations, values: chart.values, repoName: repo.metadata.name
    });
  }));

  return actionOutput(op);
}

/** helmop `Uninstall`: `helm uninstall --namespace=<ns> <release>`; the release's resources and App go. */
function uninstall(ctx: SteveContext, app: KubeObject): SimResponse {
  const namespace = app.metadata.namespace as string;
  const releaseName = app.spec?.name || app.metadata.name;
  const refused = refuseWithoutAccess(ctx, namespace);

  if (refused) {
    return refused;
  }

  return actionOutput(startOperation(ctx.state, [{
    operation: 'uninstall', releaseName, namespace, flags: {}
  }], () => uninstallExtension(ctx.state, releaseName, namespace)));
}

/**
 * `POST <object>?action=<name>` on a catalog type of the local cluster, in rancher/apiserver's order
 * (pkg/server/server.go `handleOp`): an action the type has no handler for is refused (`CanAction`: 403
 * PermissionDenied), then the object is read as the user (404/403 as a GET), then the handler runs.
 * Null for other types and requests: the caller answers them.
 */
export function catalogAction(ctx: SteveContext, t: TypeDef, id: string | undefined, action: string, body: unknown): SimResponse | null {
  const names = actionsOf(ctx, t);

  if (!names.length || !id) {
    return null;
  }
  if (!names.includes(action)) {
    return errorResponse(403, 'PermissionDenied', `no such action ${ action }`);
  }
  const found = getOne(ctx, t, id);

  if (found.status !== 200) {
    return found;
  }
  const obj = getObject(ctx.state, ctx.cluster.id, t.id, id) as KubeObject;

  return t.id === APP_TYPE ? uninstall(ctx, obj) : installOrUpgrade(ctx, obj, action as 'install' | 'upgrade', body);
}
