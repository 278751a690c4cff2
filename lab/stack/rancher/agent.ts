/**
 * Rancher's `cattle-cluster-agent` for an imported cluster, started as the Pod of the Deployment Rancher's
 * registration manifest made (no kubelet runs it here): the container's env as the Deployment names it, its
 * ServiceAccount `cattle-system/cattle` (token, ca.crt, namespace, KUBERNETES_SERVICE_*: ../core/podEnv.ts), its Secret
 * volume at /cattle-credentials, and what the agent image's entrypoint (package/run.sh) does first: fetch Rancher's
 * CA from `/v3/settings/cacerts`, check it against CATTLE_CA_CHECKSUM and put it at /etc/kubernetes/ssl/certs/serverca
 * (podRoot.ts gives the process those paths without touching the machine's). The agent runs an embedded Rancher
 * (Steve for the cluster proxy) that listens on every interface (80, 443): it gets a network namespace of its own,
 * with the cluster's API server and Rancher's port bridged onto its 127.0.0.1 (KUBERNETES_SERVICE_HOST and the
 * server-url both say 127.0.0.1, so the addresses it reports to Rancher are the ones it can dial).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StackCluster } from '../../core/config';
import { apiserverCaFile } from '../../core/controllerManager';
import { KubeTarget, kubeExpect, kubeRequest } from '../../core/kubeClient';
import { bridgeEnv, bridgeIntoNetns, createNetns } from '../../core/netns';
import { RUN_DIR } from '../../core/paths';
import { startAsPod } from '../../core/podEnv';
import { Started } from '../../core/processes';
import { rancherBin } from './build';
import { RANCHER_PORTS } from './localCluster';
import { podRootCommand, volumeDir } from './podRoot';
import { rancherRequest } from './rancherApi';
import { agentNetns } from './state';
import { RancherVersion } from './versions';

const NS = 'cattle-system';

/** The Deployment Rancher keeps the agent in (its registration manifest makes it; it changes it later). */
export async function agentDeployment(cluster: KubeTarget): Promise<any> {
  const d = await kubeExpect(cluster, 'GET', `/apis/apps/v1/namespaces/${ NS }/deployments/cattle-cluster-agent`, undefined, [200]);

  return d.body;
}

/**
 * The Secrets a Pod of this template mounts that the cluster does not hold yet: a kubelet keeps such a Pod in
 * ContainerCreating (and a rolling update keeps the old Pod serving) until they exist.
 */
export async function missingSecrets(cluster: KubeTarget, spec: any): Promise<string[]> {
  const names: string[] = (spec.volumes || []).map((v: any) => v.secret?.secretName).filter(Boolean);
  const missing: string[] = [];

  for (const name of names) {
    if ((await kubeRequest(cluster, 'GET', `/api/v1/namespaces/${ NS }/secrets/${ name }`)).status === 404) {
      missing.push(name);
    }
  }

  return missing;
}

/** The Secret volume's keys as files (mode 0400, as `defaultMode: 320` gives them). */
async function secretVolume(cluster: KubeTarget, secretName: string, dir: string): Promise<void> {
  const s = await kubeExpect(cluster, 'GET', `/api/v1/namespaces/${ NS }/secrets/${ secretName }`, undefined, [200]);

  for (const [k, v] of Object.entries<string>(s.body.data || {})) {
    fs.writeFileSync(path.join(dir, k), Buffer.from(v, 'base64'), { mode: 0o400 });
  }
}

/** run.sh: the CA Rancher serves, accepted only when its sha256 is the checksum the manifest carries. */
async function serverCa(checksum: string, file: string): Promise<void> {
  const r = await rancherRequest('GET', '/v3/settings/cacerts');
  const ca = r.body?.value as string | undefined;

  if (!ca) {
    throw new Error('CATTLE_CA_CHECKSUM is set but Rancher serves no cacerts (run.sh would exit)');
  }
  // run.sh hashes what `jq -r .value` printed: the value and a newline.
  const content = [`${ ca }\n`, ca].find((x) => crypto.createHash('sha256').update(x).digest('hex') === checksum);

  if (!content) {
    throw new Error(`Rancher's cacerts do not match CATTLE_CA_CHECKSUM ${ checksum } (run.sh would exit)`);
  }
  fs.writeFileSync(file, content, { mode: 0o600 });
}

export const agentPodName = (c: StackCluster) => `cattle-cluster-agent-${ c.name }`;

/** The agent's network namespace with the cluster's API server and Rancher bridged in (once per agent, not per Pod). */
export function agentNetwork(c: StackCluster): Started[] {
  const ns = agentNetns(c);

  createNetns(ns);

  // Started by the agent's kubelet stand-in (agentKubelet.ts), they end with it.
  return bridgeIntoNetns(ns, [c.apiPort, RANCHER_PORTS.https], agentPodName(c), bridgeEnv());
}

/** Starts one Pod of the Deployment's template `spec` (kubelet.ts follows the Deployment and calls this). */
export async function startAgentPod(v: RancherVersion, c: StackCluster, cluster: KubeTarget, spec: any): Promise<Started> {
  const container = spec.containers.find((x: any) => x.name === 'cluster-register') || spec.containers[0];
  const env: Record<string, string> = {
    // The agent image's own ENV (package/Dockerfile): Go's system roots are the folder run.sh puts Rancher's CA in.
    SSL_CERT_DIR: '/etc/kubernetes/ssl/certs',
    ...Object.fromEntries((container.env || []).filter((e: any) => e.value !== undefined).map((e: any) => [e.name, `${ e.value }`])),
  };
  const pod = agentPodName(c);
  const volumes = [];

  // A new Pod: nothing of an earlier one's files (the agent's `connected` marker in its working directory says it
  // registered already, and a new Pod has not).
  fs.rmSync(path.join(RUN_DIR, 'pods', pod, 'volumes'), { recursive: true, force: true });

  for (const m of container.volumeMounts || []) {
    const vol = (spec.volumes || []).find((x: any) => x.name === m.name);

    if (!vol?.secret) {
      throw new Error(`cattle-cluster-agent volume ${ m.name }: only Secret volumes are run here`);
    }
    const dir = volumeDir(RUN_DIR, pod, m.name);

    await secretVolume(cluster, vol.secret.secretName, dir);
    volumes.push({ source: dir, path: m.mountPath });
  }
  if (env.CATTLE_CA_CHECKSUM) {
    const file = path.join(volumeDir(RUN_DIR, pod, 'ssl'), 'serverca');

    await serverCa(env.CATTLE_CA_CHECKSUM, file);
    volumes.push({ source: file, path: '/etc/kubernetes/ssl/certs/serverca' });
  }
  volumes.push({ source: volumeDir(RUN_DIR, pod, 'tmp'), path: '/tmp' });
  const argv = podRootCommand('/run/pod-root', volumeDir(RUN_DIR, pod, 'work'), volumes, rancherBin(v, 'agent'), []);
  const [program, ...rest] = argv;

  return startAsPod(pod, program, rest, {
    target: cluster, serviceAccount: { namespace: NS, name: spec.serviceAccountName || 'cattle' }, caFile: apiserverCaFile(c), apiPort: c.apiPort, netns: agentNetns(c).name
  }, env);
}
