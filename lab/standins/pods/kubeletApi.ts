/**
 * The part of the kubelet's HTTPS API the API server calls for `pods/log` (kubernetes pkg/registry/core/pod
 * `LogLocation`: `https://<node address>:<kubelet port>/containerLogs/{ns}/{pod}/{container}?…`): the Pod runner's
 * kept logs (containerLogs.ts), followed until the container exits. On 127.0.0.1 only, answering only a client
 * certificate of the run's kubelet CA, which the API server presents (lab/core/kubeletTls.ts); the API server does not
 * check the kubelet's own certificate (no `--kubelet-certificate-authority`, as in a kubeadm cluster's default). Exec,
 * attach and port-forward are not provided: they answer 501 with that said.
 */
import fs from 'node:fs';
import https from 'node:https';
import { KubeletTls } from '../../core/kubeletTls';
import { logOptions, parseCri, renderLine, renderLog } from './containerLogs';

export interface KubeletApi { close(): void }

/** Where a container's log is, and whether it still runs (a followed log ends when it stops). */
export interface LogSource {
  file(ns: string, pod: string, container: string): string | null;
  running(ns: string, pod: string, container: string): boolean;
}

function follow(res: import('node:http').ServerResponse, file: string, from: number, o: { timestamps: boolean }, done: () => boolean): void {
  let offset = from;
  let rest = '';
  const timer = setInterval(() => {
    const size = fs.statSync(file).size;

    if (size > offset) {
      const fd = fs.openSync(file, 'r');
      const buf = Buffer.alloc(size - offset);

      fs.readSync(fd, buf, 0, buf.length, offset);
      fs.closeSync(fd);
      offset = size;
      const lines = (rest + buf.toString('utf8')).split('\n');

      rest = lines.pop() || '';
      for (const l of lines.map(parseCri)) {
        if (l) {
          res.write(renderLine(l, o));
        }
      }
    } else if (done()) {
      clearInterval(timer);
      res.end();
    }
  }, 200);

  res.on('close', () => clearInterval(timer));
}

export function startKubeletApi(port: number, tls: KubeletTls, logs: LogSource, log: (l: string) => void): KubeletApi {
  const server = https.createServer({
    cert: fs.readFileSync(tls.serverCert), key: fs.readFileSync(tls.serverKey), ca: fs.readFileSync(tls.ca), requestCert: true, rejectUnauthorized: true
  }, (req, res) => {
    const u = new URL(req.url || '/', 'https://127.0.0.1');
    const m = /^\/containerLogs\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(u.pathname);

    if (u.pathname === '/healthz') {
      res.end('ok');

      return;
    }
    if (!m || req.method !== 'GET') {
      res.writeHead(501, { 'content-type': 'text/plain' });
      res.end(`${ u.pathname }: not provided by the stack's Pod runner (lab/standins/pods: logs only)\n`);

      return;
    }
    const [ns, pod, container] = m.slice(1).map(decodeURIComponent);
    const file = logs.file(ns, pod, container);

    if (!file || !fs.existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end(`container "${ container }" in pod "${ pod }" is not available\n`);

      return;
    }
    const o = logOptions(u.searchParams);
    const text = fs.readFileSync(file);

    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write(renderLog(text.toString('utf8'), o));
    if (o.follow && o.limitBytes === undefined) {
      follow(res, file, text.length, o, () => !logs.running(ns, pod, container));
    } else {
      res.end();
    }
  });

  server.on('error', (e) => log(`[pod runner] kubelet API on 127.0.0.1:${ port }: ${ e.message }`));
  server.listen(port, '127.0.0.1');

  return { close: () => server.close() };
}
