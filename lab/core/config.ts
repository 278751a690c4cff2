/**
 * The clusters the real stack runs and how their parts are wired: one etcd (a key prefix per cluster), a
 * kube-apiserver and a Steve per cluster, all on 127.0.0.1. Ports start at STACK_BASE_PORT (27000).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { HARVESTER_HOST, K3S_BARE, RKE2_GUEST } from '../world/ids';
import { apiserverEtcdArgs, EtcdTls, ensureEtcdTls } from './etcdTls';
import { RUN_DIR } from './paths';

/** rke2-guest (Harvester's provider and CSI driver run), harvester-host, k3s-bare (neither: the set-up flow's guest). */
export type ClusterKey = 'guest' | 'host' | 'bare';

export interface StackCluster {
  key: ClusterKey;
  /** Rancher's id of the cluster (the simulator's management side knows it by this id). */
  clusterId: string;
  name: string;
  apiPort: number;
  stevePort: number;
  etcdPrefix: string;
  serviceCidr: string;
  /** kube-controller-manager's secure port (health only; 127.0.0.1). */
  kcmPort: number;
  /**
   * Its Pods run (the Pod runner, lab/standins/pods/sites.ts): the API server admits them with their ServiceAccount's
   * token volume, and kube-controller-manager runs the workload controllers that make them.
   */
  runsPods?: boolean;
  /**
   * The address the API server advertises, and so names in its self-signed certificate: the host's is Harvester's
   * VIP (ConfigMap harvester-system/vip), which the kubeconfigs Harvester hands out name as their server.
   */
  advertiseAddress?: string;
}

export const BASE_PORT = parseInt(process.env.STACK_BASE_PORT || '27000', 10);
const BASE = BASE_PORT;

/** Harvester's VIP in the demo (lab/world/clusters/k3sBare.ts harvesterKubeconfigParts, ConfigMap vip). */
export const HARVESTER_VIP = '10.10.0.10';

export const ETCD = { client: BASE + 79, peer: BASE + 80 };

export const CLUSTERS: StackCluster[] = [
  {
    key: 'guest', clusterId: RKE2_GUEST.id, name: RKE2_GUEST.name, apiPort: BASE + 443, stevePort: BASE + 81, etcdPrefix: `/${ RKE2_GUEST.name }`, serviceCidr: '10.43.0.0/16', kcmPort: BASE + 257
  },
  {
    key: 'host', clusterId: HARVESTER_HOST.id, name: HARVESTER_HOST.name, apiPort: BASE + 444, stevePort: BASE + 82, etcdPrefix: `/${ HARVESTER_HOST.name }`, serviceCidr: '10.53.0.0/16', kcmPort: BASE + 258, advertiseAddress: HARVESTER_VIP
  },
  {
    key: 'bare', clusterId: K3S_BARE.id, name: K3S_BARE.name, apiPort: BASE + 445, stevePort: BASE + 83, etcdPrefix: `/${ K3S_BARE.name }`, serviceCidr: '10.43.0.0/16', kcmPort: BASE + 260, runsPods: true
  },
];

export const clusterOf = (key: ClusterKey): StackCluster => CLUSTERS.find((c) => c.key === key) as StackCluster;

/** The identity the stack's own parts (Steve, the simulator's proxy, the seeding) use: system:masters. */
export const STACK_ADMIN = 'stack-admin';

export interface Secrets {
  adminToken: string;
  saKey: string;
  saPub: string;
  tokenFile: string;
  /** The token the stack's Steves let in (secrets/steve.token): the simulator's proxy holds it, as Rancher's own Steve is
   * reached only through Rancher. */
  steveToken: string;
  steveTokenFile: string;
  /** etcd's CA and certificates (secrets/etcd/). */
  etcd: EtcdTls;
}

/** Keys and the admin token of this run directory, made once (mode 0600): credentials never leave it. */
export function ensureSecrets(): Secrets {
  const dir = path.join(RUN_DIR, 'secrets');
  const saKey = path.join(dir, 'sa.key');
  const saPub = path.join(dir, 'sa.pub');
  const tokenFile = path.join(dir, 'tokens.csv');
  const tokenPath = path.join(dir, 'admin.token');

  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(saKey) || !fs.existsSync(saPub)) {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' }
    });

    fs.writeFileSync(saKey, privateKey, { mode: 0o600 });
    fs.writeFileSync(saPub, publicKey, { mode: 0o600 });
  }
  if (!fs.existsSync(tokenPath)) {
    fs.writeFileSync(tokenPath, crypto.randomBytes(24).toString('hex'), { mode: 0o600 });
  }
  const adminToken = fs.readFileSync(tokenPath, 'utf8').trim();
  const steveTokenFile = path.join(dir, 'steve.token');

  if (!fs.existsSync(steveTokenFile)) {
    fs.writeFileSync(steveTokenFile, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  }

  fs.writeFileSync(tokenFile, `${ adminToken },${ STACK_ADMIN },${ STACK_ADMIN },"system:masters"\n`, { mode: 0o600 });

  return {
    adminToken, saKey, saPub, tokenFile, steveToken: fs.readFileSync(steveTokenFile, 'utf8').trim(), steveTokenFile, etcd: ensureEtcdTls(dir)
  };
}

export function apiUrl(c: StackCluster): string {
  return `https://127.0.0.1:${ c.apiPort }`;
}

export function steveUrl(c: StackCluster): string {
  return `http://127.0.0.1:${ c.stevePort }`;
}

/** A kubeconfig with one context: `token` as the stack's admin against `server` (its loopback certificate not checked). */
export function adminKubeconfig(name: string, server: string, token: string): Record<string, unknown> {
  return {
    apiVersion:        'v1',
    kind:              'Config',
    clusters:          [{ name, cluster: { server, 'insecure-skip-tls-verify': true } }],
    users:             [{ name: STACK_ADMIN, user: { token } }],
    contexts:          [{ name, context: { cluster: name, user: STACK_ADMIN } }],
    'current-context': name,
  };
}

/** A kubeconfig for the stack's admin identity against one cluster (Steve reads it; kubectl can too). */
export function writeKubeconfig(c: StackCluster, token: string): string {
  const file = path.join(RUN_DIR, 'secrets', `${ c.name }.kubeconfig`);

  fs.writeFileSync(file, stringify(adminKubeconfig(c.name, apiUrl(c), token)), { mode: 0o600 });

  return file;
}

export function apiserverArgs(c: StackCluster, s: Secrets): string[] {
  const dir = path.join(RUN_DIR, c.name);

  return [
    ...apiserverEtcdArgs(s.etcd, ETCD.client),
    `--etcd-prefix=${ c.etcdPrefix }`,
    '--bind-address=127.0.0.1',
    `--advertise-address=${ c.advertiseAddress || '127.0.0.1' }`,
    `--secure-port=${ c.apiPort }`,
    `--cert-dir=${ path.join(dir, 'certs') }`,
    `--service-cluster-ip-range=${ c.serviceCidr }`,
    '--authorization-mode=RBAC',
    // As K3s (and so RKE2) and Harvester start theirs (k3s pkg/daemons/control/server.go `allow-privileged`):
    // kube-apiserver's own default refuses privileged containers, and the CSI driver's DaemonSet runs two.
    '--allow-privileged=true',
    '--anonymous-auth=false',
    `--token-auth-file=${ s.tokenFile }`,
    '--service-account-issuer=https://kubernetes.default.svc',
    `--service-account-key-file=${ s.saPub }`,
    `--service-account-signing-key-file=${ s.saKey }`,
    // The seed's Pods are records of workloads no kubelet runs: admitted as written, without a ServiceAccount volume.
    // Where the Pod runner runs them, as Kubernetes admits Pods by default.
    ...(c.runsPods ? [] : ['--disable-admission-plugins=ServiceAccount']),
    // Webhooks and aggregated APIs are reached at their EndpointSlices' addresses, not at a Service's cluster IP
    // (nothing routes cluster IPs here): the load balancer webhook in its network namespace (netns.ts).
    '--enable-aggregator-routing=true',
    '--endpoint-reconciler-type=none',
    '--enable-priority-and-fairness=false',
    '--profiling=false',
    '--v=1',
  ];
}
