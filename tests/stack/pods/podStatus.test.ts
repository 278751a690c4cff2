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
