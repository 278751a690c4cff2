/**
 * The Operation Rancher makes for an install on a guest's `rancher-charts`, as real mode's stand-in keeps it
 * (guestCharts.ts): made in the guest, in the release's namespace, with `get` on it for the user (helmop
 * `createOperation`, `createRoleAndRoleBindings`); its status written as Rancher's operation controller writes it
 * (operations.go onOperationChange, kstatus); and its `logs` link. No Pod runs it: a stand-in (docs/real-mode.md).
 */
import { KubeTarget, kubeRequest, objectPath } from '../core/kubeClient';
import { kstatusConditions } from '../simulator/catalog/helmOperation';

type Obj = Record<string, any>;

export const OPERATION_LOGS = /^\/v1\/catalog\.cattle\.io\.operations\/([^/]+)\/([^/]+)\/logs$/;

/**
 * What each Operation's helm container printed, as Rancher's `logs` link serves it (Apps → Recent Operations → View
 * Logs): the command helm-cmd echoes, then Helm's last words when it failed. Kept while the front runs.
 */
export const operationLogs = new Map<string, string[]>();

/** The text an Operation's `logs` link (`…/operations/<ns>/<name>/logs`) answers, or null for one not kept here. */
export function operationLog(path: string): string | null {
  const m = OPERATION_LOGS.exec(path.split('?')[0]);
  const lines = m && operationLogs.get(`${ decodeURIComponent(m[1]) }/${ decodeURIComponent(m[2]) }`);

  return lines ? lines.map((l) => `${ l }\n`).join('') : null;
}

/** The Operation, named as its Pod (`helm-operation-<5>`), with the status helmop writes and `get` for the user. */
export async function startOperation(admin: KubeTarget, namespace: string, release: string, user: string): Promise<Obj | string> {
  const name = `helm-operation-${ Math.random().toString(36).slice(2, 7) }`;
  const made = await kubeRequest(admin, 'POST', objectPath('catalog.cattle.io/v1', 'operations', namespace), {
    apiVersion: 'catalog.cattle.io/v1', kind: 'Operation', metadata: { name, namespace }
  });

  if (made.status >= 300) {
    return `${ made.body?.message || made.status }`;
  }
  const role = `${ name }-${ user }-role`;

  await kubeRequest(admin, 'POST', objectPath('rbac.authorization.k8s.io/v1', 'roles', namespace), {
    metadata: { name: role, namespace },
    rules:    [{
      verbs: ['get'], resources: ['operations'], apiGroups: ['catalog.cattle.io'], resourceNames: [name]
    }],
  });
  await kubeRequest(admin, 'POST', objectPath('rbac.authorization.k8s.io/v1', 'rolebindings', namespace), {
    metadata: { name: `${ name }-${ user }-rolebinding`, namespace },
    subjects: [{
      apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: user
    }],
    roleRef: {
      apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: role
    },
  });
  const op = {
    ...made.body,
    status: {
      action: 'install', releaseName: release, namespace, podName: name, podNamespace: 'cattle-system', observedGeneration: 0
    }
  };

  await operationStatus(admin, op, { transitioning: 'waiting to run operation' });

  return op;
}

/** The Operation's status as the operation controller writes it: waiting, or the helm container done (or failed). */
export async function operationStatus(admin: KubeTarget, op: Obj, s: { transitioning?: string; stalled?: string }): Promise<void> {
  const one = `${ objectPath('catalog.cattle.io/v1', 'operations', op.metadata.namespace) }/${ op.metadata.name }`;
  const current = await kubeRequest(admin, 'GET', one);

  await kubeRequest(admin, 'PUT', `${ one }/status`, {
    ...current.body,
    status: {
      ...op.status, ...(s.transitioning ? {} : { podCreated: true, observedGeneration: 1 }), conditions: kstatusConditions(s)
    },
  });
}
