/**
 * Rancher's own servers (2.13.8: remotedialer v0.6.0; 2.15.0: v0.6.1) sometimes fail a request through the cluster
 * tunnel with 500 "sync from client": every 60 s the agent sends the ids of its open connections
 * (remotedialer session_sync.go `SyncConnectionsInterval`), and the server closes each connection missing from that
 * list, including one it opened a moment before that the agent had not yet seen (`compareAndCloseStaleConnections`;
 * rancher/rancher#54512, rancher/remotedialer#150, open). The dashboard then sends the user home with a loading
 * error, as a user of those Rancher versions meets it now and then; in CI one flow in about sixty met it (Rancher
 * 2.13's server, the Services list's schemas). It is Rancher's race, not the extension's: on the
 * `rancher-<version>-server` projects, a GET through the cluster proxy that gets exactly that answer is sent again
 * (at most three times), and the flow's annotations and the run's output say so. Nothing else is retried.
 */
import type { BrowserContext } from '@playwright/test';

export const SYNC_FROM_CLIENT = 'sync from client';
/**
 * The requests routed: the cluster store's first loads (shell/store/index.js loadCluster: schemas, counts,
 * namespaces), whose failure sends the user home, and a list page's paginated read (`?page=`, shell/plugins/steve
 * findPage), whose failure leaves the table empty (met once in CI: rke2-guest's Nodes on Rancher 2.15's server).
 * Nothing else: a routed request's answer passes through the test process, which made every flow on Rancher
 * 2.13's server 10–30 % slower when all of them did.
 */
export const ROUTED = /\/k8s\/clusters\/[^/]+\/v1\/(?:(?:schemas|counts|namespaces)(?:\?|$)|[^?#]+\?(?:[^#]*&)?page=)/;

const RESENDS = 3;

/** Where the race was met since the last call (drained by the fixtures into the flow's annotations). */
const met: string[] = [];

export function takeSyncFromClient(): string[] {
  return met.splice(0);
}

export async function retrySyncFromClient(context: BrowserContext): Promise<void> {
  await context.route(ROUTED, async(route) => {
    const request = route.request();

    if (request.method() !== 'GET') {
      return route.fallback();
    }
    try {
      let response = await route.fetch({ maxRedirects: 0 });
      const where = new URL(request.url()).pathname;

      // Sent again at most RESENDS times, half a second apart: CI met the race once on a page whose cluster load
      // still failed after one resend (an outage flow on 2.15's server: five pages loading at once, sent home).
      for (let again = 1; again <= RESENDS && response.status() === 500 && (await response.text()).includes(SYNC_FROM_CLIENT); again++) {
        met.push(where);
        console.log(`[rancher] ${ where }: 500 "${ SYNC_FROM_CLIENT }" (rancher/rancher#54512), sent again (${ again } of ${ RESENDS })`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        response = await route.fetch({ maxRedirects: 0 });
      }
      await route.fulfill({ response });
    } catch (e) {
      // The page or its context closed while the request was out: nothing waits for the answer any more.
      await route.abort().catch(() => undefined);
    }
  });
}
