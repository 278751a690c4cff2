import { catalogAction } from './catalog/helmActions';
import { canReachCluster } from './rancher/access';
import { authenticate, header } from './rancher/auth';
import { serveRepoLinkIn } from './catalog/guestCharts';
import { SteveContext } from './steve/context';
import { countsCollection, countsObject } from './steve/counts';
import { getOne, listCollection } from './steve/read';
import { create, patch, update } from './steve/write';
import { remove } from './steve/remove';
import {
  clusterForbidden, conflict, errorResponse, forbidden, invalid, methodNotAllowed, notFound, unauthorized
} from './core/errors';
import { takeFault } from './control/faults';
import { queryRecord, QueryInput, queryRecordMulti } from './steve/listQuery';
import { handleKubeApi } from './kubeapi/kubeApi';
import { status as kubeStatus } from './kube/status';
import { handleNorman } from './rancher/norman';
import { handlePublic, handleRancherAuthed, notLoggedIn } from './rancher/rancherEndpoints';
import { lookupType, TypeDef } from './core/registry';
import { schemaDefinitionFor, schemaFor, schemasFor } from './steve/schemas';
import { handleSimControl, SIM_PREFIX } from './control/simControl';
import { getObject, SimState } from './core/state';
import {
  Fault, KubeObject, SimRequest, SimResponse, Verb, SimUser
} from './core/types';
import { ANONYMOUS } from './rancher/users';
import { ok } from './core/responses';

/** Keeps the request log bounded in a long-running simulator. */
const MAX_LOGGED_REQUESTS = 5000;

/** Scheme and host the client used (through the dev server's proxy), so links point back to it. */
function originOf(req: SimRequest): string {
  const host = header(req, 'x-api-host') || header(req, 'x-forwarded-host') || header(req, 'host');

  if (!host) {
    return '';
  }
  const proto = header(req, 'x-forwarded-proto') || 'http';

  return `${ proto.split(',')[0].trim() }://${ host }`;
}

function splitPath(rawPath: string, query: QueryInput): { path: string; query: URLSearchParams } {
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

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch (e) {
      return s;
    }
  });
}

function verbFor(method: string, hasId: boolean): Verb {
  switch (method) {
  case 'POST':
    return 'create';
  case 'PUT':
    return 'update';
  case 'PATCH':
    return 'patch';
  case 'DELETE':
    return 'delete';
  default:
    return hasId ? 'get' : 'list';
  }
}

interface SteveTarget {
  t: TypeDef;
  namespace?: string;
  name?: string;
  id?: string;
}

/** Steve's URL layout: `<type>`, `<type>/<namespace>`, `<type>/<namespace>/<name>` (or `<type>/<name>` when cluster-scoped). */
function parseTarget(t: TypeDef, rest: string[]): SteveTarget | null {
  if (t.namespaced) {
    if (rest.length > 2) {
      return null;
    }
    const [namespace, name] = rest;

    return {
      t, namespace, name, id: name ? `${ namespace }/${ name }` : undefined
    };
  }
  if (rest.length > 1) {
    return null;
  }

  return {
    t, name: rest[0], id: rest[0]
  };
}

/** What an injected fault answers in place of the real handler. */
function faultResponse(fault: Fault, user: SimUser, target: SteveTarget | null, method: string): SimResponse | null {
  const r = fault.respond;
  const t = target?.t;
  const name = target?.name || '';

  if (typeof r === 'object') {
    return null; // delays are applied by the caller around the real answer
  }
  if (r === 'drop') {
    return {
      status: 0, headers: {}, body: null, drop: true
    };
  }
  switch (r) {
  case 409:
    return t ? conflict(t, name) : errorResponse(409, 'Conflict', 'the object has been modified; please apply your changes to the latest version and try again');
  case 403:
    return t ? forbidden(user, t, verbFor(method, !!target?.id), target?.namespace, target?.name) : errorResponse(403, 'Forbidden', 'forbidden');
  case 404:
    return notFound(t, name);
  case 422:
    return t ? invalid(t, name, ['metadata: Invalid value: "simulated": rejected by a fault injected for a test']) : errorResponse(422, 'Invalid', 'rejected by a fault injected for a test');
  case 503:
    return errorResponse(503, 'ServiceUnavailable', 'the server is currently unable to handle the request');
  default:
    return errorResponse(r, 'ServerError', 'Internal error occurred: a fault injected for a test');
  }
}

function steveRequest(state: SimState, req: SimRequest, user: SimUser, clusterId: string, prefix: string, rest: string[], query: URLSearchParams, origin: string, path: string): SimResponse {
  const cluster = state.clusters[clusterId];

  if (!cluster) {
    return errorResponse(404, 'NotFound', `clusters.management.cattle.io "${ clusterId }" not found`);
  }
  if (!canReachCluster(user, cluster)) {
    return clusterForbidden(user, clusterId);
  }
  const ctx: SteveContext = {
    state, user, cluster, origin, prefix
  };
  const method = req.method.toUpperCase();
  const [first, ...more] = rest;

  if (!first || first === 'schemas') {
    if (method !== 'GET') {
      return methodNotAllowed(method);
    }
    if (more[0]) {
      const t = lookupType(more[0], cluster.kind);
      const schema = t ? schemaFor(ctx, t) : null;

      return schema ? ok(schema) : errorResponse(404, 'NotFound', `schemas "${ more[0] }" not found`);
    }
    const data = schemasFor(ctx);

    return ok({
      type: 'collection', links: { self: `${ origin }${ prefix }/v1/schemas` }, actions: {}, resourceType: 'schema', revision: `${ cluster.revision }`, count: data.length, data
    });
  }
  if (first === 'schemaDefinitions') {
    const t = more[0] ? lookupType(more[0], cluster.kind) : undefined;

    return t && schemaFor(ctx, t) ? ok(schemaDefinitionFor(ctx, t)) : errorResponse(404, 'NotFound', `schemaDefinitions "${ more[0] || '' }" not found`);
  }
  if (first === 'counts' && method === 'GET') {
    return more[0] ? ok(countsObject(ctx)) : ok(countsCollection(ctx));
  }
  if (first === 'subscribe') {
    return errorResponse(400, 'BadRequest', 'subscribe needs a websocket upgrade');
  }
  const t = lookupType(first, cluster.kind);
  const target = t ? parseTarget(t, more) : null;

  if (!t || !target) {
    // Real Steve (v0.10.2) answers a type it has no schema for with an empty 404, no JSON error body.
    return {
      status: 404, headers: {}, body: ''
    };
  }
  const fault = takeFault(state, {
    method, path, cluster: clusterId, type: t.id
  });
  const injected = fault ? faultResponse(fault, user, target, method) : null;

  if (injected) {
    return injected;
  }
  const res = steveVerb(ctx, req, target, query, method, `${ origin }${ path }`);

  if (fault && typeof fault.respond === 'object') {
    res.delayMs = fault.respond.delayMs;
  }

  return res;
}

/** `GET <object>?link=<name>`: a link handler of the type (a ClusterRepo's index, info, chart, icon), or null. */
function linkResponse(ctx: SteveContext, target: SteveTarget, query: URLSearchParams, currentUrl: string): SimResponse | null {
  const { t, id } = target;

  if (!id || !query.get('link')) {
    return null;
  }
  const found = getOne(ctx, t, id);

  return found.status === 200 ? serveRepoLinkIn(ctx, t, getObject(ctx.state, ctx.cluster.id, t.id, id) as KubeObject, query, currentUrl) : found;
}

function steveVerb(ctx: SteveContext, req: SimRequest, target: SteveTarget, query: URLSearchParams, method: string, currentUrl: string): SimResponse {
  const { t, namespace, id } = target;

  const helmAction = query.get('action') && method === 'POST' ? catalogAction(ctx, t, id, query.get('action') as string, req.body) : null;

  if (helmAction) {
    return helmAction;
  }
  if (query.get('action') && method === 'POST') {
    return errorResponse(404, 'NotFound', `action ${ query.get('action') } not found on ${ t.id }`);
  }
  const linked = method === 'GET' ? linkResponse(ctx, target, query, currentUrl) : null;

  if (linked) {
    return linked;
  }
  switch (method) {
  case 'GET':
    return id ? getOne(ctx, t, id, query) : listCollection(ctx, t, namespace, query);
  case 'POST':
    return id ? methodNotAllowed(method) : create(ctx, t, namespace, req.body);
  case 'PUT':
    return id ? update(ctx, t, id, req.body) : methodNotAllowed(method);
  case 'PATCH':
    return id ? patch(ctx, t, id, req.body, header(req, 'content-type') || '') : methodNotAllowed(method);
  case 'DELETE': {
    if (!id) {
      return methodNotAllowed(method);
    }
    const removed = remove(ctx, t, id);

    // Real Steve (v0.10.2) answers a delete with 204 and no body (tests/real/steveDifferential.real.ts).
    return removed.status === 200 ? {
      status: 204, headers: {}, body: ''
    } : removed;
  }
  default:
    return methodNotAllowed(method);
  }
}

/** `/k8s/clusters/<id>/{api,apis,version}/…`, and the local cluster's `/api/…`, `/apis/…` at the root. */
function kubeApiTarget(segments: string[]): { cluster: string; prefix: string; rest: string[] } | null {
  if (segments[0] === 'k8s' && segments[1] === 'clusters' && segments[2] && ['api', 'apis', 'version'].includes(segments[3])) {
    return {
      cluster: segments[2], prefix: `/k8s/clusters/${ segments[2] }`, rest: segments.slice(3)
    };
  }
  if (segments[0] === 'api' || segments[0] === 'apis') {
    return {
      cluster: 'local', prefix: '', rest: segments
    };
  }

  return null;
}

function route(state: SimState, req: SimRequest, path: string, query: URLSearchParams): { res: SimResponse; user: SimUser | null } {
  const origin = originOf(req);
  const method = req.method.toUpperCase();
  const segments = segmentsOf(path);

  if (path === SIM_PREFIX || path.startsWith(`${ SIM_PREFIX }/`)) {
    return { res: handleSimControl(state, method, segments.slice(1), req.body), user: null };
  }
  const pub = handlePublic(state, req, path, origin, query.get('action') || undefined);

  if (pub) {
    return { res: pub, user: null };
  }
  const user = authenticate(state, req);
  const rancher = handleRancherAuthed(state, req, path, user);

  if (rancher) {
    return { res: rancher, user };
  }
  const kube = kubeApiTarget(segments);

  if (kube) {
    // The Kubernetes API Rancher proxies: same objects, Kubernetes' shapes (simulator/kube).
    const res = user ? handleKubeApi(state, req, user, kube.cluster, kube.prefix, origin, kube.rest, query) : kubeStatus(401, 'Unauthorized', 'Unauthorized');

    return { res: res || errorResponse(404, 'NotFound', '404 page not found'), user };
  }
  const isApi = segments[0] === 'v1' || segments[0] === 'v3' || segments[0] === 'k8s';

  if (!isApi) {
    return { res: errorResponse(404, 'NotFound', '404 page not found'), user };
  }
  if (!user) {
    if (method === 'GET' && segments[0] === 'v1' && lookupType(segments[1] || '', 'local')?.id === 'management.cattle.io.setting') {
      // The login page reads the public settings before anyone logs in.
      return { res: steveRequest(state, req, ANONYMOUS, 'local', '', segments.slice(1), query, origin, path), user };
    }

    return { res: segments[0] === 'v3' ? unauthorized() : notLoggedIn(), user };
  }
  if (segments[0] === 'v3') {
    const fault = takeFault(state, { method, path });
    const injected = fault ? faultResponse(fault, user, null, method) : null;

    return {
      res: injected || handleNorman({
        state, user, origin
      }, method, segments.slice(1), queryRecord(query)),
      user
    };
  }
  if (segments[0] === 'v1') {
    return { res: steveRequest(state, req, user, 'local', '', segments.slice(1), query, origin, path), user };
  }
  if (segments[0] === 'k8s' && segments[1] === 'clusters' && segments[2] && segments[3] === 'v1') {
    return { res: steveRequest(state, req, user, segments[2], `/k8s/clusters/${ segments[2] }`, segments.slice(4), query, origin, path), user };
  }

  return { res: errorResponse(404, 'NotFound', '404 page not found'), user };
}

/**
 * Answers one HTTP request the way Rancher (its Steve and Norman APIs, login, and its proxy to downstream
 * clusters' Steve) would, against the in-memory state. The simulator's HTTP server and the msw handlers for unit
 * tests both call this, so there is one source of Steve behaviour.
 */
export function handleRequest(state: SimState, req: SimRequest): SimResponse {
  const { path, query } = splitPath(req.path, req.query);
  const { res, user } = route(state, req, path, query);

  if (!path.startsWith(SIM_PREFIX)) {
    // Rancher tells the dashboard on every API answer whether the caller is logged in.
    if (/^\/(v1|v3|k8s)\//.test(`${ path }/`)) {
      res.headers['x-api-cattle-auth'] = res.headers['x-api-cattle-auth'] || (user ? 'true' : 'false');
    }
    state.requests.push({
      method: req.method.toUpperCase(), path, query: queryRecord(query), body: req.body, user: user?.name || null, status: res.status
    });
    if (state.requests.length > MAX_LOGGED_REQUESTS) {
      state.requests.splice(0, state.requests.length - MAX_LOGGED_REQUESTS);
    }
  }

  return res;
}
