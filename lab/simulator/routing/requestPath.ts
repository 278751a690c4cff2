/** The parts of a request's URL the router reads: the client's origin, the path and query, the path's segments. */
import { header } from '../rancher/auth';
import { queryRecordMulti, QueryInput } from '../steve/listQuery';
import { SimRequest } from '../core/types';

/** Scheme and host the client used (through the dev server's proxy), so links point back to it. */
export function originOf(req: SimRequest): string {
  const host = header(req, 'x-api-host') || header(req, 'x-forwarded-host') || header(req, 'host');

  if (!host) {
    return '';
  }
  const proto = header(req, 'x-forwarded-proto') || 'http';

  return `${ proto.split(',')[0].trim() }://${ host }`;
}

export function splitPath(rawPath: string, query: QueryInput): { path: string; query: URLSearchParams } {
  const q = new URLSearchParams();
  const [p, inlineQuery] = rawPath.split('?', 2);

  for (const [k, v] of Object.entries(queryRecordMulti(query))) {
    v.forEach((x) => q.append(k, x));
  }
  if (inlineQuery) {
    new URLSearchParams(inlineQuery).forEach((v, k) => q.append(k, v));
  }
  const path = p.length > 1 ? p.replace(/\/+$/, '') : p;

  return { path, query: q };
}

export function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch (e) {
      return s;
    }
  });
}
