/**
 * Harvester's components in the stack, started after the clusters are seeded:
 * - harvester-host: the load balancer controller (LoadBalancer/IPPool controllers, IPAM) and its webhook. The
 *   webhook listens on every interface, so it runs in a network namespace of its own (../core/netns.ts); the API server
 *   reaches it through its Service's EndpointSlice (kube-apiserver `--enable-aggregator-routing`), as in a cluster.
 * - rke2-guest: the cloud provider (`--cluster-name=rke2-guest`), with the RBAC of its tree
 *   (deploy/manifests/rbac.yaml) and a cloud-config: a kubeconfig of the host in the VMs' namespace; the CSI
 *   driver's controller side with the same cloud-config (csi.ts).
 * Each runs as its ServiceAccount (serviceAccounts.ts). The host-side roles live in Harvester's chart, not in these
 * trees: their ServiceAccounts are bound to cluster-admin (docs/demo-mode.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { applyAll, applyObject, parseManifests } from '../../core/apply';
import { BASE_PORT, StackCluster } from '../../core/config';
import { KubeTarget, kubeRequest } from '../../core/kubeClient';
import { createNetns, netnsFor, startInNetns } from '../../core/netns';
import { startProcess, Started } from '../../core/processes';
import {
  bindClusterRole, secretsDir, serviceAccountKubeconfig, writeTokenKubeconfig, ensureServiceAccount, requestToken
} from '../../core/serviceAccounts';
import { component, harvesterBin, treeOf } from './components';
import { startCsi } from './csi';
import { startAsPod } from '../../core/podEnv';
import { apiserverCaFile } from '../../core/controllerManager';

export const HARVESTER_NAMESPACE = 'harvester-system';
const WEBHOOK = 'harvester-load-balancer-webhook';
const WEBHOOK_PORT = 8443;

/** The VMs' namespace on the host, where the provider makes LoadBalancers (its cloud-config's context). */
export const VM_NAMESPACE = 'default';
export const CLOUD_PROVIDER_PORT = BASE_PORT + 259;

export const webhookNetns = () => netnsFor('lbwebhook', 0);

async function webhookService(host: KubeTarget): Promise<void> {
  const ns = webhookNetns();

  await applyObject(host, {
    apiVersion: 'v1',
    kind:       'Service',
    metadata:   { name: WEBHOOK, namespace: HARVESTER_NAMESPACE },
    spec:       {
      type:  'ClusterIP',
      ports: [{
        name: 'https', port: 443, targetPort: WEBHOOK_PORT, protocol: 'TCP'
      }]
    },
  });
  await applyObject(host, {
    apiVersion: 'discovery.k8s.io/v1',
    kind:       'EndpointSlice',
    metadata:   {
      name: `${ WEBHOOK }-stack`, namespace: HARVESTER_NAMESPACE, labels: { 'kubernetes.io/service-name': WEBHOOK }
    },
    addressType: 'IPv4',
    endpoints:   [{ addresses: [ns.address], conditions: { ready: true } }],
    ports:       [{
      name: 'https', port: WEBHOOK_PORT, protocol: 'TCP'
    }],
  });
}

export async function startHostControllers(host: StackCluster, admin: KubeTarget): Promise<Started[]> {
  const controllerSa = { namespace: HARVESTER_NAMESPACE, name: 'harvester-load-balancer' };
  const webhookSa = { namespace: HARVESTER_NAMESPACE, name: WEBHOOK };
  const controllerKc = await serviceAccountKubeconfig(admin, controllerSa, 'harvester-load-balancer.kubeconfig');
  const webhookKc = await serviceAccountKubeconfig(admin, webhookSa, `${ WEBHOOK }.kubeconfig`);

  await bindClusterRole(admin, controllerSa, 'cluster-admin');
  await bindClusterRole(admin, webhookSa, 'cluster-admin');
  const ns = webhookNetns();

  createNetns(ns);
  await webhookService(admin);
  const started: Started[] = [];

  started.push(...startInNetns(ns, [host.apiPort], WEBHOOK, harvesterBin(WEBHOOK), ['--namespace', HARVESTER_NAMESPACE, '--https-port', `${ WEBHOOK_PORT }`], { KUBECONFIG: webhookKc }));
  started.push(startProcess('harvester-load-balancer', harvesterBin('harvester-load-balancer'), [], undefined, { KUBECONFIG: controllerKc }));

  return started;
}

/** Whether the webhook registered itself (it does 15 s after its CA is made, harvester/webhook server.go). */
export async function webhookRegistered(admin: KubeTarget): Promise<boolean> {
  const r = await kubeRequest(admin, 'GET', `/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations/${ WEBHOOK }`);

  return r.status === 200;
}

/**
 * Removes what the webhook registered in an earlier run (its validating and mutating configurations live in etcd, which a
 * start without --fresh keeps): until the webhook runs again they would send the seed's writes to an address nobody
 * answers, and the webhook fails closed (issue 35: a start after a stop failed seeding harvester-host); and the stack
 * would read the old registration as the new webhook's. The webhook registers itself again once it runs.
 */
export async function dropWebhookRegistration(admin: KubeTarget): Promise<void> {
  for (const kind of ['validatingwebhookconfigurations', 'mutatingwebhookconfigurations']) {
    const r = await kubeRequest(admin, 'DELETE', `/apis/admissionregistration.k8s.io/v1/${ kind }/${ WEBHOOK }`);

    if (r.status !== 200 && r.status !== 404) {
      throw new Error(`could not remove the load balancer webhook's old ${ kind }: ${ r.status }`);
    }
  }
}

/** The cloud-config the provider runs with: a host kubeconfig for a ServiceAccount in the VMs' namespace. */
export async function cloudConfigFor(hostAdmin: KubeTarget, guestName: string): Promise<string> {
  const sa = { namespace: VM_NAMESPACE, name: `${ guestName }-cloud-provider` };

  await ensureServiceAccount(hostAdmin, sa);
  await bindClusterRole(hostAdmin, sa, 'cluster-admin');

  return writeTokenKubeconfig(path.join(secretsDir(), `${ guestName }.cloud-config`), hostAdmin.url, await requestToken(hostAdmin, sa), VM_NAMESPACE);
}

export function cloudProviderArgs(cloudConfig: string, clusterName: string, port = CLOUD_PROVIDER_PORT): string[] {
  return [
    // The chart's (harvester/charts charts/harvester-cloud-provider/templates/deployment.yaml) …
    `--cloud-config=${ cloudConfig }`,
    `--cluster-name=${ clusterName }`,
    // … and what a single process on a shared machine needs: no leader election, serving on loopback only.
    '--leader-elect=false',
    '--use-service-account-credentials=false',
    '--bind-address=127.0.0.1',
    `--secure-port=${ port }`,
    '--configure-cloud-routes=false',
  ];
}

/**
 * The chart's rule the tree's deploy/manifests/rbac.yaml lacks (harvester/charts
 * charts/harvester-cloud-provider/templates/rbac.yaml): v0.2.7 reads and writes the NAD mapping ConfigMap, and
 * without it the provider's shared informers never sync (every Service lookup then says "not found").
 */
const CONFIGMAP_RULE = {
  apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'watch', 'create', 'update']
};

function providerRbac(): Record<string, any>[] {
  const objs = parseManifests(fs.readFileSync(path.join(treeOf(component('harvester-cloud-provider')), 'deploy', 'manifests', 'rbac.yaml'), 'utf8'));

  return objs.map((o) => (o.kind === 'ClusterRole' ? { ...o, rules: [...o.rules, CONFIGMAP_RULE] } : o));
}

export async function startGuestControllers(guest: StackCluster, guestAdmin: KubeTarget, hostAdmin: KubeTarget): Promise<Started[]> {
  await applyAll(guestAdmin, providerRbac());
  const cloudConfig = await cloudConfigFor(hostAdmin, guest.name);
  // As its Pod runs it: the guest through the in-cluster config (v0.2.7 reads the guest both through the
  // framework's client and through wrangler's, which takes $KUBECONFIG or the in-cluster config, never --kubeconfig).
  const provider = await startAsPod(`harvester-cloud-provider-${ guest.name }`, harvesterBin('harvester-cloud-provider'), cloudProviderArgs(cloudConfig, guest.name), {
    target: guestAdmin, serviceAccount: { namespace: 'kube-system', name: 'harvester-cloud-controller-manager' }, caFile: apiserverCaFile(guest), apiPort: guest.apiPort
  });

  return [provider, ...await startCsi(guest, guestAdmin, cloudConfig)];
}
