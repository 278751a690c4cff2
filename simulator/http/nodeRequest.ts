import { IncomingMessage, ServerResponse } from 'node:http';
import { SimRequest, SimResponse } from '../steve/types';

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

export function sendSimResponse(res: ServerResponse, sim: SimResponse): void {
  const raw = sim.body === undefined || sim.body === null ? '' : sim.body;
  // Strings and bytes (chart archives, icons) go as they are; everything else is JSON.
  const body = typeof raw === 'string' || raw instanceof Uint8Array ? raw : JSON.stringify(raw);

  for (const [k, v] of Object.entries(sim.headers)) {
    res.setHeader(k, v);
  }
  res.statusCode = sim.status;
  res.end(body);
}
