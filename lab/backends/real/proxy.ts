/**
 * Real mode's cluster proxy: `/k8s/clusters/<id>/v1…` to the real Steve of that cluster, and
 * `/k8s/clusters/<id>/{api,apis,version,openapi}…` to its real kube-apiserver, websockets and watches included,
 * the way Rancher proxies to a downstream cluster: the user is authenticated here (Rancher's side stays simulated)
 * and impersonated there (`Impersonate-User: u-…`, groups as Rancher sends them), so real RBAC decides what they
 * may do; Steve gets the URL prefix in `X-API-URL-Prefix` so its links point back through `/k8s/clusters/<id>`.
 * The browser's cookie and token never go further than this proxy.
 */
import http, { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import { Duplex } from 'node:stream';
import { canReachCluster } from '../../simulator/rancher/access';
import { authenticate } from '../../simulator/rancher/auth';
import { clusterForbidden, unauthorized } from '../../simulator/core/errors';
import { SimState } from '../../simulator/core/state';
import { guestChartRequest, serveIndex, serveInstall, serveLogs } from '../../standins/guestCharts';
import { SimRequest, SimResponse, SimUser } from '../../simulator/core/types';

export interface RealCluster {
  clusterId: string;
  /** Steve over http on loopback */
  steve: string;
  /** kube-apiserver over https on loopback */
  api: string;
  /** Harvester's API server (its stand-in, plain http on loopback): the host's `/v1/harvester/` paths go there. */
  harvesterApi?: string;
  /** The bearer token that stand-in lets in (its own: no credential of the stack goes there). */
  harvesterApiToken?: string;
}

export interface RealBackends {
  clusters: RealCluster[];
  /** The stack's admin identity, allowed to impersonate. */
  adminToken: string;
  /** The token the stack's Steves let in (lab/stack/cmd/steve): Steve trusts the Impersonate-* headers of its holder. */
  steveToken?: string;
}

/** Rancher impersonates its users with these groups on every downstream request. */
export const IMPERSONATED_GROUPS = ['system:authenticated', 'system:cattle:authenticated'];

const KUBE_ROOTS = new Set(['api', 'apis', 'version', 'openapi']);
/** Headers that carry the browser's credentials or hop-by-hop state: never forwarded. */
const DROPPED = new Set(['cookie', 'authorization', 'host', 'connection', 'proxy-connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

interface Route {
  cluster: RealCluster;
  kind: 'steve' | 'kube' | 'harvester';
  /** The path (and query) on the backend */
  path: string;
  prefix: string;
}

export function routeFor(backends: RealBackends, rawUrl: string): Route | null {
  const m = rawUrl.match(/^\/k8s\/clusters\/([^/?]+)(\/[^?]*)?(\?.*)?$/);

  if (!m) {
    return null;
  }
  const cluster = backends.clusters.find((c) => c.clusterId === decodeURIComponent(m[1]));
  const rest = m[2] || '/';
  const first = rest.split('/')[1];

  if (!cluster || !first) {
    return null;
  }
  const prefix = `/k8s/clusters/${ cluster.clusterId }`;

  if (first === 'v1' && cluster.harvesterApi && /^\/v1\/harvester(\/|$)/.test(rest)) {
    return {
      cluster, kind: 'harvester', path: `${ rest }${ m[3] || '' }`, prefix
    };
  }
  if (first === 'v1') {
    return {
      cluster, kind: 'steve', path: `${ rest }${ m[3] || '' }`, prefix
    };
  }
  if (KUBE_ROOTS.has(first)) {
    return {
      cluster, kind: 'kube', path: `${ rest }${ m[3] || '' }`, prefix
    };
  }

  return null;
}

function simRequestOf(req: IncomingMessage): SimRequest {
  return {
    method: req.method || 'GET', path: req.url || '/', query: {}, headers: req.headers as Record<string, string>, body: undefined
  } as SimRequest;
}

/** Who the request is, as the simulated Rancher knows them; or the response Rancher gives instead. */
function userFor(state: SimState, req: IncomingMessage, route: Route): { user?: SimUser; deny?: SimResponse } {
  const user = authenticate(state, simRequestOf(req));

  if (!user) {
    return { deny: unauthorized() };
  }
  const cluster = state.clusters[route.cluster.clusterId];

  // Harvester's endpoints are for the cluster's admins: Rancher's proxy refuses the others (harvesterKubeconfig).
  if (cluster && (!canReachCluster(user, cluster) || (route.kind === 'harvester' && !user.admin))) {
    return { deny: clusterForbidden(user, route.cluster.clusterId) };
  }

  return { user };
}

export function forwardedHeaders(req: IncomingMessage, route: Route, user: SimUser, tokens: Pick<RealBackends, 'adminToken' | 'steveToken'>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};

  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined && !DROPPED.has(k.toLowerCase()) && !k.toLowerCase().startsWith('impersonate-')) {
      out[k] = v as string | string[];
    }
  }
  out['impersonate-user'] = user.id;
  out['impersonate-group'] = IMPERSONATED_GROUPS;
  if (route.kind === 'harvester') {
    // What Rancher's aggregation adds and Harvester's verifyAuthMiddleware looks for.
    out['impersonate-extra-username'] = user.id;
    out['impersonate-extra-principalid'] = `local://${ user.id }`;
    // The stand-in lets in only the holder of its own token (lab/stack/harvester/apiServer.ts).
    if (route.cluster.harvesterApiToken) {
      out.authorization = `Bearer ${ route.cluster.harvesterApiToken }`;
    }
  } else if (route.kind === 'steve') {
    // Steve's links: scheme and host the browser used, then the prefix it reached us by.
    out['x-api-url-prefix'] = route.prefix;
    out['x-forwarded-host'] = `${ req.headers['x-api-host'] || req.headers['x-forwarded-host'] || req.headers.host || '' }`;
    out['x-forwarded-proto'] = `${ req.headers['x-forwarded-proto'] || 'http' }`;
    // Steve trusts the impersonation headers only of the holder of its token (lab/stack/cmd/steve).
    if (tokens.steveToken) {
      out.authorization = `Bearer ${ tokens.steveToken }`;
    }
  } else {
    out.authorization = `Bearer ${ tokens.adminToken }`;
  }

  return out;
}

function backendUrl(route: Route): URL {
  const base = {
    steve: route.cluster.steve, kube: route.cluster.api, harvester: route.cluster.harvesterApi as string
  }[route.kind];

  return new URL(route.path, base);
}

function sendJson(res: ServerResponse, sim: SimResponse): void {
  res.statusCode = sim.status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(sim.body));
}

export class RealProxy {
  constructor(private state: SimState, private backends: RealBackends) {}

  /** Answers the request when it is for a real cluster; false when the simulator should. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const route = routeFor(this.backends, req.url || '/');

    if (!route) {
      return false;
    }
    const { user, deny } = userFor(this.state, req, route);

    if (!user) {
      sendJson(res, deny as SimResponse);

      return true;
    }
    const chart = route.kind === 'steve' ? guestChartRequest(route.path) : null;

    if (chart) {
      this.serveGuestCharts(chart, route, user, req, res);

      return true;
    }
    const url = backendUrl(route);
    const lib = url.protocol === 'https:' ? https : http;
    const upstream = lib.request(url, {
      method: req.method, headers: forwardedHeaders(req, route, user, this.backends), rejectUnauthorized: false
    }, (up) => {
      res.writeHead(up.statusCode || 502, up.headers);
      up.pipe(res);
    });

    upstream.on('error', (e) => {
      if (!res.headersSent) {
        sendJson(res, {
          status:  502,
          headers: {},
          body:    {
            type: 'error', status: 502, code: 'BadGateway', message: `cluster ${ route.cluster.clusterId } (real stack) did not answer: ${ e.message }`
          }
        });
      } else {
        res.destroy();
      }
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);

    return true;
  }

  /** Rancher's catalog on the guest's rancher-charts (guestCharts.ts), as the user. */
  private serveGuestCharts(chart: 'index' | 'install' | 'logs', route: Route, user: SimUser, req: IncomingMessage, res: ServerResponse): void {
    const admin = { url: route.cluster.api, token: this.backends.adminToken };

    if (chart === 'logs') {
      return serveLogs(route.path, res);
    }
    const done = chart === 'index' ? serveIndex(admin, new URL(route.path, 'http://x').searchParams, res) : serveInstall(admin, { 'impersonate-user': user.id, 'impersonate-group': IMPERSONATED_GROUPS }, req, res);

    // An install answers before Helm runs (Rancher's operation): a later failure is the Operation's to say.
    done.catch((e) => (res.headersSent ? process.stderr.write(`[rancher-charts] ${ route.cluster.clusterId }: ${ e.message }\n`) : sendJson(res, {
      status:  502,
      headers: {},
      body:    {
        type: 'error', status: 502, code: 'BadGateway', message: `cluster ${ route.cluster.clusterId } (real stack): ${ e.message }`
      }
    })));
  }

  /** Websockets (`/v1/subscribe`, kubectl's exec-like upgrades): the upgrade is forwarded and both sockets joined. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const route = routeFor(this.backends, req.url || '/');

    if (!route) {
      return false;
    }
    const { user, deny } = userFor(this.state, req, route);

    if (!user) {
      socket.end(`HTTP/1.1 ${ deny?.status || 401 } Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);

      return true;
    }
    const url = backendUrl(route);
    const lib = url.protocol === 'https:' ? https : http;
    const headers = forwardedHeaders(req, route, user, this.backends);

    headers.connection = 'Upgrade';
    headers.upgrade = `${ req.headers.upgrade || 'websocket' }`;
    // The browser's Origin names this front, not Steve: rancher/apiserver's subscribe handler upgrades with gorilla's
    // default same-origin check (pkg/subscribe/handler.go, Upgrader without CheckOrigin) and answered 403, so the
    // guest's watches never ran in real mode. Rancher's own proxy reaches Steve as a server, not from the page.
    delete headers.origin;
    const upstream = lib.request(url, {
      method: req.method, headers, rejectUnauthorized: false
    });

    upstream.on('upgrade', (up, upSocket, upHead) => {
      const lines = [`HTTP/1.1 ${ up.statusCode } ${ up.statusMessage }`];

      for (let i = 0; i < up.rawHeaders.length; i += 2) {
        lines.push(`${ up.rawHeaders[i] }: ${ up.rawHeaders[i + 1] }`);
      }
      socket.write(`${ lines.join('\r\n') }\r\n\r\n`);
      if (upHead?.length) {
        socket.write(upHead);
      }
      if (head?.length) {
        upSocket.write(head);
      }
      upSocket.pipe(socket);
      socket.pipe(upSocket);
      const close = () => {
        upSocket.destroy();
        socket.destroy();
      };

      upSocket.on('error', close);
      socket.on('error', close);
      upSocket.on('close', close);
      socket.on('close', close);
    });
    upstream.on('response', (up) => {
      socket.end(`HTTP/1.1 ${ up.statusCode } ${ up.statusMessage }\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    });
    upstream.on('error', () => socket.destroy());
    upstream.end();

    return true;
  }
}
