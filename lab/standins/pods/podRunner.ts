/**
 * Stand-in for kube-scheduler and the kubelet of a cluster whose nodes run nothing here (sites.ts: Rancher's `local`
 * cluster, and k3s-bare's VMs): it runs, without a container runtime, the Pods created there whose images it has
 * programs for (images.ts: Rancher's shell image, which Rancher's helm-operation Pods run: Install, Upgrade, Uninstall
 * on the Extensions and Apps pages; Harvester's cloud provider, which the set-up's chart deploys).
 * What it does, as a kubelet would: binds each new Pod to the first of its nodes that fits (schedule.ts,
 * `pods/binding`); materialises the Pod's Secret, ConfigMap, projected (its ServiceAccount token, requested for the
 * Pod) and emptyDir volumes; gives the Pod one network namespace of its own (its containers share localhost), or the
 * node's for a hostNetwork Pod,
 * where `kubernetes.default:443` reaches the cluster's API server; runs the init containers one after the other, then
 * the containers, each in its own mount namespace (runContainer.ts); writes the Pod's status (podStatus.ts); keeps
 * each container's log (`<run>/pods/<ns>_<pod>/logs/`). A Pod it cannot run gets a waiting reason (ErrImagePull,
 * CreateContainerConfigError) with a message, never a silent Pending.
 * It registers its Node (node.ts) and serves the kubelet's `/containerLogs` (kubeletApi.ts), so `kubectl logs` and
 * Rancher's operation logs (Apps → Recent Operations → View Logs) read what the containers printed. An image of a
 * registry on this machine is pulled with the Pod's imagePullSecrets and run in its own file system (pull.ts: the
 * extension's catalog image, which Rancher's Import Extension Catalog deploys), and the Services that select the
 * Pods it runs are routed to them from Rancher's server by their names (services.ts).
 * Containers of `restartPolicy: Always` / `OnFailure` Pods are restarted with the kubelet's back-off (startPod.ts).
 * What it does not do: run as the Pod's user (processes run as the stack's user), resource limits, probes, node
 * heartbeats, exec/attach/port-forward, inter-Pod affinity. Rancher stops a helm-operation Pod's `proxy`
 * with an exec of `pkill -x kubectl` once `helm` has exited 0 (operations.go `cleanup`); with no exec endpoint the
 * runner does that itself, then reports both.
 *   tsx lab/standins/pods/podRunner.ts [local|bare]   (STACK_BASE_PORT / STACK_DIR as for the rest of the stack)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { kubeRequest, objectPath } from '../../core/kubeClient';
import { ensureKubeletTls } from '../../core/kubeletTls';
import { bridgeEnv, deleteNetnsOf, netnsFor } from '../../core/netns';
import { bin, RUN_DIR } from '../../core/paths';
import { startProcess } from '../../core/processes';
import { helmBinary } from '../../stack/rancher/helm';
import { inform } from '../informer';
import {
  HELM_CMD, ImageBinaries, ImageDirs, imageFs, knownImage, providerPrograms, pulledImageFs
} from './images';
import { agentPrograms, INIT } from './agentImage';
import { bundledRancherCharts } from './agentCharts';
import { NotRunnable, planPod, sourcesNamed } from './podPlan';
import { now, podStatus, waiting } from './podStatus';
import { credentialsFor, ImageConfig, localRegistry, pullImage } from './pull';
import { startPod, RunPod } from './startPod';
import { startKubeletApi } from './kubeletApi';
import { liftConditionTaints, registerNode } from './node';
import { logFileOf } from './runContainer';
import { podApi } from './podApi';
import { RoutedPod, serviceRoutes, ServiceRoutes } from './services';
import { site as siteOf, SiteKey } from './sites';

type Obj = Record<string, any>;

const site = siteOf((process.argv[2] || 'local') as SiteKey);
const log = (l: string) => process.stdout.write(`${ new Date().toISOString() } ${ l }\n`);
const target = site.target;
const api = podApi(target, log);
const dir = path.join(site.podsDir, 'runner');
/** By the Pod's uid: its `<namespace>/<name>`, what runs it, and what the Services route to. */
const running = new Map<string, { id: string; run: RunPod; routed: RoutedPod }>();
const services = new Map<string, Obj>();
let routes: ServiceRoutes | undefined;
const reroute = () => routes?.reconcile([...services.values()], [...running.values()].map((p) => p.routed));
const podDirOf = (ns: string, name: string) => path.join(site.podsDir, `${ ns }_${ name }`);
let netnsCount = 0;
/** The FailedMount message last recorded for a Pod (by uid). */
const told = new Map<string, string>();
const RETRY_MS = 5000;
let bins: ImageBinaries;

/** An image's programs, on PATH in its containers. */
function binDir(name: string, programs: Record<string, string>, scripts: Record<string, string> = {}): string {
  const d = path.join(dir, name);

  fs.mkdirSync(d, { recursive: true });
  for (const [file, text] of Object.entries(scripts)) {
    fs.writeFileSync(path.join(d, file), text, { mode: 0o755 });
  }
  for (const [program, file] of Object.entries(programs)) {
    fs.rmSync(path.join(d, program), { force: true });
    fs.symlinkSync(file, path.join(d, program));
  }

  return d;
}

/**
 * The Pod's image from a registry on this machine (pull.ts), pulled into the Pod's folder before it starts, with the
 * Pod shown ContainerCreating meanwhile; one such image per Pod. Undefined when the Pod's images are none of those.
 */
async function pullPodImage(pod: Obj, podDir: string): Promise<{ image: string; rootfs: string; config: ImageConfig } | NotRunnable | undefined> {
  const images = [...new Set([...(pod.spec.initContainers || []), ...pod.spec.containers].map((c: Obj) => c.image as string))].filter((i) => !knownImage(i, bins) && localRegistry(i));

  if (!images.length) {
    return undefined;
  }
  if (images.length > 1) {
    return { reason: 'ErrImagePull', message: `images ${ images.join(', ') }: this Pod runner pulls one image per Pod` };
  }
  const [image] = images;
  const secrets = await api.fetched(pod.metadata.namespace, 'secrets', (pod.spec.imagePullSecrets || []).map((s: Obj) => s.name));
  const rootfs = path.join(podDir, 'rootfs');

  await api.writeStatus(pod, podStatus([], pod.spec.containers.map((c: Obj) => ({
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

/** The machine's side of the Pods' bridges: the API server's (and its port), and the site's other ports (sites.ts `podPorts`). */
interface Sockets { api: string; apiPort: number; ports: { port: number; socket: string }[] }

async function admit(pod: Obj, node: string, sockets: Sockets, dirs: ImageDirs & { shell: string }): Promise<void> {
  const { namespace: ns, name } = pod.metadata;
  const named = sourcesNamed(pod);
  const pulled = await pullPodImage(pod, podDirOf(ns, name));
  const known = (img: string) => knownImage(img, bins) || (!!pulled && 'config' in pulled && img === pulled.image && pulled.config);
  const sources = {
    secrets: await api.fetched(ns, 'secrets', named.secrets), configMaps: await api.fetched(ns, 'configmaps', named.configMaps), tokens: await api.tokens(pod, named.tokenAudiences)
  };
  const plan = pulled && 'reason' in pulled ? pulled : planPod(pod, sources, known);

  // The event once per Pod and message, as the kubelet's recorder folds repeats into one event's count.
  if ('event' in plan && plan.event && told.get(pod.metadata.uid) !== plan.event.message) {
    told.set(pod.metadata.uid, plan.event.message);
    await api.event(pod, node, plan.event);
  }
  const image = pulled && 'config' in pulled ? pulledImageFs(pulled.rootfs, pulled.config.env) : imageFs(pod.spec.containers[0]?.image, bins, dirs);
  const nodeNetns = pod.spec.hostNetwork && site.nodeNetwork ? site.nodeNetwork(node).netns : undefined;
  const netns = nodeNetns || netnsFor(`${ site.podNetns }${ ++netnsCount }`, 0).name;

  running.set(pod.metadata.uid, {
    id:  `${ ns }/${ name }`,
    run: await startPod({
      pod, plan, image, podDir: podDirOf(ns, name), netns, nodeNetns, hostIP: await api.nodeAddress(node), binDir: dirs.shell, apiSocket: sockets.api, apiPort: sockets.apiPort, bridges: sockets.ports, writeStatus: (s) => api.writeStatus(pod, s), log
    }),
    routed: {
      namespace: ns, name, labels: pod.metadata.labels || {}, netns
    },
  });
  reroute();
  if ('retry' in plan && plan.retry) {
    retryWhenMounted(pod, node, sockets, dirs);
  }
}

/**
 * A Pod waiting for a Secret or ConfigMap its volumes name (Rancher writes the agent's new credentials after changing
 * its Deployment): looked for every RETRY_MS while the Pod is there, as the kubelet's volume manager does, and
 * admitted once they all exist. Only those objects are read meanwhile: no token, pull or status write per look (the
 * plan of a look has stand-in tokens and takes any image: neither is what it waits for).
 */
function retryWhenMounted(pod: Obj, node: string, sockets: Sockets, dirs: ImageDirs & { shell: string }): void {
  const { namespace: ns, uid } = pod.metadata;
  const look = async() => {
    if (!running.has(uid)) {
      return;
    }
    const named = sourcesNamed(pod);
    const sources = { secrets: await api.fetched(ns, 'secrets', named.secrets), configMaps: await api.fetched(ns, 'configmaps', named.configMaps) };
    const still = planPod(pod, { ...sources, tokens: Object.fromEntries(named.tokenAudiences.map((a) => [a, 'token'])) }, () => true);

    if ('retry' in still && still.retry) {
      retryWhenMounted(pod, node, sockets, dirs);
    } else if (running.has(uid)) {
      running.delete(uid);
      await admit(pod, node, sockets, dirs);
    }
  };

  // A look that fails (the API server restarting) is tried again, never left to end the runner.
  setTimeout(() => look().catch((e) => {
    log(`[pod runner] ${ ns }/${ pod.metadata.name }: ${ e?.message || e }`);
    retryWhenMounted(pod, node, sockets, dirs);
  }), RETRY_MS);
}

/** Leftovers of a runner that was killed: its Pods' folders (`<ns>_<pod>`: their Secrets' files) and namespaces. */
function removeLeftovers(): void {
  fs.mkdirSync(site.podsDir, { recursive: true });
  for (const d of fs.readdirSync(site.podsDir)) {
    if (d.includes('_')) {
      fs.rmSync(path.join(site.podsDir, d), { recursive: true, force: true });
    }
  }
  deleteNetnsOf(site.podNetns);
}

async function main(): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  bins = {
    helm: helmBinary(), kubectl: bin('kubectl'), harvesterCloudProvider: site.providerBinary, rancherAgents: site.rancherAgents
  };
  const shell = binDir('shell-bin', { helm: bins.helm, kubectl: bins.kubectl }, { 'helm-cmd': HELM_CMD });
  const dirs = {
    shell,
    helmCmd:     path.join(shell, 'helm-cmd'),
    provider:    binDir('harvester-cloud-provider-bin', providerPrograms(bins)),
    // The agent image's bundled rancher-charts, made once (helm package, git) where an agent can run.
    agentCharts: Object.keys(bins.rancherAgents || {}).length ? bundledRancherCharts(dir, bins.helm) : undefined,
    agents:      Object.fromEntries(Object.entries(bins.rancherAgents || {}).map(([tag, b]) => [tag, binDir(`rancher-agent-${ tag }-bin`, agentPrograms(b), { catatonit: INIT, tini: INIT })])),
  };
  const sockets: Sockets = {
    api: path.join(dir, 'api.sock'), apiPort: Number(new URL(target.url).port), ports: (site.podPorts || []).map((port) => ({ port, socket: path.join(dir, `port-${ port }.sock`) }))
  };
  const bridge = startProcess(`pod-runner-${ site.key }-bridge`, process.execPath, [path.join(__dirname, '..', '..', 'core', 'netBridge.ts'), 'unix-to-tcp', sockets.api, String(sockets.apiPort), ...sockets.ports.flatMap((p) => [p.socket, String(p.port)])], undefined, bridgeEnv());

  removeLeftovers();
  const kubelet = site.kubeletPort ? startKubeletApi(site.kubeletPort, ensureKubeletTls(path.join(RUN_DIR, 'secrets')), {
    file:    (ns, pod, container) => logFileOf(podDirOf(ns, pod), container),
    running: (ns, pod, container) => [...running.values()].some((p) => p.id === `${ ns }/${ pod }` && p.run.running(container)),
  }, log) : null;

  if (site.register) {
    const version = JSON.parse(execFileSync(bins.kubectl, ['version', '--client', '-o', 'json'], { encoding: 'utf8' })).clientVersion.gitVersion;

    await Promise.all(site.nodes.map((n) => registerNode(target, n, site.kubeletPort as number, version)));
  }
  await Promise.all(site.nodes.map((n) => liftConditionTaints(target, n, log)));
  const pods = inform(target, '/api/v1/pods', async(pod, type) => {
    const uid = pod.metadata.uid;

    if (type === 'DELETED' || pod.metadata.deletionTimestamp) {
      api.forget(uid);
      told.delete(uid);
      await running.get(uid)?.run.stop();
      running.delete(uid);
      reroute();
      if (type !== 'DELETED' && site.nodes.includes(pod.spec.nodeName)) {
        // The kubelet confirms a bound Pod's deletion once its containers are stopped.
        await kubeRequest(target, 'DELETE', `${ objectPath('v1', 'pods', pod.metadata.namespace, pod.metadata.name) }?gracePeriodSeconds=0`);
      }
      fs.rmSync(podDirOf(pod.metadata.namespace, pod.metadata.name), { recursive: true, force: true });

      return;
    }
    if (running.has(uid)) {
      return;
    }
    // A Pod bound to one of its nodes that never started (bound by someone else, or before a restart of the runner).
    const node = pod.spec.nodeName ? (site.nodes.includes(pod.spec.nodeName) && !pod.status?.startTime ? pod.spec.nodeName : null) : await api.bind(pod, site.nodes);

    if (node && !running.has(uid)) {
      await admit(pod, node, sockets, dirs);
    }
  }, log);

  routes = site.services ? serviceRoutes({
    clientNetns: site.services.clientNetns, hostsFile: site.services.hostsFile, socketDir: path.join(dir, 'services'), log
  }) : undefined;
  const svcs = site.services ? inform(target, '/api/v1/services', async(svc, type) => {
    const key = `${ svc.metadata.namespace }/${ svc.metadata.name }`;

    if (type === 'DELETED') {
      services.delete(key);
    } else {
      services.set(key, svc);
    }
    reroute();
  }, log) : null;

  // Rancher's network namespace comes and goes with Rancher: the routes follow it.
  const rerouting = setInterval(reroute, 5000);

  pods.synced.then(() => log(`[pod runner] synced (${ site.key }: ${ site.nodes.join(', ') })`));
  let ending = false;

  // Once: the stack's stop sends SIGTERM again after a second (lab/core/processes.ts stopPids).
  process.on('SIGTERM', async() => {
    if (ending) {
      return;
    }
    ending = true;
    pods.stop();
    svcs?.stop();
    clearInterval(rerouting);
    routes?.stop();
    await Promise.all([...running.values()].map((p) => p.run.stop()));
    await site.stop();
    deleteNetnsOf(site.podNetns);
    bridge.child.kill('SIGTERM');
    kubelet?.close();
    process.exit(0);
  });
}

main().catch((e) => {
  log(`[pod runner] ${ e?.message || e }`);
  process.exit(1);
});
