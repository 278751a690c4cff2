/**
 * Rancher's own cluster (`local`): a third kube-apiserver of the stack (its own etcd prefix), as Rancher runs on the
 * cluster it is installed in. Beside the flags the other two have (../core/config.ts) it serves aggregated APIs the way
 * a kubeadm or RKE2 server does: a front-proxy CA and client certificate (`--requestheader-*`,
 * `--proxy-client-*`), since Rancher 2.13+ serves `ext.cattle.io` (tokens, kubeconfigs, passwords the dashboards
 * use) through the aggregation layer and exits when the API server cannot reach it. Its kube-controller-manager
 * (../core/controllerManager.ts) makes the service-account tokens Rancher's impersonation and catalog wait for.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  BASE_PORT, ClusterKey, Secrets, StackCluster, apiserverArgs
} from '../../core/config';
import { RUN_DIR } from '../../core/paths';
import { tokenAuditArgs } from './tokenAudit';
import { ensureKubeletTls } from '../../core/kubeletTls';

/** Ports of the Rancher part of a stack: BASE+601… (the other parts use BASE+79…+444 and BASE+257…). */
export const RANCHER_PORTS = {
  localApi:    BASE_PORT + 601,
  localKcm:    BASE_PORT + 602,
  /** Rancher's HTTPS port, the same inside its network namespace and on the machine's 127.0.0.1. */
  https:       BASE_PORT + 603,
  // BASE+604: Rancher's internal HTTPS listener (pkg/tls: always the HTTPS port + 1), only inside its namespace.
  /** Rancher's plain HTTP port (it redirects to HTTPS); only inside its namespace. */
  http:        BASE_PORT + 605,
  /** The project's Helm repository (charts, index.yaml, extensions/…), on 127.0.0.1, bridged to Rancher. */
  helmRepo:    BASE_PORT + 606,
  profile:     BASE_PORT + 607,
  /** An OCI registry a test starts on 127.0.0.1 (issue 27's OCI ClusterRepo), bridged to Rancher. */
  ociRegistry: BASE_PORT + 608,
  /** The Pod runner's kubelet API (lab/standins/pods/kubeletApi.ts): where the local API server reads Pod logs. */
  kubelet:     BASE_PORT + 609,
};

/**
 * `local` is no cluster of the demo (config.ts's CLUSTERS): it has no Steve of the stack and no seed, so it is kept
 * out of that list and its key is only a label here.
 */
export const LOCAL: StackCluster = {
  key:         'local' as ClusterKey,
  clusterId:   'local',
  name:        'local',
  apiPort:     RANCHER_PORTS.localApi,
  stevePort:   0,
  etcdPrefix:  '/local',
  serviceCidr: '10.63.0.0/16',
  kcmPort:     RANCHER_PORTS.localKcm,
};

const certDir = () => path.join(RUN_DIR, 'local', 'front-proxy');

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** The front-proxy CA and the client certificate the API server presents to aggregated APIs (made once, 0600). */
export function ensureFrontProxyCerts(): { ca: string; cert: string; key: string } {
  const dir = certDir();
  const files = {
    ca: path.join(dir, 'ca.crt'), cert: path.join(dir, 'client.crt'), key: path.join(dir, 'client.key')
  };

  if (Object.values(files).every((f) => fs.existsSync(f))) {
    return files;
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const caKey = path.join(dir, 'ca.key');
  const csr = path.join(dir, 'client.csr');

  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', caKey, '-out', files.ca, '-days', '3650', '-subj', '/CN=front-proxy-ca');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', files.key, '-out', csr, '-subj', '/CN=front-proxy-client');
  openssl('x509', '-req', '-in', csr, '-CA', files.ca, '-CAkey', caKey, '-CAcreateserial', '-out', files.cert, '-days', '3650');
  for (const f of fs.readdirSync(dir)) {
    fs.chmodSync(path.join(dir, f), 0o600);
  }

  return files;
}

export function localApiserverArgs(s: Secrets): string[] {
  const fp = ensureFrontProxyCerts();
  const kubelet = ensureKubeletTls(path.join(RUN_DIR, 'secrets'));

  return [
    ...apiserverArgs(LOCAL, s),
    `--requestheader-client-ca-file=${ fp.ca }`,
    '--requestheader-allowed-names=front-proxy-client',
    '--requestheader-username-headers=X-Remote-User',
    '--requestheader-group-headers=X-Remote-Group',
    '--requestheader-extra-headers-prefix=X-Remote-Extra-',
    `--proxy-client-cert-file=${ fp.cert }`,
    `--proxy-client-key-file=${ fp.key }`,
    // What the Pod runner's kubelet API asks for (lab/core/kubeletTls.ts), as kubeadm's API server does.
    `--kubelet-client-certificate=${ kubelet.clientCert }`,
    `--kubelet-client-key=${ kubelet.clientKey }`,
    ...tokenAuditArgs(),
  ];
}
