/**
 * The Pod status the runner writes, as a kubelet reports it (k8s.io/api core/v1 PodStatus; kubelet
 * pkg/kubelet/status): each container waiting, running or terminated with its exit code, init containers apart,
 * and the phase that follows for `restartPolicy: Never` (Succeeded when every container exited 0, else Failed); with
 * `Always` or `OnFailure` an exited container waits to run again (CrashLoopBackOff, its last end in `lastState`)
 * and the Pod stays Running.
 * Rancher reads the `helm` container's state of a helm-operation Pod (pkg/controllers/dashboard/helm/operations.go).
 */
type Obj = Record<string, any>;

export type ContainerState =
  | { waiting: { reason: string; message?: string } }
  | { running: { startedAt: string } }
  | { terminated: { exitCode: number; reason: string; startedAt: string; finishedAt: string; message?: string } };

export interface Tracked {
  name: string;
  image: string;
  state: ContainerState;
  /** Times the container was restarted (restartPolicy Always / OnFailure), and how it ended last. */
  restarts?: number;
  lastState?: ContainerState;
}

export const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

export function waiting(reason: string, message?: string): ContainerState {
  return { waiting: message ? { reason, message } : { reason } };
}

export function terminated(exitCode: number, startedAt: string): ContainerState {
  return {
    terminated: {
      exitCode, reason: exitCode === 0 ? 'Completed' : 'Error', startedAt, finishedAt: now()
    }
  };
}

function containerStatus(c: Tracked): Obj {
  const running = 'running' in c.state;

  return {
    name: c.name, image: c.image, imageID: '', ready: running, restartCount: c.restarts || 0, started: running, state: c.state, ...(c.lastState ? { lastState: c.lastState } : {})
  };
}

function phaseOf(init: Tracked[], containers: Tracked[]): string {
  const all = [...init, ...containers];
  const exits = all.map((c) => ('terminated' in c.state ? c.state.terminated.exitCode : null));

  if (exits.some((e) => e !== null && e !== 0)) {
    return 'Failed';
  }
  if (exits.every((e) => e === 0)) {
    return 'Succeeded';
  }
  // A container waiting for its restart has run: the Pod stays Running (CrashLoopBackOff is a container's state).
  if (containers.some((c) => c.restarts)) {
    return 'Running';
  }

  return containers.some((c) => 'running' in c.state || 'terminated' in c.state) ? 'Running' : 'Pending';
}

function condition(type: string, ok: boolean, reason?: string): Obj {
  return {
    type, status: ok ? 'True' : 'False', lastTransitionTime: now(), ...(reason && !ok ? { reason } : {})
  };
}

/**
 * The whole status for the Pod's current container states. `hostIP`: its node's address; a hostNetwork Pod's own
 * address is that too, any other Pod's is its network namespace's loopback (it has no other here).
 */
export function podStatus(init: Tracked[], containers: Tracked[], startTime: string, hostIP = '127.0.0.1', hostNetwork = false): Obj {
  const phase = phaseOf(init, containers);
  const initDone = init.every((c) => 'terminated' in c.state && c.state.terminated.exitCode === 0);
  const ready = containers.every((c) => 'running' in c.state);

  return {
    phase,
    startTime,
    hostIP,
    podIP:      hostNetwork ? hostIP : '127.0.0.1',
    conditions: [
      condition('PodScheduled', true),
      condition('Initialized', initDone, 'ContainersNotInitialized'),
      condition('ContainersReady', ready, phase === 'Succeeded' ? 'PodCompleted' : 'ContainersNotReady'),
      condition('Ready', ready, phase === 'Succeeded' ? 'PodCompleted' : 'ContainersNotReady'),
    ],
    ...(init.length ? { initContainerStatuses: init.map(containerStatus) } : {}),
    containerStatuses: containers.map(containerStatus),
  };
}
