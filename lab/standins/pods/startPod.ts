/**
 * Runs one planned Pod for the Pod runner (podRunner.ts): its volumes as folders, its network namespace (loopback
 * only; 127.0.0.1:443 inside is bridged to the API server), the init containers in order, then the containers, and
 * the status after every change. Returns what stops it (the Pod deleted, the runner stopped).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bridgeEnv } from '../../core/netns';
import { startProcess, Started } from '../../core/processes';
import { ImageFs } from './images';
import { hostsFile } from './mountScript';
import { NotRunnable, PodPlan } from './podPlan';
import {
  now, podStatus, terminated, Tracked, waiting
} from './podStatus';
import { PROXY_STOP_MS, stopHelmProxy } from './helmProxy';
import { RunningContainer, runContainer } from './runContainer';

type Obj = Record<string, any>;

export interface StartPodInput {
  pod: Obj;
  plan: PodPlan | NotRunnable;
  image: ImageFs | null;
  podDir: string;
  netns: string;
  /** The node's address (its InternalIP). */
  hostIP?: string;
  /** A hostNetwork Pod's: the node's network namespace, which outlives the Pod (the runner's `netns` is then unused). */
  nodeNetns?: string;
  binDir: string;
  /** The machine side of the bridge to the API server (a Unix socket), and the API server's own port. */
  apiSocket: string;
  apiPort: number;
  /** More of the machine's ports on the Pod's 127.0.0.1 (the same port inside), each by its Unix socket. */
  bridges?: { port: number; socket: string }[];
  writeStatus(status: Obj): Promise<void>;
  log(line: string): void;
}

/** The kubelet's container restart back-off (pkg/kubelet/kubelet.go): 10 s, doubling, at most 5 min; reset after 10 min running. */
export const BACKOFF_RESET_MS = 10 * 60 * 1000;
export const backOffMs = (restarts: number) => Math.min(10000 * 2 ** restarts, 300000);

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] });

/** Rancher's helm-operation Pods (Steve podimpersonation, key helm-op): the ones whose `proxy` Rancher stops by exec. */
const isHelmOperation = (pod: Obj) => !!pod.metadata.labels?.['pod-impersonation.cattle.io/token'] && pod.spec.containers.some((c: Obj) => c.name === 'proxy');

function writeVolumes(plan: PodPlan, podDir: string): Record<string, string> {
  const dirs: Record<string, string> = {};

  for (const v of plan.volumes) {
    const d = path.join(podDir, 'volumes', v.name);

    fs.mkdirSync(d, { recursive: true, mode: 0o755 });
    for (const [file, bytes] of Object.entries(v.files)) {
      // Items may name a path in a folder (`items[].path: a/b`).
      fs.mkdirSync(path.dirname(path.join(d, file)), { recursive: true, mode: 0o755 });
      fs.writeFileSync(path.join(d, file), bytes, { mode: v.kind === 'secret' || v.kind === 'projected' ? 0o600 : 0o644 });
    }
    dirs[v.name] = d;
  }

  return dirs;
}

export interface RunPod {
  stop(): Promise<void>;
  /** Whether the container runs now (a followed log ends when it stops). */
  running(container: string): boolean;
}

export async function startPod(i: StartPodInput): Promise<RunPod> {
  const startTime = now();
  const { pod, plan } = i;
  const name = `${ pod.metadata.namespace }/${ pod.metadata.name }`;
  const tracked = (list: Obj[], state: Tracked['state']): Tracked[] => list.map((c) => ({
    name: c.name, image: c.image, state
  }));

  if ('reason' in plan || !i.image) {
    const why = 'reason' in plan ? plan : { reason: 'ErrImagePull', message: 'no program for this image' };

    i.log(`[pod runner] ${ name }: ${ why.reason }: ${ ('event' in why && why.event?.message) || why.message }`);
    await i.writeStatus(podStatus(tracked(pod.spec.initContainers || [], waiting(why.reason, why.message)), tracked(pod.spec.containers, waiting(why.reason, why.message)), startTime, i.hostIP, !!pod.spec.hostNetwork));

    return { stop: async() => {}, running: () => false };
  }
  const image = i.image;
  const init = tracked(plan.init, waiting('PodInitializing'));
  const containers = tracked(plan.containers, waiting('PodInitializing'));
  const procs = new Map<string, RunningContainer>();
  const live = new Set<string>();
  let bridge: Started | null = null;
  let stopped = false;
  let writes = Promise.resolve();
  // One write at a time, each the whole status as it is then: a later state never lands before an earlier one.
  const status = () => {
    const s = podStatus(init, containers, startTime, i.hostIP, !!pod.spec.hostNetwork);

    writes = writes.then(() => (stopped ? undefined : i.writeStatus(s)));

    return writes;
  };
  const cleanup = () => {
    bridge?.child.kill('SIGTERM');
    bridge = null;
    if (!i.nodeNetns) {
      try {
        ip('netns', 'delete', i.netns);
      } catch (e) {}
    }
  };

  fs.mkdirSync(i.podDir, { recursive: true, mode: 0o700 });
  // 127.0.0.1:443 is the API server's, as `kubernetes.default` is for a Pod, unless the image serves 443 itself.
  const apiPort = image.listens443 ? String(i.apiPort) : '443';
  const ctx = {
    podName: pod.metadata.name, podDir: i.podDir, netns: i.nodeNetns || i.netns, image, binDir: i.binDir, volumeDirs: writeVolumes(plan, i.podDir), apiPort
  };

  fs.writeFileSync(path.join(i.podDir, 'hosts'), hostsFile(pod.metadata.name));
  if (!i.nodeNetns) {
    ip('netns', 'add', i.netns);
    ip('netns', 'exec', i.netns, 'ip', 'link', 'set', 'lo', 'up');
    const pairs = [`127.0.0.1:${ apiPort }`, i.apiSocket, ...(i.bridges || []).flatMap((b) => [`127.0.0.1:${ b.port }`, b.socket])];

    bridge = startProcess(`pod-bridge-${ i.netns }`, 'ip', ['netns', 'exec', i.netns, process.execPath, path.join(__dirname, '..', '..', 'core', 'netBridge.ts'), 'tcp-to-unix', ...pairs], undefined, bridgeEnv());
  }
  await status();
  const run = async(list: Tracked[], index: number, c: PodPlan['containers'][number]) => {
    const started = now();
    const p = runContainer(ctx, c);

    procs.set(c.name, p);
    live.add(c.name);
    p.exited.then(() => live.delete(c.name));
    list[index].state = { running: { startedAt: started } };

    return { p, started };
  };
  const policy = pod.spec.restartPolicy || 'Always';
  /** A container's runs until one ends for good (restartPolicy), each restart after the kubelet's back-off. */
  const runToEnd = async(n: number, c: PodPlan['containers'][number]): Promise<number> => {
    for (let restarts = 0; ; restarts++) {
      const { p, started } = await run(containers, n, c);

      await status();
      const code = await p.exited;
      const ran = Date.now() - Date.parse(started);

      if (stopped || policy === 'Never' || (policy === 'OnFailure' && code === 0)) {
        containers[n].state = terminated(code, started);

        return code;
      }
      containers[n].lastState = terminated(code, started);
      containers[n].restarts = restarts + 1;
      const wait = backOffMs(ran > BACKOFF_RESET_MS ? 0 : restarts);

      containers[n].state = waiting('CrashLoopBackOff', `back-off ${ Math.round(wait / 1000) }s restarting failed container=${ c.name } pod=${ pod.metadata.name }_${ pod.metadata.namespace }(${ pod.metadata.uid })`);
      i.log(`[pod runner] ${ name }: container ${ c.name } exited ${ code }: restarted in ${ wait / 1000 } s`);
      await status();
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopped) {
        return code;
      }
    }
  };

  (async() => {
    for (const [n, c] of plan.init.entries()) {
      const { p, started } = await run(init, n, c);

      await status();
      const code = await p.exited;

      init[n].state = terminated(code, started);
      if (code !== 0) {
        i.log(`[pod runner] ${ name }: init container ${ c.name } exited ${ code }`);
        await status();
        cleanup();

        return;
      }
    }
    await Promise.all(plan.containers.map(async(c, n) => {
      const code = await runToEnd(n, c);

      i.log(`[pod runner] ${ name }: container ${ plan.containers[n].name } exited ${ code }`);
      if (plan.containers[n].name === 'helm' && code === 0 && isHelmOperation(pod)) {
        const proxy = procs.get('proxy');

        // One status with both ended: Rancher execs into a `proxy` it sees running, and there is no exec here.
        if (proxy && !(await stopHelmProxy(proxy))) {
          i.log(`[pod runner] ${ name }: container proxy still runs ${ PROXY_STOP_MS / 1000 } s after helm ended`);
        }
      }
      await status();
    }));
    cleanup();
  })().catch((e) => i.log(`[pod runner] ${ name }: ${ e?.message || e }`));

  return {
    running: (container) => live.has(container),
    async stop() {
      stopped = true;
      for (const p of procs.values()) {
        try {
          process.kill(-p.pid, 'SIGKILL');
        } catch (e) {}
      }
      cleanup();
    },
  };
}
