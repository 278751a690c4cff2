/**
 * The one-step set-up (R-SET-7): each step a request of its own, in order, stopping at the first that fails and
 * saying which and why. Nothing else is changed: an existing cloud-config Secret keeps its labels, annotations and
 * other keys; charts already installed are not installed again.
 * - the cloud-config Secret in the guest (`kube-system/harvester-cloud-config`, plan.ts);
 * - the charts through Rancher's Apps: the newest version the guest's `rancher-charts` ClusterRepo offers for its
 *   Kubernetes (`?link=index`, filtered by Rancher), installed with `?action=install` as the Apps page does;
 * - on the host, for its admins: the CSI ClusterRole and ClusterRoleBinding (Harvester's docs; csiRbacYaml).
 * RKE2 gets neither the Secret nor the charts (R-SET-6): it installs its bundled charts itself, which read the
 * cloud config from the nodes' file.
 */
import { toBase64 } from '../shared/base64';
import { StoreLike } from '../data/store';
import { CLUSTER_REPO, CLUSTER_ROLE, CLUSTER_ROLE_BINDING, SECRET } from '../data/typeIds';
import { clusterTypeUrl, proxyRequest } from '../data/clusterProxy';
import { actionUrl, linkUrl } from '../data/steve';
import { Component, COMPONENTS } from '../environment/installedVersions';
import { CSI_CLUSTER_ROLE } from '../storageClass/rbac';
import { failureOf, StepFailure, bindingName } from './kubeconfig';
import { newestInIndex } from './charts';
import { operationOf, OperationRef } from './operation';
import { CLOUD_CONFIG_SECRET, SetupPlan } from './plan';

export const CHART_REPO = 'rancher-charts';

export type StepName = 'secret' | 'charts' | 'hostRbac';
/** `operation`: the helm operation Rancher started for the charts, followed on the page (operation.ts). */
export type StepResult = { step: StepName; ok: true; detail?: string; operation?: OperationRef } | ({ step: StepName; ok: false } & StepFailure);

// Plural collection names, as Rancher's own pages write them (Steve takes both).
const plural = (type: string) => `${ type }s`;

/** Creates the Secret, or, when it exists, sets its two keys and keeps everything else. */
export async function applySecret(store: StoreLike, clusterId: string, kubeconfig: string): Promise<StepResult> {
  const {
    namespace, name, providerKey, csiKey
  } = CLOUD_CONFIG_SECRET;
  const keys = { [providerKey]: toBase64(kubeconfig), [csiKey]: toBase64(kubeconfig) };
  const one = clusterTypeUrl(clusterId, plural(SECRET), namespace, name);

  try {
    let existing: Record<string, unknown> & { data?: Record<string, string> } | null = null;

    try {
      existing = await proxyRequest(store, { url: one });
    } catch (e) {
      if (failureOf(e).status !== 404) {
        throw e;
      }
    }
    if (existing) {
      const { links, actions, ...rest } = existing; // eslint-disable-line @typescript-eslint/no-unused-vars

      await proxyRequest(store, {
        url: one, method: 'PUT', data: { ...rest, data: { ...(existing.data || {}), ...keys } }
      });
    } else {
      await proxyRequest(store, {
        url:    clusterTypeUrl(clusterId, plural(SECRET)),
        method: 'POST',
        data:   {
          type: SECRET, _type: 'Opaque', metadata: { namespace, name }, data: keys
        },
      });
    }

    return { step: 'secret', ok: true };
  } catch (e) {
    return {
      step: 'secret', ok: false, ...failureOf(e)
    };
  }
}

/** The Apps page's install body for the charts still missing. */
export function installBody(plan: SetupPlan, versions: Partial<Record<Component, string>>) {
  return {
    charts: (Object.keys(versions) as Component[]).map((c) => ({
      chartName:   COMPONENTS[c].chart,
      version:     versions[c],
      releaseName: COMPONENTS[c].chart,
      annotations: { 'catalog.cattle.io/ui-source-repo-type': 'cluster', 'catalog.cattle.io/ui-source-repo': CHART_REPO },
      values:      plan.values[c],
    })),
    namespace: 'kube-system',
    noHooks:   false,
    timeout:   '600s',
    wait:      true,
  };
}

export async function applyCharts(store: StoreLike, clusterId: string, plan: SetupPlan, missing: Component[]): Promise<StepResult> {
  const repo = clusterTypeUrl(clusterId, plural(CLUSTER_REPO), undefined, CHART_REPO);

  // Nothing to install; and never for RKE2, whose own HelmCharts of these names would collide with an App's.
  if (plan.bundled || !missing.length) {
    return { step: 'charts', ok: true };
  }
  try {
    const index = await proxyRequest(store, { url: linkUrl(repo, 'index') });
    const versions: Partial<Record<Component, string>> = {};

    for (const c of missing) {
      const v = newestInIndex(index, COMPONENTS[c].chart);

      if (!v) {
        // Rancher lists only the versions whose `catalog.cattle.io/kube-version` admits the cluster (catalogv2
        // content.go filterReleases): none left says so, in the user's language (harvesterSetup.failure.noChart).
        return {
          step: 'charts', ok: false, failure: 'noChart', detail: COMPONENTS[c].chart
        };
      }
      versions[c] = v;
    }
    const operation = operationOf(await proxyRequest(store, {
      url: actionUrl(repo, 'install'), method: 'POST', data: installBody(plan, versions)
    }));

    return {
      step: 'charts', ok: true, detail: Object.values(versions).join(', '), ...(operation ? { operation } : {})
    };
  } catch (e) {
    return {
      step: 'charts', ok: false, ...failureOf(e)
    };
  }
}

/** The CSI ClusterRole (kept when it exists) and the binding of the service account to it, on the host. */
export async function applyHostRbac(store: StoreLike, hostClusterId: string, namespace: string, serviceAccount: string): Promise<StepResult> {
  const created = async(type: string, data: Record<string, unknown>) => {
    try {
      await proxyRequest(store, {
        url: clusterTypeUrl(hostClusterId, plural(type)), method: 'POST', data
      });
    } catch (e) {
      if (failureOf(e).status !== 409) {
        throw e;
      }
    }
  };

  try {
    await created(CLUSTER_ROLE, {
      type:     CLUSTER_ROLE,
      metadata: {
        name:   CSI_CLUSTER_ROLE,
        labels: {
          'app.kubernetes.io/component': 'apiserver', 'app.kubernetes.io/name': 'harvester', 'app.kubernetes.io/part-of': 'harvester'
        }
      },
      rules: [{
        apiGroups: ['storage.k8s.io'], resources: ['storageclasses'], verbs: ['get', 'list', 'watch']
      }],
    });
    await created(CLUSTER_ROLE_BINDING, {
      type:     CLUSTER_ROLE_BINDING,
      metadata: { name: bindingName(namespace, serviceAccount) },
      roleRef:  {
        apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: CSI_CLUSTER_ROLE
      },
      subjects: [{
        kind: 'ServiceAccount', name: serviceAccount, namespace
      }],
    });

    return { step: 'hostRbac', ok: true };
  } catch (e) {
    return {
      step: 'hostRbac', ok: false, ...failureOf(e)
    };
  }
}

/** The steps Apply takes for a plan, in order: the Secret, then the charts still missing; none for RKE2. */
export function applySteps(plan: SetupPlan, missing: Component[]): StepName[] {
  return plan.bundled ? [] : ['secret', ...(missing.length ? ['charts' as const] : [])];
}

/** Each step of the plan in order, stopping at the first that fails. */
export async function applyPlan(store: StoreLike, clusterId: string, plan: SetupPlan, kubeconfig: string, missing: Component[]): Promise<StepResult[]> {
  const results: StepResult[] = [];

  for (const step of applySteps(plan, missing)) {
    const result = step === 'secret' ? await applySecret(store, clusterId, kubeconfig) : await applyCharts(store, clusterId, plan, missing);

    results.push(result);
    if (!result.ok) {
      break;
    }
  }

  return results;
}
