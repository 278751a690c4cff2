/**
 * etcd with TLS both ways, as Kubernetes installs run it (kubeadm's etcd: `--client-cert-auth`, the API server's
 * `--etcd-certfile`): etcd holds every Secret of every cluster here, and a plain listener on loopback let any local
 * process read and write them (issue 37, "the lab lets no one in"). One CA of the run, made once in `secrets/etcd/`
 * (keys 0600): etcd's serving and peer certificate, and the client certificate of the API servers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureServerClient, ServerClientTls } from './stackCa';

export type EtcdTls = ServerClientTls;

/** The run's etcd certificates, made once under `<secretsDir>/etcd`. */
export function ensureEtcdTls(secretsDir: string): EtcdTls {
  // One certificate for both of etcd's listeners: clients', and peers' (which also present it as clients).
  return ensureServerClient(path.join(secretsDir, 'etcd'), 'stack-etcd-ca', { cn: 'etcd', serverUsage: 'serverAuth,clientAuth' }, 'kube-apiserver-etcd-client');
}

/** etcd's flags (lab/stack/cmd/etcd): both listeners on loopback, each asking for a certificate of the run's CA. */
export function etcdArgs(tls: EtcdTls, dataDir: string, ports: { client: number; peer: number }): string[] {
  return [
    `--data-dir=${ dataDir }`, `--listen-client-url=https://127.0.0.1:${ ports.client }`, `--listen-peer-url=https://127.0.0.1:${ ports.peer }`,
    `--cert-file=${ tls.serverCert }`, `--key-file=${ tls.serverKey }`, `--trusted-ca-file=${ tls.ca }`,
  ];
}

/** The API server's flags to reach that etcd. */
export function apiserverEtcdArgs(tls: EtcdTls, port: number): string[] {
  return [`--etcd-servers=https://127.0.0.1:${ port }`, `--etcd-cafile=${ tls.ca }`, `--etcd-certfile=${ tls.clientCert }`, `--etcd-keyfile=${ tls.clientKey }`];
}

/** What a client of etcd presents (readiness probe). */
export function etcdClientTls(tls: EtcdTls): { cert: Buffer; key: Buffer; ca: Buffer } {
  return {
    cert: fs.readFileSync(tls.clientCert), key: fs.readFileSync(tls.clientKey), ca: fs.readFileSync(tls.ca)
  };
}
