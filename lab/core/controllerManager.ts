/**
 * kube-controller-manager for each cluster (k8s.io/kubernetes v1.36.3, the API servers' version), with the
 * controllers that work without kubelets or a scheduler: service-account tokens and `default` ServiceAccounts,
 * garbage collection (owner references: a VM's VMI, a Service's EndpointSlices), namespace deletion, Endpoints and
 * EndpointSlices, the aggregated ClusterRoles (`view`, `edit`, `admin`), the kube-root-ca.crt ConfigMaps, and the
 * PersistentVolume controllers the CSI sidecars work with (binding, expansion, protection). Left out, because the
 * Pods they manage would never run here: the workload controllers (Deployments, ReplicaSets, …) and node lifecycle
 * (no kubelet posts node status: it would mark every seeded node NotReady and evict the seeded Pods). The clusters
 * whose Pods the Pod runner runs (lab/standins/pods/sites.ts) add the Deployment and ReplicaSet controllers
 * (`WORKLOAD_CONTROLLERS`): Rancher's Import Extension Catalog creates a Deployment in Rancher's local cluster, and
 * the set-up's provider chart one in k3s-bare. Not the DaemonSet controller: the CSI chart's node plugin DaemonSet
 * would get Pods the runner has no program for (a privileged CSI node plugin), and Pods of kube-vip's DaemonSet
 * are stood in for (lab/standins/kubeVip.ts).
 */
import path from 'node:path';
import { StackCluster } from './config';
import { RUN_DIR } from './paths';

export const KCM_CONTROLLERS = [
  'serviceaccount-token-controller',
  'serviceaccount-controller',
  'garbage-collector-controller',
  'namespace-controller',
  'endpoints-controller',
  'endpointslice-controller',
  'endpointslice-mirroring-controller',
  'clusterrole-aggregation-controller',
  'root-ca-certificate-publisher-controller',
  'persistentvolume-binder-controller',
  'persistentvolume-expander-controller',
  'persistentvolumeclaim-protection-controller',
  'persistentvolume-protection-controller',
];

/** The workload controllers a cluster with a Pod runner gets. */
export const WORKLOAD_CONTROLLERS = ['deployment-controller', 'replicaset-controller'];

/** The API server's serving certificate (self-signed, with its CA): what Pods get as their ca.crt. */
export function apiserverCaFile(c: StackCluster): string {
  return path.join(RUN_DIR, c.name, 'certs', 'apiserver.crt');
}

export function controllerManagerArgs(c: StackCluster, adminKubeconfig: string, saKey: string, extra: string[] = []): string[] {
  return [
    `--kubeconfig=${ adminKubeconfig }`,
    `--authentication-kubeconfig=${ adminKubeconfig }`,
    `--authorization-kubeconfig=${ adminKubeconfig }`,
    '--bind-address=127.0.0.1',
    `--secure-port=${ c.kcmPort }`,
    `--cert-dir=${ path.join(RUN_DIR, c.name, 'kcm-certs') }`,
    `--service-account-private-key-file=${ saKey }`,
    `--root-ca-file=${ apiserverCaFile(c) }`,
    '--use-service-account-credentials=true',
    '--leader-elect=false',
    `--cluster-name=${ c.name }`,
    `--controllers=${ [...KCM_CONTROLLERS, ...extra].join(',') }`,
    '--profiling=false',
    '--v=1',
  ];
}

export function controllerManagerHealth(c: StackCluster): string {
  return `https://127.0.0.1:${ c.kcmPort }/healthz`;
}
