/**
 * Stand-in for kube-scheduler and the kubelet of a cluster that has no nodes here (Rancher's `local` cluster): it
 * runs, without a container runtime, the Pods created there whose images it has programs for (images.ts: Rancher's
 * shell image, which Rancher's helm-operation Pods run: Install, Upgrade, Uninstall on the Extensions and Apps pages).
 * What it does, as a kubelet would: binds each new Pod to its node (`pods/binding`); materialises the Pod's Secret,
 * ConfigMap and emptyDir volumes; gives the Pod one network namespace of its own (its containers share localhost),
 * where `kubernetes.default:443` reaches the cluster's API server; runs the init containers one after the other, then
 * the containers, each in its own mount namespace (runContainer.ts); writes the Pod's status (podStatus.ts); keeps
 * each container's log (`<run>/pods/<ns>_<pod>/logs/`). A Pod it cannot run gets a waiting reason (ErrImagePull,
 * CreateContainerConfigError) with a message, never a silent Pending.
 * It registers its Node (node.ts) and serves the kubelet's `/containerLogs` (kubeletApi.ts), so `kubectl logs` and
 * Rancher's operation logs (Apps → Recent Operations → View Logs) read what the containers printed. An image of a
 * registry on this machine is pulled with the Pod's imagePullSecrets and run in its own file system (pull.ts: the
 * extension's catalog image, which Rancher's Import Extension Catalog deploys), and the Services that select the
 * Pods it runs are routed to them from Rancher's server by their names (services.ts).
 * What it does not do: run as the Pod's user (processes run as the stack's user), resource limits, probes,
 * restarts, node heartbeats, exec/attach/port-forward, projected service-account volumes (the local API server
 * runs without the ServiceAccount admission plugin: lab/core/config.ts). Rancher stops a helm-operation Pod's `proxy`
 * with an exec of `pkill -x kubectl` once `helm` has exited 0 (operations.go `cleanup`); with no exec endpoint the
 * runner does that itself, then reports both.
 *   tsx lab/standins/pods/podRunner.ts   (STACK_BASE_PORT / STACK_DIR as for the rest of the stack; the local cluster)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apiUrl, ensureSecrets } from '../../core/config';
import { kubeRequest, KubeTarget, objectPath } from '../../core/kubeClient';
import { ensureKubeletTls } from '../../core/kubeletTls';
import { bridgeEnv, deleteNetns, netnsExists, netnsFor } from '../../core/netns';
import { bin, RUN_DIR } from '../../core/paths';
import { startProcess } from '../../core/processes';
import { helmBinary } from '../../stack/rancher/helm';
import { LOCAL, RANCHER_PORTS } from '../../stack/rancher/localCluster';
import { rancherHostsFile, rancherNetns } from '../../stack/rancher/state';
import { inform } from '../informer';
import { HELM_CMD, imageFs, isShellImage, pulledImageFs } from './images';
import { NotRunnable, planPod, sourcesNamed } from './podPlan';
import { now, podStatus, waiting } from './podStatus';
import { credentialsFor, ImageConfig, localRegistry, pullImage } from './pull';
import { startPod, RunPod } from './startPod';
import { startKubeletApi } from './kubeletApi';
import { registerNode } from './node';
import { logFileOf } from './runContainer';
import { RoutedPod, serviceRoutes, ServiceRoutes } from './services';

type Obj = Record<string, any>;

export const NODE = 'pod-runner';
const log = (l: string) => process.stdout.write(`${ new Date().toISOString() } ${ l }\n`);
const target: KubeTarget = { url: apiUrl(LOCAL), token: ensureSecrets().adminToken };
const dir = path.join(RUN_DIR, 'pods', 'runner');
/** By the Pod's uid: its `<namespace>/<name>`, what runs it, and what the Services route to. */
const running = new Map<string, { id: string; run: RunPod; routed: RoutedPod }>();
const services = new Map<string, Obj>();
let routes: ServiceRoutes | undefined;
const reroute = () => routes?.reconcile([...services.values()], [...running.values()].map((p) => p.routed));
const podDirOf = (ns: string, name: string) => path.join(RUN_DIR, 'pods', `${ ns }_${ name }`);
let netnsCount = 0;
let bins: { helm: string; kubectl: string };

/** The shell image's programs, on PATH in its containers. */
function binDir(): string {
  const d = path.join(dir, 'shell-bin');

  fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(d, 'helm-cmd'), HELM_CMD, { mode: 0o755 });
  for (const [name, file] of Object.entries(bins)) {
    fs.rmSync(path.join(d, name), { force: true });
    fs.symlinkSync(file, path.join(d, name));
  }

  return d;
}

async function fetched(ns: string, kind: 'secrets' | 'configmaps', names: string[]): Promise<Record<string, Obj | undefined>> {
  const entries = await Promise.all(names.map(async(n) => {
    const r = await kubeRequest(target, 'GET', objectPath('v1', kind, ns, n));

    return [n, r.status === 200 ? r.body : undefined] as const;
  }));

  return Object.fromEntries(entries);
}

async function writeStatus(pod: Obj, status: Obj): Promise<void> {
  const r = await kubeRequest(target, 'PATCH', `${ objectPath('v1', 'pods', pod.metadata.namespace, pod.metadata.name) }/status`, { status });

  if (r.status !== 200 && r.status !== 404) {
    log(`[pod runner] ${ pod.metadata.namespace }/${ pod.metadata.name }: status not written (${ r.status } ${ r.body?.message || '' })`);
  }
}

/**
 * The Pod's image from a registry on this machine (pull.ts), pulled into the Pod's folder before it starts, with the
 * Pod shown ContainerCreating meanwhile; one such image per Pod. Undefined when the Pod's images are none of those.
 */
async function pullPodImage(pod: Obj, podDir: string): Promise<{ image: string; rootfs: string; config: ImageConfig } | NotRunnable | undefined> {
  const images = [...new Set([...(pod.spec.initContainers || []), ...pod.spec.containers].map((c: Obj) => c.image as string))].filter((i) => !isShellImage(i) && localRegistry(i));

  if (!images.length) {
    return undefined;
  }
  if (images.length > 1) {
    return { reason: 'ErrImagePull', message: `images ${ images.join(', ') }: this Pod runner pulls one image per Pod` };
  }
  const [image] = images;
  const secrets = await fetched(pod.metadata.namespace, 'secrets', (pod.spec.imagePullSecrets || []).map((s: Obj) => s.name));
  const rootfs = path.join(podDir, 'rootfs');

  await writeStatus(pod, podStatus([], pod.spec.containers.map((c: Obj) => ({
    name: c.name, image: c.image, state: waiting('ContainerCreating')
  })), now()));
  try {
    const config = await pullImage(image, rootfs, credentialsFor(localRegistry(image) as string, Object.values(secrets)));

    log(`[pod runner] ${ pod.metadata.namespace }/${ pod.metadata.name }: pulled ${ image }`);

    return {
      image, rootfs, config
    };
  } catch (e) {
    return { reason: 'ErrImagePull', message: (e as Error).message };
  }
}

async function admit(pod: Obj, apiSocket: string, shellBin: string): Promise<void> {
  const { namespace: ns, name } = pod.metadata;
  const bind = await kubeRequest(target, 'POST', `${ objectPath('v1', 'pods', ns, name) }/binding`, {
    apiVersion: 'v1',
    kind:       'Binding',
    metadata:   { name, namespace: ns },
    target:     {
      apiVersion: 'v1', kind: 'Node', name: NODE
    }
  });

  if (bind.status !== 201 && bind.status !== 200) {
    log(`[pod runner] ${ ns }/${ name }: not bound (${ bind.status } ${ bind.body?.message || '' })`);

    return;
  }
  const named = sourcesNamed(pod);
  const pulled = await pullPodImage(pod, podDirOf(ns, name));
  const known = (img: string) => isShellImage(img) || (!!pulled && 'config' in pulled && img === pulled.image && pulled.config);
  const plan = pulled && 'reason' in pulled ? pulled : planPod(pod, { secrets: await fetched(ns, 'secrets', named.secrets), configMaps: await fetched(ns, 'configmaps', named.configMaps) }, known);
  const image = pulled && 'config' in pulled ? pulledImageFs(pulled.rootfs, pulled.config.env) : imageFs(pod.spec.containers[0]?.image, bins, path.join(shellBin, 'helm-cmd'));

  const netns = netnsFor(`pod-${ ++netnsCount }`, 0).name;

  running.set(pod.metadata.uid, {
    id:  `${ ns }/${ name }`,
    run: await startPod({
      pod, plan, image, podDir: podDirOf(ns, name), netns, binDir: shellBin, apiSocket, writeStatus: (s) => writeStatus(pod, s), log
    }),
    routed: {
      namespace: ns, name, labels: pod.metadata.labels || {}, netns
    },
  });
  reroute();
}

async function main(): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  bins = { helm: helmBinary(), kubectl: bin('kubectl') };
  const shellBin = binDir();
  const apiSocket = path.join(dir, 'api.sock');
  const bridge = startProcess('pod-runner-bridge', process.execPath, [path.join(__dirname, '..', '..', 'core', 'netBridge.ts'), 'unix-to-tcp', apiSocket, new URL(target.url).port], undefined, bridgeEnv());

  // Leftovers of a runner that was killed: its Pods' folders (`<ns>_<pod>`: their Secrets' files) and namespaces.
  for (const d of fs.readdirSync(path.join(RUN_DIR, 'pods'))) {
    if (d.includes('_')) {
      fs.rmSync(path.join(RUN_DIR, 'pods', d), { recursive: true, force: true });
    }
  }
  for (const l of execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' }).split('\n')) {
    const n = l.split(' ')[0];

    if (n && n.startsWith(netnsFor('pod-', 0).name)) {
      deleteNetns({
        name: n, address: '', hostAddress: ''
      });
    }
  }
  const kubelet = startKubeletApi(RANCHER_PORTS.kubelet, ensureKubeletTls(path.join(RUN_DIR, 'secrets')), {
    file:    (ns, pod, container) => logFileOf(podDirOf(ns, pod), container),
    running: (ns, pod, container) => [...running.values()].some((p) => p.id === `${ ns }/${ pod }` && p.run.running(container)),
  }, log);

  await registerNode(target, NODE, RANCHER_PORTS.kubelet, JSON.parse(execFileSync(bins.kubectl, ['version', '--client', '-o', 'json'], { encoding: 'utf8' })).clientVersion.gitVersion);
  const pods = inform(target, '/api/v1/pods', async(pod, type) => {
    const uid = pod.metadata.uid;

    if (type === 'DELETED' || pod.metadata.deletionTimestamp) {
      await running.get(uid)?.run.stop();
      running.delete(uid);
      reroute();
      if (type !== 'DELETED' && pod.spec.nodeName === NODE) {
        // The kubelet confirms a bound Pod's deletion once its containers are stopped.
        await kubeRequest(target, 'DELETE', `${ objectPath('v1', 'pods', pod.metadata.namespace, pod.metadata.name) }?gracePeriodSeconds=0`);
      }
      fs.rmSync(podDirOf(pod.metadata.namespace, pod.metadata.name), { recursive: true, force: true });

      return;
    }
    if (!pod.spec.nodeName && !running.has(uid)) {
      await admit(pod, apiSocket, shellBin);
    }
  }, log);

  routes = serviceRoutes({
    clientNetns: () => (netnsExists(rancherNetns()) ? rancherNetns().name : null), hostsFile: rancherHostsFile(), socketDir: path.join(dir, 'services'), log
  });
  const svcs = inform(target, '/api/v1/services', async(svc, type) => {
    const key = `${ svc.metadata.namespace }/${ svc.metadata.name }`;

    if (type === 'DELETED') {
      services.delete(key);
    } else {
      services.set(key, svc);
    }
    reroute();
  }, log);

  // Rancher's network namespace comes and goes with Rancher: the routes follow it.
  const rerouting = setInterval(reroute, 5000);

  pods.synced.then(() => log('[pod runner] synced'));
  process.on('SIGTERM', async() => {
    pods.stop();
    svcs.stop();
    clearInterval(rerouting);
    routes?.stop();
    await Promise.all([...running.values()].map((p) => p.run.stop()));
    bridge.child.kill('SIGTERM');
    kubelet.close();
    process.exit(0);
  });
}

main().catch((e) => {
  log(`[pod runner] ${ e?.message || e }`);
  process.exit(1);
});
