import { IncomingMessage } from 'node:http';
import { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { canReachCluster } from '../rancher/access';
import { authenticate } from '../rancher/auth';
import { SimState } from '../core/state';
import { SimRequest } from '../core/types';
import { EventHistory } from './eventHistory';
import { Subscription } from './subscription';

/** Which cluster a subscribe URL watches: `/v1/subscribe` (local), `/k8s/clusters/<id>/v1/subscribe`, or Norman's `/v3/subscribe`. */
function socketTarget(pathname: string): { cluster: string | null; prefix: string } | undefined {
  if (pathname === '/v1/subscribe') {
    return { cluster: 'local', prefix: '' };
  }
  if (pathname === '/v3/subscribe') {
    return { cluster: null, prefix: '' };
  }
  const m = pathname.match(/^\/k8s\/clusters\/([^/]+)\/v1\/subscribe$/);

  return m ? { cluster: decodeURIComponent(m[1]), prefix: `/k8s/clusters/${ m[1] }` } : undefined;
}

function reject(socket: Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${ status } ${ text }\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

function originOf(req: IncomingMessage): string {
  const host = (req.headers['x-api-host'] as string) || req.headers.host || '';
  const proto = ((req.headers['x-forwarded-proto'] as string) || 'http').split(',')[0].trim();

  return host ? `${ proto }://${ host }` : '';
}

/** Serves Steve's watch sockets from the state's change feed; sends a ping on every socket every `pingMs`. */
export class SubscribeServer {
  private wss = new WebSocketServer({ noServer: true });
  private subs = new Set<Subscription>();
  private history: EventHistory;
  private unsubscribe: () => void;
  private pinger: ReturnType<typeof setInterval>;

  constructor(private state: SimState, pingMs: number) {
    this.history = new EventHistory(state);
    this.unsubscribe = state.on('change', (ev) => this.subs.forEach((s) => s.onChange(ev)));
    this.pinger = setInterval(() => this.subs.forEach((s) => s.ping()), pingMs);
    this.pinger.unref?.();
  }

  /** Handles an HTTP upgrade; returns false when the URL is not a subscribe socket. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url || '/', 'http://simulator.invalid');
    const target = socketTarget(url.pathname);

    if (!target) {
      return false;
    }
    const simReq: SimRequest = {
      method: 'GET', path: url.pathname, headers: req.headers as SimRequest['headers']
    };
    const user = authenticate(this.state, simReq);

    if (!user) {
      reject(socket, 401, 'Unauthorized');

      return true;
    }
    const cluster = target.cluster ? this.state.clusters[target.cluster] : null;

    if (target.cluster && !cluster) {
      reject(socket, 404, 'Not Found');

      return true;
    }
    if (cluster && !canReachCluster(user, cluster)) {
      reject(socket, 403, 'Forbidden');

      return true;
    }
    this.wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      const send = (msg: Record<string, unknown>) => {
        if (ws.readyState === WebSocket.OPEN) {
          ws.send(JSON.stringify(msg));
        }
      };
      const ctx = cluster ? {
        state: this.state, user, cluster, origin: originOf(req), prefix: target.prefix
      } : null;
      const sub = new Subscription(ctx, send, this.history);

      this.subs.add(sub);
      ws.on('message', (data) => sub.onMessage(data.toString()));
      ws.on('close', () => {
        sub.close();
        this.subs.delete(sub);
      });
      ws.on('error', () => ws.terminate());
    });

    return true;
  }

  close(): void {
    clearInterval(this.pinger);
    this.unsubscribe();
    this.history.stop();
    this.subs.forEach((s) => s.close());
    this.subs.clear();
    for (const ws of this.wss.clients) {
      ws.terminate();
    }
    this.wss.close();
  }
}
