/**
 * The project's Helm repository as a web server would serve it (index.yaml, assets/…tgz, extensions/<name>/<version>/…):
 * what Rancher's ClusterRepo downloads and its UI-plugin operator caches. Read-only, GET and HEAD, on 127.0.0.1
 * (bridged into Rancher's network namespace). Run as its own process with plain Node (no imports beyond node:):
 *   node repoServer.ts <root> <port>
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const [root, port] = [path.resolve(process.argv[2]), Number(process.argv[3])];
const TYPES: Record<string, string> = {
  '.yaml': 'text/yaml', '.tgz': 'application/gzip', '.js': 'application/javascript', '.json': 'application/json', '.svg': 'image/svg+xml', '.txt': 'text/plain', '.css': 'text/css', '.map': 'application/json'
};

http.createServer((req, res) => {
  const rel = decodeURIComponent(new URL(req.url || '/', 'http://x').pathname);
  const file = path.join(root, path.normalize(rel));

  if ((req.method !== 'GET' && req.method !== 'HEAD') || !file.startsWith(`${ root }${ path.sep }`)) {
    res.writeHead(req.method === 'GET' || req.method === 'HEAD' ? 404 : 405).end();

    return;
  }
  fs.stat(file, (err, st) => {
    if (err || !st.isFile()) {
      res.writeHead(404).end();

      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'content-length': st.size });
    if (req.method === 'HEAD') {
      res.end();
    } else {
      fs.createReadStream(file).pipe(res);
    }
  });
}).listen(port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
