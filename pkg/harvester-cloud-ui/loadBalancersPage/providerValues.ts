/**
 * The cloud provider's arguments from its Rancher App when its Deployment is not readable: the App
 * (`catalog.cattle.io.app` kube-system/harvester-cloud-provider) keeps the user's values in `spec.values` and the
 * chart's defaults in `spec.chart.values` (rancher `pkg/apis/catalog.cattle.io/v1` ReleaseSpec). Helm takes the
 * user's value over the default, so `argvFromAppValues` does too, then renders the container args as harvester/charts
 * `templates/deployment.yaml` does: `--cloud-config=…`, `--cluster-name=<global.cattle.clusterName>` unless it is
 * empty, then each `extraArgs` entry (rendered from chart 0.2.12; older charts ignore the key).
 */
import { KubeObject } from '../data/types';
import { CATALOG_APP } from '../data/typeIds';
import { atLeast, upstreamChartVersion } from '../environment/installedVersions';
import { appVersionOfChart } from '../environment/chartVersions';
import { COMPONENTS } from '../environment/components';

export const PROVIDER_APP = { type: CATALOG_APP, id: 'kube-system/harvester-cloud-provider' } as const;
export const MIN_CHART_FOR_EXTRA_ARGS = '0.2.12';

type Values = Record<string, unknown> | null | undefined;

/** The first layer that sets the value (the App's values, then the chart's defaults). */
function valueAt(path: string[], layers: Values[]): unknown {
  for (const layer of layers) {
    let v: unknown = layer;

    for (const k of path) {
      v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
    }
    if (v !== undefined && v !== null) {
      return v;
    }
  }

  return undefined;
}

/** The container's command and args as the chart renders them; `chart` null: unknown, `extraArgs` taken. */
export function argvFromAppValues(values: Values, defaults: Values, chart: string | null): string[] {
  const name = valueAt(['global', 'cattle', 'clusterName'], [values, defaults]);
  const extra = valueAt(['extraArgs'], [values, defaults]);
  const renders = chart === null || atLeast(chart, MIN_CHART_FOR_EXTRA_ARGS) !== false;

  return [
    COMPONENTS.cloudProvider.chart,
    '--cloud-config=/etc/kubernetes/cloud-config',
    ...(name !== undefined && `${ name }` !== '' ? [`--cluster-name=${ name }`] : []),
    ...(renders && Array.isArray(extra) ? extra.map((a) => `${ a }`) : []),
  ];
}

export interface ArgsSource {
  /** Where the arguments were read: the running Deployment, or the App's chart values. */
  from: 'deployment' | 'app';
  argv: string[];
  /** The provider's app version (the image it runs); null when unknown. */
  version: string | null;
}

/** The arguments and version an installed App renders; null when it is no App of the provider chart. */
export function argsFromApp(app: KubeObject | null | undefined): ArgsSource | null {
  const meta = app?.spec?.chart?.metadata;
  const { chart } = COMPONENTS.cloudProvider;

  if (!app || (meta?.name && meta.name !== chart)) {
    return null;
  }
  // Rancher's `107.0.1+up0.2.15` and harvester/charts' `0.2.15` both name the upstream chart.
  const upstream = meta?.version ? upstreamChartVersion(`${ chart }-${ meta.version }`, chart) : null;
  const version = (upstream && appVersionOfChart('cloudProvider', upstream)) || (/^v?(\d+\.\d+\.\d+)/.exec(`${ meta?.appVersion || '' }`)?.[1] ?? null);

  return {
    from: 'app', argv: argvFromAppValues(app.spec?.values, app.spec?.chart?.values, upstream), version
  };
}
