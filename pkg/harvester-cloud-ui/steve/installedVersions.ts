import { KubeObject, StoreLike } from './types';

/** Where each Harvester component is installed in a guest cluster (the RKE2 bundled charts and the Rancher apps). */
export const COMPONENTS = {
  cloudProvider: {
    type: 'apps.deployment', id: 'kube-system/harvester-cloud-provider', chart: 'harvester-cloud-provider', image: 'harvester-cloud-provider'
  },
  csiDriver: {
    type: 'apps.daemonset', id: 'kube-system/harvester-csi-driver-plugin', chart: 'harvester-csi-driver', image: 'harvester-csi-driver'
  },
} as const;

export type Component = keyof typeof COMPONENTS;

const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/;

/** "0.2.4" from a chart label (`harvester-cloud-provider-0.2.4`) or an image tag (`…/harvester-cloud-provider:v0.2.4`). */
export function versionFromWorkload(workload: KubeObject | null | undefined, component: Component): string | null {
  if (!workload) {
    return null;
  }
  const { chart, image } = COMPONENTS[component];
  const chartLabel = workload.metadata?.labels?.['helm.sh/chart'] || '';

  if (chartLabel.startsWith(`${ chart }-`)) {
    const v = chartLabel.slice(chart.length + 1);

    if (SEMVER.test(v)) {
      return v.replace(/^v/, '');
    }
  }
  const containers: { image?: string }[] = workload.spec?.template?.spec?.containers || [];

  for (const c of containers) {
    const ref = c.image || '';
    const tag = ref.includes(':') ? ref.slice(ref.lastIndexOf(':') + 1) : '';

    if (ref.includes(image) && SEMVER.test(tag)) {
      return tag.replace(/^v/, '');
    }
  }

  return null;
}

/** Compares dotted versions numerically: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.replace(/^v/, '').split(/[.-]/).map((x) => parseInt(x, 10) || 0);
  const pb = b.replace(/^v/, '').split(/[.-]/).map((x) => parseInt(x, 10) || 0);

  for (let i = 0; i < 3; i++) {
    if ((pa[i] || 0) !== (pb[i] || 0)) {
      return (pa[i] || 0) - (pb[i] || 0);
    }
  }

  return 0;
}

/**
 * Reads the installed version of a component from the guest: from the store when its workload is already loaded,
 * else one GET of the workload; null when unknown.
 */
export async function installedVersion(store: StoreLike, component: Component): Promise<string | null> {
  const { type, id } = COMPONENTS[component];
  const cached = store.getters['cluster/byId']?.(type, id);

  if (cached) {
    return versionFromWorkload(cached, component);
  }
  try {
    const url = store.getters['cluster/urlFor'](type, id);
    const workload = await store.dispatch('cluster/request', { url });

    return versionFromWorkload(workload, component);
  } catch (e) {
    return null; // not installed under its usual name, or not readable: the caller says "unknown"
  }
}
