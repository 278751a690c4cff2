/**
 * Credentials a component would have in its Pod: its ServiceAccount's token, requested through the TokenRequest API
 * as the kubelet requests it for a projected volume, written into a kubeconfig (mode 0600) the component reads, or
 * into the files `rest.InClusterConfig` reads (podEnv.ts). Tokens never leave the run directory's secrets/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { RUN_DIR } from './paths';
import { KubeTarget, kubeExpect, kubeRequest, objectPath } from './kubeClient';

export interface ServiceAccountRef {
  namespace: string;
  name: string;
}

/** A day: longer than any test run; a component of a stack left running is restarted by the next `npm run stack`. */
const TOKEN_SECONDS = 24 * 3600;

export async function ensureNamespace(target: KubeTarget, name: string): Promise<void> {
  const r = await kubeRequest(target, 'POST', '/api/v1/namespaces', {
    apiVersion: 'v1', kind: 'Namespace', metadata: { name }
  });

  if (r.status !== 201 && r.status !== 409) {
    throw new Error(`namespace ${ name }: ${ r.status } ${ r.body?.message }`);
  }
}

export async function ensureServiceAccount(target: KubeTarget, sa: ServiceAccountRef): Promise<void> {
  await ensureNamespace(target, sa.namespace);
  const r = await kubeRequest(target, 'POST', objectPath('v1', 'serviceaccounts', sa.namespace), {
    apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: sa.name, namespace: sa.namespace }
  });

  if (r.status !== 201 && r.status !== 409) {
    throw new Error(`serviceaccount ${ sa.namespace }/${ sa.name }: ${ r.status } ${ r.body?.message }`);
  }
}

export async function requestToken(target: KubeTarget, sa: ServiceAccountRef): Promise<string> {
  const r = await kubeExpect(target, 'POST', `${ objectPath('v1', 'serviceaccounts', sa.namespace, sa.name) }/token`, {
    apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: TOKEN_SECONDS }
  });

  return r.body.status.token;
}

/** A ClusterRoleBinding of the ServiceAccount to `role` (where the component's own RBAC is not in its tree). */
export async function bindClusterRole(target: KubeTarget, sa: ServiceAccountRef, role: string): Promise<void> {
  const r = await kubeRequest(target, 'POST', objectPath('rbac.authorization.k8s.io/v1', 'clusterrolebindings'), {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind:       'ClusterRoleBinding',
    metadata:   { name: `stack:${ sa.namespace }:${ sa.name }` },
    roleRef:    {
      apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role
    },
    subjects: [{
      kind: 'ServiceAccount', name: sa.name, namespace: sa.namespace
    }],
  });

  if (r.status !== 201 && r.status !== 409) {
    throw new Error(`clusterrolebinding for ${ sa.namespace }/${ sa.name }: ${ r.status } ${ r.body?.message }`);
  }
}

export function secretsDir(): string {
  const dir = path.join(RUN_DIR, 'secrets');

  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });

  return dir;
}

/** A kubeconfig with `token` against `server`, in the namespace given (the cloud provider reads the VMs' from it). */
export function writeTokenKubeconfig(file: string, server: string, token: string, namespace?: string): string {
  fs.writeFileSync(file, stringify({
    apiVersion: 'v1',
    kind:       'Config',
    clusters:   [{ name: 'cluster', cluster: { server, 'insecure-skip-tls-verify': true } }],
    users:      [{ name: 'user', user: { token } }],
    contexts:   [{
      name:    'context',
      context: {
        cluster: 'cluster', user: 'user', ...(namespace ? { namespace } : {})
      }
    }],
    'current-context': 'context',
  }), { mode: 0o600 });

  return file;
}

/** The ServiceAccount (made when missing), a fresh token for it, and a kubeconfig file with that token. */
export async function serviceAccountKubeconfig(target: KubeTarget, sa: ServiceAccountRef, fileName: string, namespace?: string): Promise<string> {
  await ensureServiceAccount(target, sa);
  const token = await requestToken(target, sa);

  return writeTokenKubeconfig(path.join(secretsDir(), fileName), target.url, token, namespace);
}
