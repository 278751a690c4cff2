/**
 * What a Pod gives its container, for components that read it (`rest.InClusterConfig`: the Harvester CSI driver):
 * `KUBERNETES_SERVICE_HOST`/`_PORT`, and the ServiceAccount's token, the cluster's CA and the namespace under
 * /var/run/secrets/kubernetes.io/serviceaccount. The process gets a mount namespace of its own (`unshare`) where a
 * private tmpfs on /run holds those files, so nothing on the machine's own /run changes and no other process sees
 * them. The token is requested as the kubelet requests it for a projected volume (serviceAccounts.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { RUN_DIR } from './paths';
import { startProcess, Started } from './processes';
import { KubeTarget } from './kubeClient';
import { ensureServiceAccount, requestToken, ServiceAccountRef } from './serviceAccounts';

const SCRIPT = [
  'set -e',
  'mount -t tmpfs -o mode=0755 tmpfs /run',
  'd=/run/secrets/kubernetes.io/serviceaccount',
  'mkdir -p "$d"',
  'cp "$POD_DIR/token" "$POD_DIR/ca.crt" "$POD_DIR/namespace" "$d/"',
  'exec "$@"',
].join('\n');

export interface PodIdentity {
  target: KubeTarget;
  serviceAccount: ServiceAccountRef;
  caFile: string;
  apiPort: number;
  /** A network namespace (netns.ts) to run in: entered first, while /run/netns is still the machine's. */
  netns?: string;
}

/** Writes the Pod's ServiceAccount files (mode 0600) and starts `bin` as that Pod's container would run. */
export async function startAsPod(name: string, bin: string, args: string[], pod: PodIdentity, env: Record<string, string> = {}): Promise<Started> {
  const dir = path.join(RUN_DIR, 'pods', name);

  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  await ensureServiceAccount(pod.target, pod.serviceAccount);
  fs.writeFileSync(path.join(dir, 'token'), await requestToken(pod.target, pod.serviceAccount), { mode: 0o600 });
  fs.copyFileSync(pod.caFile, path.join(dir, 'ca.crt'));
  fs.writeFileSync(path.join(dir, 'namespace'), pod.serviceAccount.namespace, { mode: 0o600 });

  const inNetns = pod.netns ? ['ip', 'netns', 'exec', pod.netns] : [];
  const [cmd, ...rest] = [...inNetns, 'unshare', '--mount', '--propagation', 'private', '--', 'sh', '-c', SCRIPT, name, bin, ...args];

  return startProcess(name, cmd, rest, undefined, {
    ...env, POD_DIR: dir, KUBERNETES_SERVICE_HOST: '127.0.0.1', KUBERNETES_SERVICE_PORT: `${ pod.apiPort }`
  });
}
