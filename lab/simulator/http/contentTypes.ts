import path from 'node:path';

const TYPES: Record<string, string> = {
  '.yaml':  'text/yaml; charset=utf-8',
  '.yml':   'text/yaml; charset=utf-8',
  '.json':  'application/json',
  '.tgz':   'application/gzip',
  '.gz':    'application/gzip',
  '.js':    'application/javascript; charset=utf-8',
  '.mjs':   'application/javascript; charset=utf-8',
  '.map':   'application/json',
  '.css':   'text/css; charset=utf-8',
  '.html':  'text/html; charset=utf-8',
  '.svg':   'image/svg+xml',
  '.png':   'image/png',
  '.ico':   'image/x-icon',
  '.woff':  'font/woff',
  '.woff2': 'font/woff2',
  '.ttf':   'font/ttf',
  '.eot':   'application/vnd.ms-fontobject',
  '.txt':   'text/plain; charset=utf-8',
  '.md':    'text/markdown; charset=utf-8',
};

/** The Content-Type for a file served by the simulator, by its extension. */
export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream';
}
