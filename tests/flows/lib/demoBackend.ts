/**
 * Demo mode as a backend (lab/backends/backend.ts) for the `demo` project: the simulator and the dashboard dev server
 * `npm run dev` runs (./demo.ts), on free ports. The simulator runs in this process, so the flows read it through its
 * control API (SimClient) as for any simulator.
 */
import { CompatBackend } from '../../../lab/backends/backend';
import { SimClient } from '../../../lab/backends/simClient';
import { startDemo } from './demo';

export async function startDemoBackend(): Promise<CompatBackend> {
  const demo = await startDemo();
  const client = new SimClient(demo.simUrl);

  return {
    kind:           'simulator',
    dashboard:      demo.dashboardUrl,
    client,
    simClient:      client,
    rancherVersion: 'v2.15.0',
    adminToken:     'token-demoadmin:demo',
    async api(method, path, body) {
      const res = await fetch(`${ demo.simUrl }${ path }`, {
        method,
        headers: {
          authorization: 'Bearer token-demoadmin:demo', accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' })
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

      return { status: res.status, body: await res.json().catch(() => null) };
    },
    reset: () => client.reset(),
    close: () => demo.stop(),
  };
}
