/**
 * The kubelet API's certificates (the Pod runner's, lab/standins/pods/kubeletApi.ts): as a kubelet does with
 * `--client-ca-file`, it answers only a caller with a client certificate of the run's kubelet CA, which only the API
 * server holds (`--kubelet-client-certificate`); container logs were open to any local process before.
 */
import path from 'node:path';
import { CLIENT, ensureCa, SERVER } from './stackCa';

export interface KubeletTls { ca: string; serverCert: string; serverKey: string; clientCert: string; clientKey: string }

export function ensureKubeletTls(secretsDir: string): KubeletTls {
  const { ca, issued } = ensureCa(path.join(secretsDir, 'kubelet'), 'stack-kubelet-ca', {
    kubelet:                    { cn: 'pod-runner', extensions: [...SERVER, 'extendedKeyUsage=serverAuth'] },
    'apiserver-kubelet-client': { cn: 'kube-apiserver-kubelet-client', extensions: CLIENT },
  });

  return {
    ca, serverCert: issued.kubelet.cert, serverKey: issued.kubelet.key, clientCert: issued['apiserver-kubelet-client'].cert, clientKey: issued['apiserver-kubelet-client'].key
  };
}
