/**
 * Steve's API for one cluster (`/v1/…` for the local one, `/k8s/clusters/<id>/v1/…` through Rancher's proxy):
 * schemas, counts, a type's objects and their verbs, links and actions, with the faults injected for tests.
 */
import { catalogAction } from '../catalog/helmActions';
import { canReachCluster } from '../rancher/access';
import { header } from '../rancher/auth';
import { serveRepoLinkIn } from '../catalog/guestCharts';
import { SteveContext } from '../steve/context';
import { countsCollection, countsObject } from '../steve/counts';
import { getOne, listCollection } from '../steve/read';
import { create, patch, update } from '../steve/write';
import { remove } from '../steve/remove';
import { clusterForbidden, errorResponse, methodNotAllowed } from '../core/errors';
import { takeFault } from '../control/faults';
import { lookupType } from '../core/registry';
import { schemaDefinitionFor, schemaFor, schemasFor } from '../steve/schemas';
import { getObject, SimState } from '../core/state';
import { KubeObject, SimRequest, SimResponse, SimUser } from '../core/types';
import { ok } from '../core/responses';
import { faultResponse } from './faultResponse';
import { parseTarget, SteveTarget } from './steveTarget';

export function steveRequest(state: SimState, req: SimRequest, user: SimUser, clusterId: string, prefix: string, rest: string[], query: URLSearchParams, origin: string, path: string): SimResponse {
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

/**
 * Steve refuses a method the user's schema of the type lacks before anything reaches the API server (rancher/apiserver
 * pkg/parse/validate.go ValidateMethod: an object's resourceMethods, a collection's collectionMethods, where POST
 * also allows GET): 403 PermissionDenied "Method DELETE not supported", as Rancher's own server answered a viewer
 * (tests/real/rancher/management.rancher.ts "viewer write"). A user the schema allows but RBAC refuses in this
 * namespace still meets the API server's Forbidden.
 */
function methodRefused(ctx: SteveContext, target: SteveTarget, method: string): SimResponse | null {
  const schema = schemaFor(ctx, target.t);

  if (!schema || !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
    return null;
  }
  const allowed: string[] = target.id ? schema.resourceMethods : schema.collectionMethods;

  return allowed.includes(method) || (!target.id && method === 'GET' && allowed.includes('POST')) ? null : errorResponse(403, 'PermissionDenied', `Method ${ method } not supported`);
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
  const refused = methodRefused(ctx, target, method);

  if (refused) {
    return refused;
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
