/**
 * Harvester's kubeconfig endpoint as Rancher's proxy reaches it: `POST /k8s/clusters/<harvester>/v1/harvester/
 * kubeconfig` (harvester/harvester pkg/server/router.go, `verifyAuthMiddleware`; pkg/api/kubeconfig/
 * generate_handler.go `doPost`), played on the simulated host:
 * - `clusterRoleName` empty or `harvesterhci.io:cloudprovider`, `namespace` and `serviceAccountName` required
 *   (422 InvalidBodyContent, `decodeRequest`); the ClusterRole must exist;
 * - the service account (its namespace must exist), its token Secret `<sa>-token` (type service-account-token,
 *   `ca.crt` and `token` filled as the token controller does), the RoleBinding to the provider role and the
 *   ClusterRoleBinding to `harvesterhci.io:csi-driver`, both `SafeConcatName(namespace, sa)`, each kept when there;
 * - the answer is the kubeconfig as a JSON string (`util.ResponseOKWithBody`), server `https://<vip>:6443` from
 *   ConfigMap `harvester-system/vip`; errors are plain text `<Code> <status>: <message>`.
 * Only admins reach it: Rancher's proxy refuses others (the handler checks only that Rancher impersonates someone).
 */
import { createHash, randomBytes } from 'node:crypto';
import { getCluster, getObject, storeObject, SimState } from '../core/state';
import { newUid } from '../core/ids';
import { clusterForbidden } from '../core/errors';
import { KubeObject, SimResponse, SimUser } from '../core/types';

export const PROVIDER_ROLE = 'harvesterhci.io:cloudprovider';
export const CSI_ROLE = 'harvesterhci.io:csi-driver';
/** What the demo's token Secrets hold as CA (any PEM-looking bytes do for the UI). */
const DEMO_CA = '-----BEGIN CERTIFICATE-----\nc2ltdWxhdG9yIENB\n-----END CERTIFICATE-----\n';

/** wrangler `name.SafeConcatName`. */
export function safeConcatName(...parts: string[]): string {
  const full = parts.join('-');

  if (full.length < 64) {
    return full;
  }
  const digest = createHash('sha256').update(full).digest('hex');

  return /[a-z0-9]/.test(full[56]) ? `${ full.slice(0, 57) }-${ digest.slice(0, 5) }` : `${ full.slice(0, 56) }-${ digest.slice(0, 6) }`;
}

const text = (status: number, body: string): SimResponse => ({
  status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body
});
const invalid = (message: string) => text(422, `InvalidBodyContent 422: ${ message }`);
const stamp = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

function ensure(state: SimState, clusterId: string, type: string, obj: KubeObject): KubeObject {
  const id = obj.metadata.namespace ? `${ obj.metadata.namespace }/${ obj.metadata.name }` : obj.metadata.name;
  const found = getObject(state, clusterId, type, id);

  if (found) {
    return found;
  }
  Object.assign(obj.metadata, { uid: newUid(`${ type }/${ id }/${ stamp() }`), creationTimestamp: stamp() });

  return storeObject(state, clusterId, type, obj);
}

function owner(sa: KubeObject, apiVersion: string) {
  return [{
    apiVersion, kind: 'ServiceAccount', name: sa.metadata.name, uid: sa.metadata.uid
  }];
}

export function kubeconfigYaml(server: string, namespace: string, ca: string, token: string): string {
  // clientcmd's encoding of NewConfig with one "default" cluster, user and context.
  return [
    'apiVersion: v1', 'clusters:', '- cluster:', `    certificate-authority-data: ${ ca }`, `    server: ${ server }`, '  name: default',
    'contexts:', '- context:', '    cluster: default', `    namespace: ${ namespace }`, '    user: default', '  name: default',
    'current-context: default', 'kind: Config', 'preferences: {}', 'users:', '- name: default', '  user:', `    token: ${ token }`, '',
  ].join('\n');
}

export function harvesterKubeconfig(state: SimState, user: SimUser, clusterId: string, method: string, body: unknown): SimResponse {
  const cluster = getCluster(state, clusterId);

  if (!cluster || cluster.kind !== 'harvester') {
    return text(404, '404 page not found');
  }
  if (!user.admin) {
    return clusterForbidden(user, clusterId);
  }
  if (method !== 'POST') {
    return text(405, 'Method Not Allowed');
  }
  const req = (body && typeof body === 'object' ? body : null) as Record<string, string> | null;

  if (!req) {
    return invalid('fail to decode request: EOF');
  }
  if (req.clusterRoleName && req.clusterRoleName !== PROVIDER_ROLE) {
    return invalid(`fail to decode request: invalid request: clusterRoleName can only be ${ PROVIDER_ROLE }`);
  }
  if (!req.namespace || !req.serviceAccountName) {
    return invalid('fail to decode request: invalid request: namespace and serviceAccountName cannot be empty');
  }
  if (!getObject(state, clusterId, 'rbac.authorization.k8s.io.clusterrole', PROVIDER_ROLE)) {
    return invalid(`clusterRole ${ PROVIDER_ROLE } is not found: clusterrole.rbac.authorization.k8s.io "${ PROVIDER_ROLE }" not found`);
  }
  const vip = getObject(state, clusterId, 'configmap', 'harvester-system/vip')?.data?.ip;

  if (!vip) {
    return text(500, 'ServerError 500: failed to get server url: configmap "vip" not found');
  }
  const { namespace, serviceAccountName: name } = req;

  if (!getObject(state, clusterId, 'namespace', namespace)) {
    return invalid(`fail to create serviceAccount: namespaces "${ namespace }" not found`);
  }
  const sa = ensure(state, clusterId, 'serviceaccount', {
    apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace }
  });
  const token = ensure(state, clusterId, 'secret', {
    apiVersion: 'v1',
    kind:       'Secret',
    metadata:   {
      name: safeConcatName(name, 'token'), namespace, ownerReferences: owner(sa, 'v1'), annotations: { 'kubernetes.io/service-account.name': name, 'kubernetes.io/service-account.uid': sa.metadata.uid as string }
    },
    type: 'kubernetes.io/service-account-token',
    data: {
      'ca.crt': Buffer.from(DEMO_CA).toString('base64'), token: Buffer.from(`sim.${ randomBytes(24).toString('base64url') }`).toString('base64'), namespace: Buffer.from(namespace).toString('base64')
    },
  } as KubeObject);
  const binding = safeConcatName(namespace, name);
  const subjects = [{
    kind: 'ServiceAccount', namespace, name
  }];

  ensure(state, clusterId, 'rbac.authorization.k8s.io.rolebinding', {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind:       'RoleBinding',
    metadata:   {
      name: binding, namespace, ownerReferences: owner(sa, 'v1')
    },
    subjects,
    roleRef: {
      apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: PROVIDER_ROLE
    }
  } as KubeObject);
  ensure(state, clusterId, 'rbac.authorization.k8s.io.clusterrolebinding', {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind:       'ClusterRoleBinding',
    metadata:   { name: binding, ownerReferences: owner(sa, 'v1') },
    subjects,
    roleRef:    {
      apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: CSI_ROLE
    }
  } as KubeObject);
  const data = (token as KubeObject & { data: Record<string, string> }).data;

  return {
    status:  200,
    headers: { 'content-type': 'application/json' },
    // A Go string through encoding/json: a JSON string on the wire.
    body:    JSON.stringify(kubeconfigYaml(`https://${ vip }:6443`, namespace, data['ca.crt'], Buffer.from(data.token, 'base64').toString('utf8'))),
  };
}
