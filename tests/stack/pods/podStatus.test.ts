/**
 * The status the Pod runner writes (lab/standins/pods/podStatus.ts), as Rancher reads a helm-operation Pod's: the
 * `helm` container's state (pkg/controllers/dashboard/helm/operations.go: running → "running operation", terminated
 * 0 → Active, another exit code → Error), and the phase a `restartPolicy: Never` Pod has.
 */
import { podStatus, terminated, Tracked, waiting } from '../../../lab/standins/pods/podStatus';

const c = (name: string, state: Tracked['state']): Tracked => ({
  name, image: 'rancher/shell:v0.8.1', state
});
const running = { running: { startedAt: '2026-11-29T00:00:00Z' } };
const t0 = '2026-11-29T00:00:00Z';

describe('podStatus', () => {
  it('follows a helm-operation Pod from initialising to Succeeded', () => {
    const initialising = podStatus([c('init', running)], [c('helm', waiting('PodInitializing')), c('proxy', waiting('PodInitializing'))], t0);

    expect(initialising.phase).toBe('Pending');
    expect(initialising.containerStatuses[0]).toMatchObject({
      name: 'helm', ready: false, state: { waiting: { reason: 'PodInitializing' } }
    });
    const both = podStatus([c('init', terminated(0, t0))], [c('helm', running), c('proxy', running)], t0);

    expect(both.phase).toBe('Running');
    expect(both.conditions.find((x: any) => x.type === 'Ready').status).toBe('True');
    expect(both.initContainerStatuses[0].state.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
    const done = podStatus([c('init', terminated(0, t0))], [c('helm', terminated(0, t0)), c('proxy', terminated(0, t0))], t0);

    expect(done.phase).toBe('Succeeded');
    expect(done.containerStatuses.map((s: any) => s.state.terminated.exitCode)).toEqual([0, 0]);
  });

  it('fails the Pod when a container or an init container exits non-zero, with the exit code Rancher shows', () => {
    const failed = podStatus([], [c('helm', terminated(1, t0)), c('proxy', running)], t0);

    expect(failed.phase).toBe('Failed');
    expect(failed.containerStatuses[0].state.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect(podStatus([c('init', terminated(2, t0))], [c('helm', waiting('PodInitializing'))], t0).phase).toBe('Failed');
  });

  it('shows why a Pod cannot run: the waiting reason and message on each container', () => {
    const s = podStatus([], [c('helm', waiting('ErrImagePull', 'no program for this image'))], t0);

    expect(s.phase).toBe('Pending');
    expect(s.containerStatuses[0].state).toEqual({ waiting: { reason: 'ErrImagePull', message: 'no program for this image' } });
  });
});

describe('podStatus of a restarted container (restartPolicy Always)', () => {
  it('keeps the Pod Running with the container in CrashLoopBackOff, its restarts counted and its last end kept', () => {
    const crashed: Tracked = {
      ...c('harvester-cloud-provider', waiting('CrashLoopBackOff', 'back-off 10s restarting failed container')), restarts: 1, lastState: terminated(2, t0)
    };
    const s = podStatus([], [crashed], t0);

    expect(s.phase).toBe('Running');
    expect(s.containerStatuses[0]).toMatchObject({
      restartCount: 1, ready: false, state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: { terminated: { exitCode: 2, reason: 'Error' } }
    });
    expect(s.conditions.find((x: any) => x.type === 'Ready').status).toBe('False');
    // On one of k3s-bare's VMs, a hostNetwork Pod has the VM's address, as `kubectl get pods -o wide` shows it.
    expect(podStatus([], [crashed], t0, '192.168.100.31', true)).toMatchObject({ hostIP: '192.168.100.31', podIP: '192.168.100.31' });
    expect(podStatus([], [crashed], t0, '192.168.100.31', false)).toMatchObject({ hostIP: '192.168.100.31', podIP: '127.0.0.1' });
    // Running again: ready, and the count stays.
    expect(podStatus([], [{ ...crashed, state: running }], t0).containerStatuses[0]).toMatchObject({ restartCount: 1, ready: true });
  });
});
