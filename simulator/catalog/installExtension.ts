import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { deleteObject, listObjects, SimState, storeObject } from '../steve/state';
import { newUid } from '../steve/ids';
import { KubeObject } from '../steve/types';
import { UIPLUGIN_TYPE } from '../http/uiPlugins';

export const UI_PLUGIN_NAMESPACE = 'cattle-ui-plugin-system';
const APP_TYPE = 'catalog.cattle.io.app';

interface ChartFiles {
  chart: { name: string; version: string; appVersion?: string; annotations?: Record<string, string>; icon?: string; description?: string };
  values: { plugin: { endpoint: string; noCache?: boolean; noAuth?: boolean; metadata?: Record<string, string> } };
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

/**
 * What installing the extension's chart leaves in Rancher's local cluster, as Helm renders it: the chart's
 * `UIPlugin` (templates/cr.yaml: spec.plugin from values.plugin, name and version from the chart) and the
 * Helm release's `App` in `cattle-ui-plugin-system`. The simulator serves the plugin's files from the repository's
 * `extensions/` (see http/uiPlugins.ts), so the endpoint is kept as the chart has it.
 */
export function installExtension(state: SimState, repoRoot: string, name: string, version?: string): KubeObject {
  const { chart, values } = readChart(repoRoot, name, version);
  const appVersion = `${ chart.appVersion || chart.version }`;
  const labels = {
    'app.kubernetes.io/name':       chart.name,
    'app.kubernetes.io/instance':   chart.name,
    'app.kubernetes.io/version':    appVersion,
    'app.kubernetes.io/managed-by': 'Helm',
    'helm.sh/chart':                `${ chart.name }-${ `${ chart.version }`.replace(/\+/g, '_') }`,
  };
  const uiPlugin: KubeObject = {
    apiVersion: 'catalog.cattle.io/v1',
    kind:       'UIPlugin',
    metadata:   {
      name: chart.name, namespace: UI_PLUGIN_NAMESPACE, labels, annotations: { 'meta.helm.sh/release-name': chart.name, 'meta.helm.sh/release-namespace': UI_PLUGIN_NAMESPACE }
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
  const app: KubeObject = {
    apiVersion: 'catalog.cattle.io/v1',
    kind:       'App',
    metadata:   { name: chart.name, namespace: UI_PLUGIN_NAMESPACE },
    spec:       {
      chart: {
        metadata: {
          name: chart.name, version: `${ chart.version }`, appVersion, annotations: chart.annotations || {}, icon: chart.icon, description: chart.description
        },
        values: {}
      },
      name:      chart.name,
      namespace: UI_PLUGIN_NAMESPACE,
      values:    {}
    },
    status: {
      summary: { state: 'deployed' }, conditions: [{ type: 'Deployed', status: 'True' }], observedGeneration: 1
    },
  };

  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');

  for (const o of [uiPlugin, app]) {
    Object.assign(o.metadata, {
      uid: newUid(`${ o.kind }/${ chart.name }`), creationTimestamp: now, generation: 1
    });
  }
  storeObject(state, 'local', APP_TYPE, app);

  return storeObject(state, 'local', UIPLUGIN_TYPE, uiPlugin);
}

/** Helm uninstall of the extension's release: the UIPlugin and the App go. */
export function uninstallExtension(state: SimState, name: string): boolean {
  const gone = deleteObject(state, 'local', UIPLUGIN_TYPE, `${ UI_PLUGIN_NAMESPACE }/${ name }`);

  deleteObject(state, 'local', APP_TYPE, `${ UI_PLUGIN_NAMESPACE }/${ name }`);

  return !!gone;
}

export function installedExtensions(state: SimState): string[] {
  return listObjects(state, 'local', UIPLUGIN_TYPE).map((o) => o.metadata.name);
}
