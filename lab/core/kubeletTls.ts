/**
 * The kubelet API's certificates (the Pod runner's, lab/standins/pods/kubeletApi.ts): as a kubelet does with
 * `--client-ca-file`, it answers only a caller with a client certificate of the run's kubelet CA, which only the API
 * server holds (`--kubelet-client-certificate`); container logs were open to any local process before.
 */
import path from 'node:path';
import { ensureServerClient, ServerClientTls } from './stackCa';

export type KubeletTls = ServerClientTls;

export function ensureKubeletTls(secretsDir: string): KubeletTls {
  return ensureServerClient(path.join(secretsDir, 'kubelet'), 'stack-kubelet-ca', { cn: 'pod-runner', serverUsage: 'serverAuth' }, 'kube-apiserver-kubelet-client');
}
