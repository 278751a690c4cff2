import { warnOnce } from './versions';

interface RouteLike {
  params?: Record<string, unknown>;
}

interface RouterLike {
  beforeEach(guard: (to: RouteLike, from: RouteLike) => unknown): () => void;
}

/**
 * Runs `ready(clusterId)` before any page of a cluster renders, so that what the extension registers with a
 * `cluster:` condition is decided before the page's `Tabbed`/tables compute their extension parts (they do it once,
 * when they are created). The router is the dashboard's own (`store.$router`, shell/initialize/app-extended.js).
 * The wait is capped: a slow API delays the page at most `capMs`, and the check goes on in the background.
 */
export function beforeClusterPages(store: { $router?: RouterLike }, ready: (clusterId: string) => Promise<unknown>, capMs = 8000): () => void {
  const router = store?.$router;

  if (typeof router?.beforeEach !== 'function') {
    warnOnce('its router to extensions', 'pages opened by their address may miss this extension\'s tabs until they are reloaded');

    return () => undefined;
  }

  return router.beforeEach(async(to) => {
    const clusterId = typeof to?.params?.cluster === 'string' ? to.params.cluster : '';

    if (clusterId && clusterId !== '_' && clusterId !== 'local') {
      await Promise.race([ready(clusterId).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, capMs))]);
    }

    return true;
  });
}
