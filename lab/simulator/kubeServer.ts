/**
 * The simulator over HTTPS on 127.0.0.1, for kubectl (which sends a bearer token only over TLS): every request the
 * HTTP server answers, plus streaming Kubernetes watches. Its certificate is made at start-up (kube/tlsCert.ts).
 */
import { ServerResponse } from 'node:http';
import { createServer, Server } from 'node:https';
import { AddressInfo } from 'node:net';
import { sendSimResponse, toSimRequest } from './http/nodeRequest';
import { authenticate } from './rancher/auth';
import { handleRequest } from './router';
import { SimState } from './core/state';
import { USERS } from './rancher/users';
import { kubeTypes } from './kube/discovery';
import { parseResourcePath, wantsTable } from './kubeapi/kubeApi';
import { kubeconfig } from './kube/kubeconfig';
import { isWatch, kubeWatchHistory, serveKubeWatch } from './kubeapi/kubeWatch';
import { status } from './kube/status';
import { selfSignedCert } from './kube/tlsCert';
import type { ClusterFront } from './http/front';
import { SimRequest } from './core/types';

export interface KubeApiServer {
  server: Server;
  url: string;
  ca: string;
  /** A kubeconfig for the demo admin. */
  kubeconfig(): string;
  close(): Promise<void>;
}

/** `/k8s/clusters/<id>/api/v1/…` or `/k8s/clusters/<id>/apis/<g>/<v>/…`: the cluster, group version and rest. */
function watchTarget(path: string): { cluster: string; gv: string; rest: string[] } | null {
  const s = path.split('/').filter(Boolean).map(decodeURIComponent);

  if (s[0] !== 'k8s' || s[1] !== 'clusters' || !s[2]) {
    return null;
  }
  if (s[3] === 'api' && s[4] === 'v1') {
    return {
      cluster: s[2], gv: 'v1', rest: s.slice(5)
    };
  }
  if (s[3] === 'apis' && s[4] && s[5]) {
    return {
      cluster: s[2], gv: `${ s[4] }/${ s[5] }`, rest: s.slice(6)
    };
  }

  return null;
}

/**
 * A Kubernetes `?watch=true` request (kubectl get -w, client-go informers): streamed; true when answered here.
 * The HTTP front (lab/simulator/server.ts) serves them too, as Rancher's `/k8s/clusters/<id>` proxy does.
 */
export function serveKubeWatchRequest(state: SimState, simReq: SimRequest, res: ServerResponse): boolean {
  const w = isWatch(simReq.query as URLSearchParams) ? watchTarget(simReq.path) : null;

  if (!w) {
    return false;
  }
  const user = authenticate(state, simReq);
  const cluster = state.clusters[w.cluster];
  const target = cluster ? parseResourcePath(kubeTypes(cluster.kind), w.gv, w.rest) : null;

  if (!user) {
    sendSimResponse(res, status(401, 'Unauthorized', 'Unauthorized'));
  } else if (!target || target.name) {
    sendSimResponse(res, status(404, 'NotFound', 'the server could not find the requested resource'));
  } else {
    serveKubeWatch(state, user, w.cluster, target, simReq.query as URLSearchParams, res, wantsTable(simReq));
  }

  return true;
}

export async function startKubeApiServer(state: SimState, opts: { port?: number; host?: string; front?: (state: SimState) => ClusterFront } = {}): Promise<KubeApiServer> {
  const host = opts.host || '127.0.0.1';
  const real = opts.front ? opts.front(state) : null;

  kubeWatchHistory(state);
  const tls = selfSignedCert({ ips: [host], names: ['localhost'] });
  const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    if (real?.handle(req, res)) {
      return;
    }
    (async() => {
      const simReq = await toSimRequest(req);

      if (serveKubeWatchRequest(state, simReq, res)) {
        return;
      }
      sendSimResponse(res, handleRequest(state, simReq));
    })().catch((e) => {
      if (!res.headersSent) {
        sendSimResponse(res, status(500, 'InternalError', `${ e?.message || e }`));
      } else {
        res.end();
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = `https://${ host }:${ (server.address() as AddressInfo).port }`;

  return {
    server,
    url,
    ca:         tls.cert,
    kubeconfig: () => kubeconfig(state, url, tls.cert, USERS.admin),
    close:      () => new Promise<void>((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}
