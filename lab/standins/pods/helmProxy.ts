/**
 * The end of a helm-operation Pod's `proxy` container, which Rancher brings about by exec and the Pod runner has no
 * exec for.
 */
import { execFileSync } from 'node:child_process';
import { RunningContainer } from './runContainer';

/** How long the runner keeps stopping a helm-operation's `proxy` before it reports it still runs. */
export const PROXY_STOP_MS = 60000;

/**
 * What Rancher's operation cleanup execs in `proxy` once `helm` succeeded (rancher pkg/controllers/dashboard/helm/
 * operations.go `cleanup`: `pkill -x kubectl`), after which its `kubectl proxy … || true` exits 0. Sent to the
 * container's whole process group, and again until it ends: under load the container may not have started its
 * `kubectl` yet when a quick `helm uninstall` is done (Rancher would exec again on its next sync too). A single try
 * can leave the proxy running, the Operation "running operation" and the Extensions card "Uninstalling" (the
 * likely cause of one CI run's card that stayed so).
 */
export async function stopHelmProxy(proxy: RunningContainer, ms = PROXY_STOP_MS): Promise<boolean> {
  const state = { ended: proxy.pid <= 0 }; // a container that could not start has ended

  proxy.exited.then(() => {
    state.ended = true;
  });
  for (const until = Date.now() + ms; !state.ended && Date.now() < until;) {
    try {
      execFileSync('pkill', ['-TERM', '-x', '-g', `${ proxy.pid }`, 'kubectl'], { stdio: 'ignore' });
    } catch (e) {} // none yet (or already gone)
    await Promise.race([proxy.exited, new Promise((resolve) => setTimeout(resolve, 500))]);
  }

  return state.ended;
}
