/**
 * Which harvester/charts chart version to install for a guest's Kubernetes version (docs/harvester-rules.md
 * R-SET-3): the newest chart whose `catalog.cattle.io/kube-version` annotation (charts `Chart.yaml` at the tag
 * `<chart>-<version>`) admits it. One row per run of chart versions that share an annotation, named by the last
 * version of the run; `max` is exclusive, null when the annotation has no upper bound.
 */
import { compareVersions } from '../environment/installedVersions';
import type { Component } from '../environment/installedVersions';

export interface ChartRange {
  chart: string;
  min: string;
  max: string | null;
}

export const CHART_KUBE_RANGES: Record<Component, readonly ChartRange[]> = {
  cloudProvider: [
    {
      chart: '0.1.12', min: '1.18.0', max: null
    },
    {
      chart: '0.1.13', min: '1.18.0', max: '1.24.0'
    },
    {
      chart: '0.1.14', min: '1.18.0', max: '1.26.0'
    },
    {
      chart: '0.2.3', min: '1.23.0', max: '1.27.0'
    },
    {
      chart: '0.2.7', min: '1.23.0', max: '1.29.0'
    },
    {
      chart: '0.2.15', min: '1.23.0', max: null
    },
  ],
  csiDriver: [
    {
      chart: '0.1.12', min: '1.18.0', max: null
    },
    {
      chart: '0.1.14', min: '1.18.0', max: '1.24.0'
    },
    {
      chart: '0.1.21', min: '1.18.0', max: '1.26.0'
    },
    {
      chart: '0.1.31', min: '1.18.0', max: null
    },
  ],
};

/** First provider chart whose Deployment can mount the cloud config from a Secret (`cloudConfig.secretName`). */
export const MIN_PROVIDER_CHART_FOR_SECRET = '0.2.12';

/** The Harvester Helm repository the `HelmChart` manifests name (as Harvester's docs do). */
export const HARVESTER_CHART_REPO = 'https://charts.harvesterhci.io/';

/** "v1.31.9+k3s1" -> "1.31.9"; null when it is no version. */
export function kubeVersionOf(v: string | null | undefined): string | null {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(`${ v || '' }`.trim());

  return m ? `${ m[1] }.${ m[2] }.${ m[3] }` : null;
}

/** The newest harvester/charts version admitting the Kubernetes version; null when none does (or it is unknown). */
export function chartForKube(component: Component, kubernetesVersion: string | null | undefined): string | null {
  const k = kubeVersionOf(kubernetesVersion);

  if (!k) {
    return null;
  }
  const fits = CHART_KUBE_RANGES[component].filter((r) => compareVersions(k, r.min) >= 0 && (!r.max || compareVersions(k, r.max) < 0));

  return fits.length ? fits[fits.length - 1].chart : null;
}

interface IndexEntry {
  version: string;
  annotations?: Record<string, string>;
}

/**
 * From a ClusterRepo's `?link=index` (Rancher already drops the versions whose kube-version does not admit the
 * cluster), the newest version of a chart, as the Apps page offers it: Helm's index lists newest first.
 */
export function newestInIndex(index: { entries?: Record<string, IndexEntry[]> } | null | undefined, chartName: string): string | null {
  const versions = index?.entries?.[chartName] || [];

  return versions[0]?.version || null;
}

/** The upstream chart of a Rancher chart version ("107.0.1+up0.2.15" -> "0.2.15"), or the version itself. */
export function upstreamOf(version: string): string {
  const m = /\+up(.+)$/.exec(version);

  return m ? m[1] : version;
}
