/**
 * Which app version each harvester/charts chart version ships (`appVersion` in `charts/<name>/Chart.yaml` at the
 * tag `<name>-<version>`). Only the versions where the app changes are listed: a chart carries the app of the
 * highest entry not above it. A chart newer than the last entry gets that entry's app, a lower bound, which is
 * what the "at least" gates in this extension need.
 */
import type { Component } from './installedVersions';

type Table = readonly (readonly [chart: string, app: string])[];

export const CHART_APP_VERSIONS: Record<Component, Table> = {
  cloudProvider: [
    ['0.1.1', '0.1.1'], ['0.1.9', '0.1.2'], ['0.1.11', '0.1.3'], ['0.1.13', '0.1.4'], ['0.1.14', '0.1.5'],
    ['0.2.0', '0.2.0'], ['0.2.7', '0.2.4'], ['0.2.11', '0.2.5'], ['0.2.12', '0.2.6'], ['0.2.13', '0.2.7'], ['0.2.15', '0.2.8'],
  ],
  csiDriver: [
    ['0.1.0', '0.1.0'], ['0.1.1', '0.1.1'], ['0.1.10', '0.1.2'], ['0.1.11', '0.1.3'], ['0.1.15', '0.1.4'], ['0.1.16', '0.1.5'],
    ['0.1.17', '0.1.6'], ['0.1.18', '0.1.7'], ['0.1.19', '0.2.0'], ['0.1.20', '0.2.1'], ['0.1.21', '0.2.2'], ['0.1.24', '0.2.3'],
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

/** The app version shipped by an upstream chart version ("0.1.25" -> "0.2.4"); null below the first chart. */
export function appVersionOfChart(component: Component, chartVersion: string): string | null {
  let app: string | null = null;

  for (const [chart, version] of CHART_APP_VERSIONS[component]) {
    if (cmp(chartVersion, chart) >= 0) {
      app = version;
    }
  }

  return app;
}
