import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { guestGetCached } from '../data/guest';
import { Read, readOrAbsent } from '../data/read';
import { appVersionOfChart } from './chartVersions';
import { COMPONENTS, Component } from './components';

export { COMPONENTS } from './components';
export { atLeast, compareVersions } from './versions';
export type { Component } from './components';

const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+_].*)?$/;
const APP_VERSION_LABEL = 'app.kubernetes.io/version';
const CHART_LABEL = 'helm.sh/chart';

function plainVersion(v: string | undefined | null): string | null {
  const m = SEMVER.exec((v || '').trim());

  return m ? `${ m[1] }.${ m[2] }.${ m[3] }` : null;
}

/**
 * The upstream (harvester/charts) chart version in a `helm.sh/chart` label, as the three publishers write it:
 * - Harvester: `harvester-csi-driver-0.1.25`;
 * - Rancher's charts: `harvester-csi-driver-105.0.4_up0.1.25` (the label replaces `+` with `_`): after `up`;
 * - RKE2 (rancher/rke2-charts `packages/<name>/package.yaml`): the upstream patch followed by a two-digit
 *   package version, `harvester-cloud-provider-0.2.300` is upstream 0.2.3.
 */
export function upstreamChartVersion(label: string | undefined | null, chart: string): string | null {
  if (!label || !label.startsWith(`${ chart }-`)) {
    return null;
  }
  const v = label.slice(chart.length + 1);
  const rancher = /[+_]up(.+)$/.exec(v);

  if (rancher) {
    return plainVersion(rancher[1]);
  }
  const plain = plainVersion(v);

  if (!plain) {
    return null;
  }
  const [major, minor, patch] = plain.split('.').map(Number);

  return `${ major }.${ minor }.${ patch >= 100 ? Math.floor(patch / 100) : patch }`;
}

/**
 * The version of the component's code that runs (what the rules depend on), from what its chart puts on the
 * workload: the image tag of the component's container; else the `helm.sh/chart` label mapped to the version that
 * chart runs (chartVersions.ts); else the `app.kubernetes.io/version` label, the chart's `appVersion`, last
 * because several charts run another image than their appVersion says.
 */
export function versionFromWorkload(workload: KubeObject | null | undefined, component: Component): string | null {
  if (!workload) {
    return null;
  }
  const { chart, image } = COMPONENTS[component];
  const labels = workload.metadata?.labels || {};
  const containers: { image?: string }[] = workload.spec?.template?.spec?.containers || [];

  for (const c of containers) {
    const ref = c.image || '';
    const tag = ref.includes(':') ? ref.slice(ref.lastIndexOf(':') + 1) : '';

    if (ref.includes(image) && plainVersion(tag)) {
      return plainVersion(tag);
    }
  }
  const chartVersion = upstreamChartVersion(labels[CHART_LABEL], chart);
  const fromChart = chartVersion ? appVersionOfChart(component, chartVersion) : null;

  return fromChart || plainVersion(labels[APP_VERSION_LABEL]);
}

/**
 * The component's workload in the guest: from the store when already loaded, else one GET; null when it is not
 * there under its chart's name or not readable.
 */
export async function installedWorkload(store: StoreLike, component: Component): Promise<KubeObject | null> {
  return (await readWorkload(store, component)).value;
}

/** The same as a read: absent (404, readable) is told from "could not check". */
export function readWorkload(store: StoreLike, component: Component): Promise<Read<KubeObject>> {
  const { type, id } = COMPONENTS[component];

  return readOrAbsent(() => guestGetCached(store, type, id));
}

/** The installed app version of a component; null when unknown (the caller says so). */
export async function installedVersion(store: StoreLike, component: Component): Promise<string | null> {
  return versionFromWorkload(await installedWorkload(store, component), component);
}
