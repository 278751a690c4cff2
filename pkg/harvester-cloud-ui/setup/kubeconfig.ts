/**
 * Harvester's kubeconfig endpoint, called as Rancher's RKE2 form calls it (rancher/dashboard
 * shell/edit/provisioning.cattle.io.cluster/rke2.vue `setHarvesterChartValues`): `POST /k8s/clusters/<host>/v1/
 * harvester/kubeconfig` through Rancher's proxy, body `{ csiClusterRoleName, clusterRoleName, namespace,
 * serviceAccountName }`. Harvester (pkg/api/kubeconfig/generate_handler.go `doPost`) makes the service account, its
 * token Secret `<sa>-token`, the RoleBinding to `harvesterhci.io:cloudprovider` and the ClusterRoleBinding to
 * `harvesterhci.io:csi-driver` (both named `<namespace>-<sa>`), and answers the kubeconfig as a JSON string, which
 * the shell's store hands back as `{ data }`. The body carries names only: the token travels in the answer.
 */
import { StoreLike } from '../data/store';
import { clusterApi, proxyRequest } from '../data/clusterProxy';
import { classifyHttpFailure, HttpFailure, namesNoConnection } from '../data/failure';

export const PROVIDER_ROLE = 'harvesterhci.io:cloudprovider';
export const CSI_ROLE = 'harvesterhci.io:csi-driver';

export function kubeconfigUrl(hostClusterId: string): string {
  return `${ clusterApi(hostClusterId) }/harvester/kubeconfig`;
}

export function kubeconfigRequestBody(namespace: string, serviceAccountName: string) {
  return {
    csiClusterRoleName: CSI_ROLE, clusterRoleName: PROVIDER_ROLE, namespace, serviceAccountName
  };
}

/** wrangler `name.SafeConcatName` for names under 64 characters (the bindings' `<namespace>-<sa>`). */
export function bindingName(namespace: string, serviceAccount: string): string {
  return `${ namespace }-${ serviceAccount }`;
}

/**
 * How a step failed: an HTTP failure, or an answer that holds nothing to go on (`noKubeconfig`: Harvester's answer is
 * no kubeconfig; `noChart`: no version of the chart named in `detail` admits the cluster's Kubernetes).
 */
export type SetupFailure = HttpFailure | 'noKubeconfig' | 'noChart';

export interface StepFailure {
  failure: SetupFailure;
  status?: number;
  /** What the server said, shown as text. */
  detail?: string;
}

/** Harvester answers errors as plain text (`<code> <status>: <message>`): the store puts it in `data`. */
export function failureOf(err: unknown): StepFailure {
  const c = classifyHttpFailure(err);
  const data = (err as { data?: unknown } | null)?.data;
  const detail = typeof data === 'string' && data ? data : c.detail;

  // Harvester answers 422 when it cannot reach its own kube-apiserver (R-SET-9): the host was not reached.
  return {
    ...c, failure: c.failure === 'error' && namesNoConnection(detail) ? 'unreachable' : c.failure, detail
  };
}

export type KubeconfigResult = { ok: true; kubeconfig: string } | ({ ok: false } & StepFailure);

export async function generateKubeconfig(store: StoreLike, hostClusterId: string, namespace: string, serviceAccountName: string): Promise<KubeconfigResult> {
  try {
    const res = await proxyRequest(store, {
      url: kubeconfigUrl(hostClusterId), method: 'POST', data: kubeconfigRequestBody(namespace, serviceAccountName)
    });
    const kubeconfig = typeof res?.data === 'string' ? res.data : '';

    return kubeconfig.includes('kind: Config') ? { ok: true, kubeconfig } : { ok: false, failure: 'noKubeconfig' };
  } catch (e) {
    return { ok: false, ...failureOf(e) };
  }
}

/** Where the kubeconfig points (its server), to show without the token. */
export function serverOf(kubeconfig: string): string | null {
  const m = /^\s*server:\s*(\S+)\s*$/m.exec(kubeconfig);

  return m ? m[1] : null;
}
