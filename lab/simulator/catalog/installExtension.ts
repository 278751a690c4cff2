import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  deleteObject, getObject, listObjects, SimState, storeObject
} from '../core/state';
import { newUid } from '../core/ids';
import { APP_TYPE, typeOfObject } from '../core/registry';
import { KubeObject } from '../core/types';
import { UIPLUGIN_TYPE } from '../http/uiPlugins';

export const UI_PLUGIN_NAMESPACE = 'cattle-ui-plugin-system';
/** The label Rancher's app controller copies from the Helm release onto the App (rancher/rancher
 * pkg/apis/catalog.cattle.io/v1 `ClusterRepoNameLabel`; set by helmop's `--labels`). */
export const CLUSTER_REPO_NAME_LABEL = 'catalog.cattle.io/cluster-repo-name';

interface ChartFiles {
  chart: { name: string; version: string; appVersion?: string; annotations?: Record<string, string>; icon?: string; description?: string; [key: string]: unknown };
  values: { plugin: { endpoint: string; noCache?: boolean; noAuth?: boolean; metadata?: Record<string, string> }; [key: string]: unknown };
}

/** The newest version of a chart in this repository's `charts/<name>/`, or the one asked for. */
export function readChart(repoRoot: string, name: string, version?: string): ChartFiles & { dir: string } {
  const root = path.join(repoRoot, 'charts', name);
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'Chart.yaml'))) : [];
  const pick = version || [...versions].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })).pop();

  if (!pick || !versions.includes(pick)) {
    throw new Error(`no chart ${ name }${ version ? ` ${ version }` : '' } in ${ path.relative(process.cwd(), root) || root }`);
  }
  const dir = path.join(root, pick);

  return {
    dir,
    chart:  parse(fs.readFileSync(path.join(dir, 'Chart.yaml'), 'utf8')),
    values: parse(fs.readFileSync(path.join(dir, 'values.yaml'), 'utf8')),
  };
}

/** What a Helm install or upgrade is asked for (the chart's part of Rancher's ChartInstallAction). */
export interface InstallOptions {
  /** Chart version; the newest in charts/<name>/ when not given. */
  version?: string;
  /** Release name; the chart's name when not given (what the Extensions page sends). */
  releaseName?: string;
  /** Release namespace; cattle-ui-plugin-system when not given. */
  namespace?: string;
  /** Added to Chart.yaml's annotations, as Rancher's helmop `addAnnotations` injects them before installing. */
  annotations?: Record<string, string>;
  /** User values, merged over the chart's values.yaml. */
  values?: Record<string, unknown>;
  /** The ClusterRepo the chart came from: the release (and so the App) is labelled with it. */
  repoName?: string;
}

function isMap(v: unknown): v is Record<string, any> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** Helm's value coalescing, enough for plain maps: user values win, maps merge key by key. */
function mergeValues(base: Record<string, any>, over: Record<string, any>): Record<string, any> {
  const out: Record<string, any> = { ...base };

  for (const [k, v] of Object.entries(over)) {
    out[k] = isMap(v) && isMap(base[k]) ? mergeValues(base[k], v) : v;
  }

  return out;
}

/**
 * What the Extensions page asks for when it installs a chart of a ClusterRepo (shell/dialog/InstallExtensionDialog.vue
 * `install()`: the `ui-source-repo` annotations) and the label Rancher gives the release: the page finds the chart an
 * installed extension came from by them (shell/pages/c/_cluster/uiplugins/index.vue `wirePluginCRToChart`).
 */
export function fromClusterRepo(repoName: string): Pick<InstallOptions, 'annotations' | 'repoName'> {
  return {
    repoName,
    annotations: { 'catalog.cattle.io/ui-source-repo-type': 'cluster', 'catalog.cattle.io/ui-source-repo': repoName },
  };
}

const nowStamp = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

/**
 * What installing (or upgrading) the extension's chart leaves in Rancher's local cluster, as Helm renders it: the
 * chart's `UIPlugin` (templates/cr.yaml: spec.plugin from the values, name and version from the chart) and the
 * Helm release's `App` (rancher/rancher pkg/controllers/dashboard/helm/apps.go builds it from the release: spec is
 * the release, the cluster-repo label copied). An upgrade keeps the release's first deploy time and takes the next
 * revision. The simulator serves the plugin's files from the repository's `extensions/` (see http/uiPlugins.ts),
 * so the endpoint is kept as the chart has it. Returns the UIPlugin.
 */
export function installExtension(state: SimState, repoRoot: string, name: string, opts: InstallOptions = {}): KubeObject {
  const { chart, values: chartValues } = readChart(repoRoot, name, opts.version);
  const release = opts.releaseName || chart.name;
  const namespace = opts.namespace || UI_PLUGIN_NAMESPACE;
  const values = mergeValues(chartValues, opts.values || {});
  const appVersion = `${ chart.appVersion || chart.version }`;
  const previous = getObject(state, 'local', APP_TYPE, `${ namespace }/${ release }`);
  const now = nowStamp();
  const labels = {
    'app.kubernetes.io/name':       chart.name,
    'app.kubernetes.io/instance':   release,
    'app.kubernetes.io/version':    appVersion,
    'app.kubernetes.io/managed-by': 'Helm',
    'helm.sh/chart':                `${ chart.name }-${ `${ chart.version }`.replace(/\+/g, '_') }`,
  };
  const uiPlugin: KubeObject = {
    apiVersion: 'catalog.cattle.io/v1',
    kind:       'UIPlugin',
    metadata:   {
      name: chart.name, namespace, labels, annotations: { 'meta.helm.sh/release-name': release, 'meta.helm.sh/release-namespace': namespace }
    },
    spec: {
      plugin: {
        name:     chart.name,
        version:  appVersion,
        endpoint: values.plugin.endpoint,
        noCache:  !!values.plugin.noCache,
        noAuth:   !!values.plugin.noAuth,
        metadata: values.plugin.metadata || {},
      },
    },
    status: { cacheState: 'cached', ready: true },
  };
  const revision = (previous?.spec?.version || 0) + 1;
  const app: KubeObject = {
    apiVersion: 'catalog.cattle.io/v1',
    kind:       'App',
    metadata:   {
      name: release, namespace, ...(opts.repoName ? { labels: { [CLUSTER_REPO_NAME_LABEL]: opts.repoName } } : {})
    },
    spec: {
      name:  release,
      chart: {
        metadata: { ...chart, annotations: { ...(chart.annotations || {}), ...(opts.annotations || {}) } },
        values:   chartValues,
      },
      ...(opts.values && Object.keys(opts.values).length ? { values: opts.values } : {}),
      info: {
        firstDeployed: previous?.spec?.info?.firstDeployed || now,
        lastDeployed:  now,
        description:   revision === 1 ? 'Install complete' : 'Upgrade complete',
        status:        'deployed',
      },
      resources: [{
        apiVersion: 'catalog.cattle.io/v1', kind: 'UIPlugin', name: chart.name, namespace
      }],
      version:     revision,
      namespace,
      helmVersion: 3,
    },
    status: { summary: { state: 'deployed' }, observedGeneration: 1 },
  };

  for (const o of [uiPlugin, app]) {
    const type = o === app ? APP_TYPE : UIPLUGIN_TYPE;
    const before = getObject(state, 'local', type, `${ namespace }/${ o.metadata.name }`);

    Object.assign(o.metadata, {
      uid:               before?.metadata.uid || newUid(`${ o.kind }/${ namespace }/${ o.metadata.name }/${ now }`),
      creationTimestamp: before?.metadata.creationTimestamp || now,
      generation:        (before?.metadata.generation || 0) + 1,
    });
  }
  storeObject(state, 'local', APP_TYPE, app);

  return storeObject(state, 'local', UIPLUGIN_TYPE, uiPlugin);
}

/**
 * Helm uninstall of a release: the resources it made (the App's `spec.resources`) go, and with the release the App
 * (Rancher's app controller removes it with the release secret). False when there is no such release.
 */
export function uninstallExtension(state: SimState, release: string, namespace: string = UI_PLUGIN_NAMESPACE): boolean {
  const app = getObject(state, 'local', APP_TYPE, `${ namespace }/${ release }`);

  if (!app) {
    return false;
  }
  for (const r of app.spec?.resources || []) {
    const type = typeOfObject({ apiVersion: r.apiVersion, kind: r.kind });

    if (type) {
      deleteObject(state, 'local', type.id, r.namespace ? `${ r.namespace }/${ r.name }` : r.name);
    }
  }
  deleteObject(state, 'local', APP_TYPE, `${ namespace }/${ release }`);

  return true;
}

export function installedExtensions(state: SimState): string[] {
  return listObjects(state, 'local', UIPLUGIN_TYPE).map((o) => o.metadata.name);
}
