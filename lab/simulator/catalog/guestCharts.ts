/**
 * Rancher's chart repository in a downstream cluster (`rancher-charts`, a Git ClusterRepo of rancher/charts) as far
 * as the Harvester set-up needs it: the two Harvester charts under Rancher's `<rancher>.x.y+up<upstream>` versions,
 * each with the `catalog.cattle.io/kube-version` Rancher filters `?link=index` by (content.Manager.filterReleases,
 * against the cluster's Kubernetes version), and `?action=install` (helmop, as helmActions.ts plays it for the local
 * cluster) whose release leaves the chart's workload and the App in the guest. The workload is what the chart
 * renders (harvester/charts templates): the Deployment mounts `cloudConfig.secretName` when set, `--cluster-name`
 * from `global.cattle.clusterName`, then `extraArgs`. The versions are the demo's, not a copy of rancher/charts.
 */
import { SteveContext } from '../steve/context';
import { filterReleases, HelmChartVersion, HelmIndex } from './helmIndex';
import { serveRepoLink } from './repoContent';
import { APP_TYPE, CLUSTER_REPO_TYPE, TypeDef, typeOfObject } from '../core/registry';
import { errorResponse } from '../core/errors';
import { getObject, listObjects, storeObject } from '../core/state';
import { newUid } from '../core/ids';
import { KubeObject, SimResponse } from '../core/types';
import { CLUSTER_REPO_NAME_LABEL } from './installExtension';
import { startOperation } from './helmOperation';
import { chartObjects } from './guestChartObjects';

export const RANCHER_CHARTS = {
  name: 'rancher-charts', gitRepo: 'https://git.rancher.io/charts', gitBranch: 'release-v2.12'
} as const;

const KUBE = (max: string) => ({ 'catalog.cattle.io/kube-version': `>= 1.23.0-0 < ${ max }.0-0`, 'catalog.cattle.io/namespace': 'kube-system' });

/** Newest first, as Helm writes an index. */
export const GUEST_CHART_INDEX: HelmIndex = {
  apiVersion: 'v1',
  entries:    {
    'harvester-cloud-provider': [
      {
        name: 'harvester-cloud-provider', version: '107.0.1+up0.2.15', appVersion: 'v0.2.8', annotations: KUBE('1.34')
      },
      {
        name: 'harvester-cloud-provider', version: '106.0.2+up0.2.14', appVersion: 'v0.2.7', annotations: KUBE('1.33')
      },
    ],
    'harvester-csi-driver': [
      {
        name: 'harvester-csi-driver', version: '107.0.0+up0.1.31', appVersion: 'v0.2.9', annotations: KUBE('1.34')
      },
      {
        name: 'harvester-csi-driver', version: '106.0.1+up0.1.29', appVersion: 'v0.2.9', annotations: KUBE('1.33')
      },
    ],
  },
};

export function isGuestChartRepo(repo: KubeObject): boolean {
  return repo.spec?.gitRepo === RANCHER_CHARTS.gitRepo;
}

/**
 * The guest's Kubernetes version as Rancher reads it for the filter: its API server's (content.go `k8sVersion`,
 * discovery ServerVersion), which Rancher also keeps as the management cluster's `status.version`; a cluster
 * without one, its first node's kubelet.
 */
export function guestKubeVersion(ctx: SteveContext): string {
  const mgmt = getObject(ctx.state, 'local', 'management.cattle.io.cluster', ctx.cluster.id);
  const node = listObjects(ctx.state, ctx.cluster.id, 'node')[0];

  return `${ mgmt?.status?.version?.gitVersion || node?.status?.nodeInfo?.kubeletVersion || '' }`.replace(/^v/, '') || '1.33.0';
}

export function guestIndex(ctx: SteveContext, query: URLSearchParams): SimResponse {
  const index = query.get('skipFilter')?.toLowerCase() === 'true' ? GUEST_CHART_INDEX : filterReleases(GUEST_CHART_INDEX, query.get('k8sVersion') || guestKubeVersion(ctx));

  return {
    status: 200, headers: { 'content-type': 'application/json' }, body: { apiVersion: index.apiVersion, entries: index.entries }
  };
}

type Values = Record<string, any>;

/** The guest's distribution as Rancher reports it (its management cluster's `status.provider`: `k3s`, `rke2`, …). */
function guestProvider(ctx: SteveContext): string | undefined {
  return getObject(ctx.state, 'local', 'management.cattle.io.cluster', ctx.cluster.id)?.status?.provider;
}

/** `?action=install` on the guest's rancher-charts: Helm's errors for unknown charts, then an Operation. */
export function installGuestCharts(ctx: SteveContext, repo: KubeObject, body: unknown): SimResponse {
  const input = (body && typeof body === 'object' ? body : {}) as { namespace?: string; charts?: { chartName?: string; version?: string; releaseName?: string; values?: Values }[] };
  const namespace = input.namespace || 'default';
  const resolved: { chart: NonNullable<typeof input.charts>[number]; found: HelmChartVersion }[] = [];

  for (const c of input.charts || []) {
    const versions = GUEST_CHART_INDEX.entries[c.chartName || ''] || [];
    const found = c.version ? versions.find((v) => v.version === c.version) : versions[0];

    if (!found) {
      return errorResponse(500, 'ServerError', versions.length ? `no chart version found for ${ c.chartName }-${ c.version }` : 'no chart name found');
    }
    resolved.push({ chart: c, found });
  }
  if (!resolved.length) {
    return errorResponse(500, 'ServerError', 'no charts to install');
  }
  const nodes = listObjects(ctx.state, ctx.cluster.id, 'node').length;
  const provider = guestProvider(ctx);
  const op = startOperation(ctx.state, resolved.map(({ chart, found }) => ({
    operation: 'install', releaseName: chart.releaseName || found.name, namespace, flags: { version: found.version, labels: `${ CLUSTER_REPO_NAME_LABEL }=${ repo.metadata.name }` }, chartFile: `${ found.name }-${ found.version }.tgz`
  })), () => resolved.forEach(({ chart, found }) => {
    const release = chart.releaseName || found.name;
    const values = chart.values || {};

    for (const made of chartObjects(found, values, nodes, provider)) {
      const type = typeOfObject(made)?.id as string;
      const id = made.metadata.namespace ? `${ made.metadata.namespace }/${ made.metadata.name }` : made.metadata.name;

      Object.assign(made.metadata, { uid: newUid(`${ type }/${ id }`), creationTimestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z') });
      storeObject(ctx.state, ctx.cluster.id, type, made);
    }
    if (!getObject(ctx.state, ctx.cluster.id, APP_TYPE, `${ namespace }/${ release }`)) {
      storeObject(ctx.state, ctx.cluster.id, APP_TYPE, {
        apiVersion: 'catalog.cattle.io/v1',
        kind:       'App',
        metadata:   {
          name: release, namespace, labels: { [CLUSTER_REPO_NAME_LABEL]: repo.metadata.name }, uid: newUid(`app/${ release }`)
        },
        spec: {
          name: release, namespace, version: 1, chart: { metadata: found }, values, info: { status: 'deployed', description: 'Install complete' }
        },
        status: { summary: { state: 'deployed' } },
      });
    }
  }), ctx.cluster.id);

  return {
    status:  201,
    headers: { 'content-type': 'application/json' },
    body:    {
      type: 'chartActionOutput', links: {}, operationName: op.metadata.name, operationNamespace: op.metadata.namespace
    },
  };
}

/** `?link=` of any ClusterRepo: the guest's chart repository's index from here, everything else as repoContent.ts serves it. */
export function serveRepoLinkIn(ctx: SteveContext, t: TypeDef, repo: KubeObject, query: URLSearchParams, currentUrl: string): SimResponse | null {
  if (t.id === CLUSTER_REPO_TYPE && isGuestChartRepo(repo) && query.get('link') === 'index') {
    return guestIndex(ctx, query);
  }

  return serveRepoLink(t, repo, query, currentUrl);
}
