/**
 * msw (v2) handlers that answer the dashboard's requests from the simulator's Steve core, so unit tests run the
 * real shell stores against the same behaviour as the demo server (one source: `handleRequest`).
 *
 *   const state = createState(demoSeed());
 *   const server = setupServer(...steveHandlers(state));
 *   state.on('change', (ev) => ...);   // or inspect state.requests
 */
import { http, HttpResponse, HttpHandler, delay } from 'msw';
import { handleRequest } from '../../lab/simulator/router';
import { SimState } from '../../lab/simulator/core/state';
import { SimRequest, UserName } from '../../lab/simulator/core/types';

export interface SteveHandlerOptions {
  /**
   * Whom requests are made as; default `admin`. Tests of read-only behaviour pass `viewer`; `null` makes the
   * handlers authenticate from the request itself (R_SESS cookie or Bearer token), as for login flows.
   */
  user?: UserName | null;
  /**
   * Send Rancher's `x-api-cattle-auth` header. Off by default: the shell's Steve store dispatches
   * `auth/gotHeader` when it sees it, and test stores without an `auth` module would warn on every request.
   */
  authHeader?: boolean;
}

async function bodyOf(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') {
    return undefined;
  }
  const text = await request.text();

  if (!text) {
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    return text;
  }
}

function headersOf(request: Request): Record<string, string> {
  const out: Record<string, string> = {};

  request.headers.forEach((v, k) => {
    out[k] = v;
  });

  return out;
}

/** Converts an msw request into the core's request, and its answer into an HttpResponse. */
export function steveResolver(state: SimState, opts: SteveHandlerOptions = {}) {
  return async({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const req: SimRequest = {
      method:  request.method,
      path:    url.pathname,
      query:   url.searchParams,
      // Links in answers point at the origin the test's axios used.
      headers: {
        ...headersOf(request), host: url.host, 'x-forwarded-proto': url.protocol.replace(':', '')
      },
      body: await bodyOf(request),
      user: opts.user === null ? undefined : opts.user || 'admin',
    };
    const res = handleRequest(state, req);

    if (res.delayMs) {
      await delay(res.delayMs);
    }
    if (res.drop) {
      return HttpResponse.error();
    }
    const headers = new Headers();

    for (const [k, v] of Object.entries(res.headers)) {
      if (k === 'x-api-cattle-auth' && !opts.authHeader) {
        continue;
      }
      for (const one of Array.isArray(v) ? v : [v]) {
        headers.append(k, one);
      }
    }

    // Text (already encoded) goes as it is, as the simulator's server sends it.
    return typeof res.body === 'string' ? new HttpResponse(res.body, { status: res.status, headers }) : HttpResponse.json(res.body as any, { status: res.status, headers });
  };
}

/** Handlers for Rancher's APIs: downstream Steve, management Steve, Norman and the public login endpoints. */
export function steveHandlers(state: SimState, opts: SteveHandlerOptions = {}): HttpHandler[] {
  const resolve = steveResolver(state, opts);

  return [
    http.all('*/k8s/clusters/:cluster/v1/*', resolve),
    http.all('*/k8s/clusters/:cluster/v1', resolve),
    http.all('*/v1/*', resolve),
    http.all('*/v3/*', resolve),
    http.all('*/v1-public/*', resolve),
    http.all('*/v3-public/*', resolve),
  ];
}
