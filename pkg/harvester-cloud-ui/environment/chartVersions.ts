/**
 * Which component version each harvester/charts chart version runs: the image tag in `charts/<name>/values.yaml`
 * at the tag `<name>-<version>` (its `appVersion` when the tag is empty). The chart's `appVersion` is not always
 * what runs: provider chart 0.2.0 says v0.2.0 but runs v0.1.5, 0.2.4-0.2.5 run v0.2.1, 0.2.6 runs v0.2.2,
 * 0.2.13 says v0.2.7 but runs v0.2.6; CSI chart 0.1.17 says v0.1.6 but runs v0.1.5.
 * Only the versions where the image changes are listed: a chart runs the entry of the highest chart not above it.
 * A chart newer than the last entry gets that entry's version, a lower bound, which the "at least" gates need.
 */
import type { Component } from './components';

type Table = readonly (readonly [chart: string, app: string])[];

export const CHART_APP_VERSIONS: Record<Component, Table> = {
  cloudProvider: [
    ['0.1.1', '0.1.1'], ['0.1.9', '0.1.2'], ['0.1.11', '0.1.3'], ['0.1.13', '0.1.4'], ['0.1.14', '0.1.5'],
    ['0.2.1', '0.2.0'], ['0.2.4', '0.2.1'], ['0.2.6', '0.2.2'], ['0.2.7', '0.2.4'], ['0.2.11', '0.2.5'], ['0.2.12', '0.2.6'],
    ['0.2.14', '0.2.7'], ['0.2.15', '0.2.8'],
  ],
  csiDriver: [
    ['0.1.0', '0.1.0'], ['0.1.1', '0.1.1'], ['0.1.10', '0.1.2'], ['0.1.11', '0.1.3'], ['0.1.15', '0.1.4'], ['0.1.16', '0.1.5'],
    ['0.1.18', '0.1.7'], ['0.1.19', '0.2.0'], ['0.1.20', '0.2.1'], ['0.1.21', '0.2.2'], ['0.1.24', '0.2.3'],
    ['0.1.25', '0.2.4'], ['0.1.26', '0.2.6'], ['0.1.27', '0.2.7'], ['0.1.28', '0.2.8'], ['0.1.29', '0.2.9'],
  ],
};

function cmp(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);

  for (let i = 0; i < 3; i++) {
    if (pa[i] !== pb[i]) {
      return pa[i] - pb[i];
    }
  }

  return 0;
}

/** The version an upstream chart version runs ("0.1.25" -> "0.2.4"); null below the first chart. */
export function appVersionOfChart(component: Component, chartVersion: string): string | null {
  let app: string | null = null;

  for (const [chart, version] of CHART_APP_VERSIONS[component]) {
    if (cmp(chartVersion, chart) >= 0) {
      app = version;
    }
  }

  return app;
}
