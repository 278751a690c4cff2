import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { OperationLogServer } from './catalog/operationLogs';
import { sendSimResponse, toSimRequest } from './http/nodeRequest';
import { kubeWatchHistory } from './kubeapi/kubeWatch';
import { ControllerOptions, startControllers } from './controllers';
import { KubeApiServer, serveKubeWatchRequest, startKubeApiServer } from './kubeServer';
import type { ClusterFront } from './http/front';
import type { SimControlHandler } from './core/state';
import { serveHelm } from './http/staticHelm';
import { serveDashboardBuild } from './http/dashboardBuild';
import { ExtensionBuilds, serveUiPluginFile } from './http/uiPlugins';
import { StatePersister } from './persist';
import { handleRequest } from './router';
import { RANCHER_VERSION } from './rancher/rancherEndpoints';
import { SimState } from './core/state';
import { SubscribeServer } from './watch/subscribeServer';

export type { ClusterFront } from './http/front';

export const DEFAULT_SIM_PORT = 8989;
/** Loopback only: the simulator accepts fixed demo passwords. */
export const SIM_HOST = '127.0.0.1';

export interface SimServerOptions {
  state: SimState;
  /** 0 picks a free port. */
  port?: number;
  /** Address to listen on; loopback (SIM_HOST) unless the user asks for another (DEMO_HOST in scripts/dev.ts). */
  host?: string;
  /** With a file, every change is saved there atomically (see persist.ts). */
  statePath?: string;
  /** Where `assets/`, `charts/` and `extensions/` are served from under `/helm/`. */
  repoRoot?: string;
  pingMs?: number;
  /** Log each request to the console. */
  verbose?: boolean;
  /** A production build of Rancher's dashboard to serve at `/dashboard/`, as Rancher does (`--ui <dir>`). */
  uiDir?: string;
  /** Local extension builds served in place of the published files of the same name and version. */
  extensionBuilds?: ExtensionBuilds;
  /**
   * Run the Harvester controllers (lab/simulator/controllers): `true` reconciles on their own (demo mode); options pick
   * some of them and whether they wait for `POST /__sim/controllers/step` (the e2e suite).
   */
  controllers?: boolean | ControllerOptions;
  /** Also serve over HTTPS for kubectl (lab/simulator/kube), with a kubeconfig at `/__sim/kubeconfig`; port 0 = free. */
  kubeApi?: { port?: number };
  /**
   * What answers some requests before the simulator, handed in by the caller (real mode: lab/backends/real/proxy.ts,
   * the real stack's clusters behind Rancher's proxy; Rancher's management side and the other clusters stay
   * simulated). Made with the simulator's state, for the HTTP server and the kubectl endpoint alike.
   */
  front?: (state: SimState) => ClusterFront;
  /** More `/__sim/<name>` controls, made with the state (the demo world's: lab/world/controls.ts). */
  controls?: Record<string, (state: SimState) => SimControlHandler>;
}


export interface SimServer {
  server: Server;
  url: string;
  port: number;
  state: SimState;
  /** The HTTPS endpoint for kubectl, when asked for. */
  kube?: KubeApiServer;
  close(): Promise<void>;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function info(res: ServerResponse): void {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({
    simulator: 'harvester-cloud-ui Rancher API simulator',
    rancher:   RANCHER_VERSION,
    users:     { admin: 'password', viewer: 'password' },
    docs:      'docs/demo-mode.md',
  }, null, 2));
}

/** Starts the simulator: Rancher's HTTP APIs and watch sockets over one in-memory state, on 127.0.0.1. */
export async function startSimServer(opts: SimServerOptions): Promise<SimServer> {
  const { state } = opts;
  const repoRoot = opts.repoRoot || path.resolve(__dirname, '../..');
  const persister = opts.statePath ? new StatePersister(opts.statePath, state) : null;
  const sockets = new SubscribeServer(state, opts.pingMs ?? 30000);

  kubeWatchHistory(state);
  const controllers = opts.controllers ? startControllers(state, opts.controllers === true ? { auto: true } : opts.controllers) : null;
  const kube = opts.kubeApi ? await startKubeApiServer(state, {
    port: opts.kubeApi.port, host: opts.host, front: opts.front
  }) : undefined;

  Object.entries(opts.controls || {}).forEach(([name, make]) => {
    state.controls[name] = make(state);
  });
  if (kube) {
    state.controls.kubeconfig = () => ({
      status: 200, headers: { 'content-type': 'application/yaml' }, body: kube.kubeconfig()
    });
  }
  const operationLogs = new OperationLogServer(state);
  const real = opts.front ? opts.front(state) : null;

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url || '/', 'http://simulator.invalid');

    if (url.pathname === '/' && opts.uiDir) {
      res.statusCode = 302;
      res.setHeader('location', '/dashboard/');
      res.end();

      return;
    }
    if (url.pathname === '/' || url.pathname === '/__sim') {
      return info(res);
    }
    if (real?.handle(req, res)) {
      return;
    }
    if (await serveHelm(repoRoot, url.pathname, res)) {
      return;
    }
    if (opts.uiDir && await serveDashboardBuild(opts.uiDir, url.pathname, res)) {
      return;
    }
    if (await serveUiPluginFile(state, repoRoot, url.pathname, res, opts.extensionBuilds)) {
      return;
    }
    const simReq = await toSimRequest(req);

    if (serveKubeWatchRequest(state, simReq, res)) {
      return;
    }
    const sim = handleRequest(state, simReq);

    if (opts.verbose) {
      console.log(`[sim] ${ simReq.method } ${ req.url } -> ${ sim.status }`);
    }
    if (persister && WRITE_METHODS.has(simReq.method.toUpperCase())) {
      persister.schedule(); // logins, logouts and resets change state without a change event
    }
    if (sim.delayMs) {
      await new Promise((resolve) => setTimeout(resolve, sim.delayMs));
    }
    if (sim.drop) {
      req.socket.destroy();

      return;
    }
    sendSimResponse(res, sim, `${ req.headers['accept-encoding'] || '' }`);
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch((e) => {
      console.error('[sim] request failed', e);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader('content-type', 'application/json');
      }
      res.end(JSON.stringify({
        type: 'error', status: 500, code: 'ServerError', message: `${ e?.message || e }`
      }));
    });
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!real?.handleUpgrade(req, socket, head) && !sockets.handleUpgrade(req, socket, head) && !operationLogs.handleUpgrade(req, socket, head)) {
      socket.write('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? DEFAULT_SIM_PORT, opts.host || SIM_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    server,
    port,
    url:   `http://${ opts.host || SIM_HOST }:${ port }`,
    state,
    kube,
    close: () => new Promise<void>((resolve) => {
      kube?.close();
      sockets.close();
      controllers?.stop();
      operationLogs.close();
      persister?.stop();
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}
