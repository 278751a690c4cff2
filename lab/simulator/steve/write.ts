/** Steve's writes: `POST` (create), `PUT` (update) and `PATCH`, with the API server's checks and server-owned fields. */
import { can } from '../rancher/access';
import { SteveContext } from './context';
import { applyDefaults } from '../kube/defaults';
import {
  alreadyExists, badRequest, conflict, errorResponse, forbidden, invalid, notFound
} from '../core/errors';
import { newUid, randomSuffix, steveId } from '../core/ids';
import { immutableFieldErrors } from '../kube/immutable';
import { servicePortErrors } from '../kube/servicePorts';
import { jsonPatch, mergePatch } from '../kube/patch';
import { apiVersionOf, TypeDef } from '../core/registry';
import { getObject, storeObject } from '../core/state';
import { fromSteveObject, toSteveObject } from './steveObject';
import { ok } from '../core/responses';
import { KubeObject, SimResponse } from '../core/types';
import { metadataMapErrors, nameErrors } from '../kube/validation';
import { findVisible, nowIso, splitId } from './visible';

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v));
}

/** Label, annotation and (on create) name checks, as the API server's ObjectMeta validation. */
function validationErrors(t: TypeDef, obj: KubeObject, creating: boolean): string[] {
  if (t.virtual) {
    return [];
  }

  return [...(creating ? nameErrors(t.id, obj.metadata.name) : []), ...metadataMapErrors(obj), ...servicePortErrors(t, obj)];
}

/** `POST /v1/<type>[/<namespace>]`. */
export function create(ctx: SteveContext, t: TypeDef, pathNamespace: string | undefined, body: unknown): SimResponse {
  const obj: KubeObject = fromSteveObject(body);

  obj.metadata = obj.metadata || ({} as KubeObject['metadata']);
  const namespace = t.namespaced ? (pathNamespace || obj.metadata.namespace) : undefined;

  if (pathNamespace && obj.metadata.namespace && pathNamespace !== obj.metadata.namespace) {
    return badRequest('the namespace of the provided object does not match the namespace sent on the request');
  }
  if (!can(ctx.user, ctx.cluster, t, 'create')) {
    return forbidden(ctx.user, t, 'create', namespace);
  }
  if (obj.kind && obj.kind !== t.kind && !t.virtual) {
    return badRequest(`the kind of the provided object (${ obj.kind }) does not match the type ${ t.id }`);
  }
  if (!obj.metadata.name && obj.metadata.generateName) {
    obj.metadata.name = `${ obj.metadata.generateName }${ randomSuffix() }`;
  }
  if (!obj.metadata.name) {
    return invalid(t, '', ['metadata.name: Required value: name or generateName is required']);
  }
  if (t.namespaced && !namespace) {
    return invalid(t, obj.metadata.name, ['metadata.namespace: Required value']);
  }
  if (namespace && !t.virtual && !getObject(ctx.state, ctx.cluster.id, 'namespace', namespace)) {
    return errorResponse(404, 'NotFound', `namespaces "${ namespace }" not found`);
  }
  obj.apiVersion = obj.apiVersion || apiVersionOf(t);
  obj.kind = obj.kind || t.kind;
  if (namespace) {
    obj.metadata.namespace = namespace;
  } else {
    delete obj.metadata.namespace;
  }
  const errs = validationErrors(t, obj, true);

  if (errs.length) {
    return invalid(t, obj.metadata.name, errs);
  }
  if (getObject(ctx.state, ctx.cluster.id, t.id, steveId(obj))) {
    return alreadyExists(t, obj.metadata.name);
  }
  delete obj.metadata.resourceVersion;
  obj.metadata.uid = newUid(`${ ctx.cluster.id }/${ t.id }/${ steveId(obj) }`);
  obj.metadata.creationTimestamp = nowIso();
  obj.metadata.generation = 1;
  applyDefaults(ctx.cluster, t.id, obj);
  const stored = storeObject(ctx.state, ctx.cluster.id, t.id, obj);

  return ok(toSteveObject(ctx, t, stored), 201);
}

/** Shared by PUT and PATCH: checks, carries server-owned fields over, stores. */
function replace(ctx: SteveContext, t: TypeDef, old: KubeObject, next: KubeObject, checkVersion: boolean): SimResponse {
  const name = old.metadata.name;

  if (checkVersion && !t.virtual && next.metadata.resourceVersion && next.metadata.resourceVersion !== old.metadata.resourceVersion) {
    return conflict(t, name);
  }
  if (next.metadata.name && next.metadata.name !== name) {
    return badRequest(`the name of the object (${ next.metadata.name }) does not match the name on the URL (${ name })`);
  }
  if (t.namespaced && next.metadata.namespace && next.metadata.namespace !== old.metadata.namespace) {
    return badRequest('the namespace of the provided object does not match the namespace sent on the request');
  }
  const errs = validationErrors(t, next, false);

  if (errs.length) {
    return invalid(t, name, errs);
  }
  next.apiVersion = old.apiVersion;
  next.kind = old.kind;
  next.metadata = {
    ...next.metadata,
    name,
    namespace:         old.metadata.namespace,
    uid:               old.metadata.uid,
    creationTimestamp: old.metadata.creationTimestamp,
    generation:        old.metadata.generation || 1,
  };
  if (!next.metadata.namespace) {
    delete next.metadata.namespace;
  }
  if (JSON.stringify(next.spec) !== JSON.stringify(old.spec)) {
    next.metadata.generation = (old.metadata.generation || 1) + 1;
  }
  if (t.statusSubresource) {
    // The main resource ignores status; controllers write it through the status subresource.
    if (old.status === undefined) {
      delete next.status;
    } else {
      next.status = clone(old.status);
    }
  }
  applyDefaults(ctx.cluster, t.id, next, old);
  const immutableErrs = immutableFieldErrors(t.id, next, old);

  if (immutableErrs.length) {
    return invalid(t, name, immutableErrs);
  }
  const stored = storeObject(ctx.state, ctx.cluster.id, t.id, next);

  return ok(toSteveObject(ctx, t, stored));
}

/** `PUT /v1/<type>/<id>`: optimistic concurrency on metadata.resourceVersion, as Kubernetes does. */
export function update(ctx: SteveContext, t: TypeDef, id: string, body: unknown): SimResponse {
  const { namespace, name } = splitId(id);

  if (!can(ctx.user, ctx.cluster, t, 'update')) {
    return forbidden(ctx.user, t, 'update', namespace, name);
  }
  const old = findVisible(ctx, t, id);

  if (!old) {
    return notFound(t, name);
  }
  const next: KubeObject = fromSteveObject(body);

  next.metadata = next.metadata || ({} as KubeObject['metadata']);

  return replace(ctx, t, old, next, true);
}

/** `PATCH /v1/<type>/<id>`: JSON patch when the content type says so, JSON merge patch otherwise. */
export function patch(ctx: SteveContext, t: TypeDef, id: string, body: unknown, contentType: string): SimResponse {
  const { namespace, name } = splitId(id);

  if (!can(ctx.user, ctx.cluster, t, 'patch')) {
    return forbidden(ctx.user, t, 'patch', namespace, name);
  }
  const old = findVisible(ctx, t, id);

  if (!old) {
    return notFound(t, name);
  }
  let next: KubeObject;

  try {
    next = contentType.includes('json-patch') ? jsonPatch(old, body as any) : mergePatch(clone(old), fromSteveObject(body));
  } catch (e: any) {
    return errorResponse(422, 'Invalid', `the server rejected our request due to an error in our request: ${ e?.message || e }`);
  }

  // A patch only conflicts when it names a resourceVersion itself.
  return replace(ctx, t, old, next, true);
}
