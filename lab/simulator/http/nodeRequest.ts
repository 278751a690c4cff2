import { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { SimRequest, SimResponse } from '../core/types';

/** Largest request body accepted; the dashboard sends single objects. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;

  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new Error('request body too large');
    }
    chunks.push(chunk as Buffer);
  }
  if (!size) {
    return undefined;
  }
  const text = Buffer.concat(chunks).toString('utf8');

  try {
    return JSON.parse(text);
  } catch (e) {
    return text; // form posts and plain text stay as they are
  }
}

/** The core's view of a Node request. */
export async function toSimRequest(req: IncomingMessage): Promise<SimRequest> {
  const url = new URL(req.url || '/', 'http://simulator.invalid');

  return {
    method:  req.method || 'GET',
    path:    url.pathname,
    query:   url.searchParams,
    headers: req.headers as Record<string, string | string[] | undefined>,
    body:    ['GET', 'HEAD'].includes(req.method || 'GET') ? undefined : await readBody(req),
  };
}

/**
 * Writes the core's answer. API objects (JSON) are gzipped when the client accepts it, as Rancher's API writer does
 * (rancher/apiserver pkg/writer/gzip.go `GzipWriter`, used for json/jsonl/yaml/html in pkg/server/server.go): what a
 * browser transfers from the simulator is then what it transfers from Rancher.
 */
export function sendSimResponse(res: ServerResponse, sim: SimResponse, acceptEncoding = ''): void {
  const raw = sim.body === undefined || sim.body === null ? '' : sim.body;
  // Strings and bytes (chart archives, icons) go as they are; everything else is JSON.
  const isObject = !(typeof raw === 'string' || raw instanceof Uint8Array);
  const body = isObject ? JSON.stringify(raw) : raw;

  for (const [k, v] of Object.entries(sim.headers)) {
    res.setHeader(k, v);
  }
  res.statusCode = sim.status;
  if (isObject && sim.status !== 204 && /\bgzip\b/.test(acceptEncoding)) {
    res.setHeader('content-encoding', 'gzip');
    res.removeHeader('content-length');
    res.end(gzipSync(body as string, { level: 6 }));

    return;
  }
  res.end(body);
}
