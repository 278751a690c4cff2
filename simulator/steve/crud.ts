import { can, canSeeObject } from '../rancher/access';
import { SteveContext, steveBase } from './context';
import { applyDefaults } from '../kube/defaults';
import {
  alreadyExists, badRequest, conflict, errorResponse, forbidden, invalid, notFound
} from '../core/errors';
import { newUid, randomSuffix, steveId } from '../core/ids';
import { immutableFieldErrors } from '../kube/immutable';
import { servicePortErrors } from '../kube/servicePorts';
import {
  applyListQuery, parseListQuery, QueryInput, queryAll, queryRecordMulti
} from './listQuery';
import { summaryOf } from './listSummary';
import { jsonPatch, mergePatch } from '../kube/patch';
import { apiVersionOf, pluralId, TypeDef } from '../core/registry';
import { deleteObject, getObject, listObjects, storeObject } from '../core/state';
import { fromSteveObject, toSteveObject } from './steveObject';
import { ok } from '../core/responses';
import { KubeObject, SimResponse } from '../core/types';
import { metadataMapErrors, nameErrors } from '../kube/validation';

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v));
}

function nowIso(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, 'Z');
}

/** Objects of a type this user may see, after per-user preparation (user preferences exist on first read). */
function visibleObjects(ctx: SteveContext, t: TypeDef): KubeObject[] {
  if (t.id === 'userpreference') {
    ensurePreference(ctx);
  }

  return listObjects(ctx.state, ctx.cluster.id, t.id).filter((o) => canSeeObject(ctx.user, ctx.cluster, t, o));
}

/** Rancher keeps one preference object per user and creates it on first use. */
function ensurePreference(ctx: SteveContext): void {
  if (!getObject(ctx.state, ctx.cluster.id, 'userpreference', ctx.user.id)) {
    storeObject(ctx.state, ctx.cluster.id, 'userpreference', {
      metadata: {
        name: ctx.user.id, uid: newUid(ctx.user.id), creationTimestamp: nowIso()
      },
      data: {},
    });
  }
}

function projectOfNamespace(ctx: SteveContext, ns: string): string | undefined {
  const obj = getObject(ctx.state, ctx.cluster.id, 'namespace', ns);
  const project = obj?.metadata.labels?.['field.cattle.io/projectId'];

  return project ? `${ ctx.cluster.id }:${ project }` : undefined;
}

/** Go's url.QueryEscape: spaces as `+`, and everything but letters, digits and `-_.~` escaped. */
function goQueryEscape(v: string): string {
  return encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${ c.charCodeAt(0).toString(16).toUpperCase() }`).replace(/%20/g, '+');
}

/**
 * apiserver pkg/urlbuilder/url.go Marker: the request's own query with `continue` set, keys sorted (Go's
 * url.Values.Encode), so page 2 of a filtered list is still filtered.
 */
function markerUrl(current: string, query: QueryInput, token: string): string {
  const values = new Map<string, string[]>();

  for (const [k, v] of Object.entries(queryRecordMulti(query))) {
    values.set(k, v);
  }
  values.set('continue', [token]);
  const encoded = [...values.keys()].sort().flatMap((k) => (values.get(k) as string[]).map((v) => `${ goQueryEscape(k) }=${ goQueryEscape(v) }`));

  return `${ current }?${ encoded.join('&') }`;
}

/** `GET /v1/<type>[/<namespace>]` with Steve's list parameters. */
export function listCollection(ctx: SteveContext, t: TypeDef, namespace: string | undefined, query: QueryInput): SimResponse {
  if (!can(ctx.user, ctx.cluster, t, 'list')) {
    return forbidden(ctx.user, t, 'list', namespace);
  }
  const q = parseListQuery(query);
  const objects = visibleObjects(ctx, t).filter((o) => !namespace || o.metadata.namespace === namespace);
  const formatted = objects.map((o) => toSteveObject(ctx, t, o))
    .sort((a, b) => `${ a.id }`.localeCompare(`${ b.id }`));
  const page = applyListQuery(formatted, q, (ns) => projectOfNamespace(ctx, ns));
  const collectionUrl = `${ steveBase(ctx) }/${ pluralId(t) }${ namespace ? `/${ namespace }` : '' }`;
  const data = q.exclude.length || q.include.length ? page.items.map((o) => toSteveObject(ctx, t, getObject(ctx.state, ctx.cluster.id, t.id, o.id) as KubeObject, q.exclude, q.include)) : page.items;
  const body: any = {
    type:         'collection',
    links:        { self: collectionUrl },
    actions:      {},
    resourceType: t.id,
    revision:     `${ ctx.cluster.revision }`,
    count:        page.total,
    data,
  };

  if (can(ctx.user, ctx.cluster, t, 'create')) {
    body.createTypes = { [t.id]: `${ steveBase(ctx) }/${ pluralId(t) }` };
  }
  if (page.pages !== undefined) {
    body.pages = page.pages;
  }
  // apiserver pkg/writer/encoding.go newCollection: `continue` at the top level when there is a next page, and
  // `pagination` {limit, first, next, partial} whenever the list is partial (a next page, or a `continue` asked).
  if (page.continueToken) {
    body.continue = page.continueToken;
  }
  // Real Steve v0.10.2 (SQL cache) with `pagesize`: `continue` and `pagination` {first, next, partial} while a next
  // page exists; `next` is the request's query with `continue` set (no `page`), as the differential test shows.
  if (page.offsetToken) {
    body.continue = page.offsetToken;
    body.pagination = {
      first: collectionUrl, next: markerUrl(collectionUrl, query, page.offsetToken), partial: true
    };
  }
  const summary = summaryOf(page.items, queryAll(query, 'summary'));

  if (summary) {
    body.summary = summary;
  }
  if (page.continueToken || q.continueToken) {
    body.pagination = {
      ...(q.limit ? { limit: q.limit } : {}), first: collectionUrl, ...(page.continueToken ? { next: markerUrl(collectionUrl, query, page.continueToken) } : {}), partial: true
    };
  }

  return ok(body);
}

function findVisible(ctx: SteveContext, t: TypeDef, id: string): KubeObject | undefined {
  if (t.id === 'userpreference') {
    ensurePreference(ctx);
  }
  const obj = getObject(ctx.state, ctx.cluster.id, t.id, id);

  return obj && canSeeObject(ctx.user, ctx.cluster, t, obj) ? obj : undefined;
}

function splitId(id: string): { namespace?: string; name: string } {
  const i = id.indexOf('/');

  return i < 0 ? { name: id } : { namespace: id.slice(0, i), name: id.slice(i + 1) };
}

export function getOne(ctx: SteveContext, t: TypeDef, id: string, query?: QueryInput): SimResponse {
  const { namespace, name } = splitId(id);

  if (!can(ctx.user, ctx.cluster, t, 'get')) {
    return forbidden(ctx.user, t, 'get', namespace, name);
  }
  const obj = findVisible(ctx, t, id);

  if (!obj) {
    return notFound(t, name);
  }

  const q = parseListQuery(query);

  return ok(toSteveObject(ctx, t, obj, q.exclude, q.include));
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

export function remove(ctx: SteveContext, t: TypeDef, id: string): SimResponse {
  const { namespace, name } = splitId(id);

  if (!can(ctx.user, ctx.cluster, t, 'delete')) {
    return forbidden(ctx.user, t, 'delete', namespace, name);
  }
  if (!findVisible(ctx, t, id)) {
    return notFound(t, name);
  }
  const gone = deleteObject(ctx.state, ctx.cluster.id, t.id, id) as KubeObject;

  if (t.id === 'namespace') {
    // Namespace deletion takes everything in it along.
    for (const [typeId, objs] of Object.entries(ctx.cluster.objects)) {
      for (const [oid, o] of Object.entries(objs)) {
        if (o.metadata.namespace === name) {
          deleteObject(ctx.state, ctx.cluster.id, typeId, oid);
        }
      }
    }
  }

  return ok(toSteveObject(ctx, t, gone));
}
