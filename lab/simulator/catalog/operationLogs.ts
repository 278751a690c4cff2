/**
 * The `logs` link of a `catalog.cattle.io.operation` (`/v1/catalog.cattle.io.operations/<ns>/<name>/logs`), which
 * the dashboard opens after an uninstall (shell/models/catalog.cattle.io.app.js `remove()` -> operation
 * `openLogs()`), as a websocket: shell/components/Window/ContainerLogs.vue connects with the subprotocol
 * `base64.binary.k8s.io` and decodes every frame as base64 text. Rancher proxies the helm-operation pod's log
 * (rancher/rancher pkg/catalogv2/helmop/operation.go `Log`); the simulator sends the finished operation's lines
 * (helmOperation.ts `operationLog`), timestamped when asked, then closes as a log stream of an exited container does.
 */
import { IncomingMessage } from 'node:http';
import { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { can } from '../rancher/access';
import { authenticate } from '../rancher/auth';
import { lookupType, OPERATION_TYPE } from '../core/registry';
import { getObject, SimState } from '../core/state';
import { SimRequest } from '../core/types';
import { operationLog } from './helmOperation';

const LOG_PROTOCOL = 'base64.binary.k8s.io';
const LOGS_PATH = /^\/v1\/catalog\.cattle\.io\.operations\/([^/]+)\/([^/]+)\/logs$/;

function reject(socket: Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${ status } ${ text }\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/** A log line as the kubelet gives it with `timestamps=true`: RFC 3339 with nanoseconds, a space, the line. */
function stamped(line: string, at: Date): string {
  return `${ at.toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z') } ${ line }`;
}

export class OperationLogServer {
  private wss = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => (protocols.has(LOG_PROTOCOL) ? LOG_PROTOCOL : false) });

  constructor(private state: SimState) {}

  /** Handles an HTTP upgrade; false when the URL is not an operation's logs. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url || '/', 'http://simulator.invalid');
    const m = LOGS_PATH.exec(url.pathname);

    if (!m) {
      return false;
    }
    const simReq: SimRequest = {
      method: 'GET', path: url.pathname, headers: req.headers as SimRequest['headers']
    };
    const user = authenticate(this.state, simReq);
    const t = lookupType(OPERATION_TYPE, 'local');
    const op = getObject(this.state, 'local', OPERATION_TYPE, `${ decodeURIComponent(m[1]) }/${ decodeURIComponent(m[2]) }`);

    if (!user) {
      reject(socket, 401, 'Unauthorized');
    } else if (!t || !can(user, this.state.clusters.local, t, 'get')) {
      reject(socket, 403, 'Forbidden');
    } else if (!op?.status?.podCreated) {
      reject(socket, 404, 'Not Found');
    } else {
      const timestamps = url.searchParams.get('timestamps') === 'true';
      const at = new Date(op.metadata.creationTimestamp || Date.now());

      this.wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
        for (const line of operationLog(op)) {
          ws.send(Buffer.from(`${ timestamps ? stamped(line, at) : line }\n`, 'utf8').toString('base64'));
        }
        ws.close(1000);
        ws.on('error', () => ws.terminate());
      });
    }

    return true;
  }

  close(): void {
    for (const ws of this.wss.clients) {
      ws.terminate();
    }
    this.wss.close();
  }
}
