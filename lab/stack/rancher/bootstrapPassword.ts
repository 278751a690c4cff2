/**
 * Rancher's bootstrap password, set before its first start as Rancher's Helm chart sets it (`bootstrapPassword`):
 * Rancher logs a password only when it generates one (rancher pkg/data/management/bootstrap_password.go
 * GetBootstrapPassword, role_data.go "Bootstrap Password: %s"), and a log line must not hold one (issue 37). The
 * admin's first login reads it back from the Secret (users.ts).
 */
import crypto from 'node:crypto';
import { KubeTarget, kubeExpect, kubeRequest } from '../../core/kubeClient';

export const BOOTSTRAP_SECRET = '/api/v1/namespaces/cattle-system/secrets/bootstrap-secret';

/** A random bootstrap password in Secret cattle-system/bootstrap-secret, unless Rancher's local cluster has one. */
export async function presetBootstrapPassword(local: KubeTarget): Promise<void> {
  if ((await kubeRequest(local, 'GET', BOOTSTRAP_SECRET)).status !== 404) {
    return;
  }
  await kubeExpect(local, 'POST', '/api/v1/namespaces/cattle-system/secrets', {
    apiVersion: 'v1',
    kind:       'Secret',
    type:       'Opaque',
    metadata:   { name: 'bootstrap-secret', namespace: 'cattle-system' },
    stringData: { bootstrapPassword: crypto.randomBytes(24).toString('base64url') },
  }, [201, 409]);
}
