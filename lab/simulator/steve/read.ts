/** Steve's reads: `GET /v1/<type>[/<namespace>]` (lists with Steve's parameters and pages) and `GET /v1/<type>/<id>`. */
import { can } from '../rancher/access';
import { SteveContext, steveBase } from './context';
import { forbidden, notFound } from '../core/errors';
import {
  applyListQuery, parseListQuery, QueryInput, queryAll, queryRecordMulti
} from './listQuery';
import { summaryOf } from './listSummary';
import { refuseUnindexed } from './indexedFields';
import { pluralId, TypeDef } from '../core/registry';
import { getObject } from '../core/state';
import { toSteveObject } from './steveObject';
import { ok } from '../core/responses';
import { KubeObject, SimResponse } from '../core/types';
import { findVisible, splitId, visibleObjects } from './visible';

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

/**
 * `GET /v1/<type>[/<namespace>]` with Steve's list parameters. `sqlCache`: real Steve lists this through its SQL
 * cache, which refuses sorts and filters on fields it does not index (./indexedFields.ts) after the access check
 * (sqlpartition store.go `List`: partitions, then `ListByPartitions`). Not for Rancher's own virtual types (their
 * stores are not the SQL one) nor for Kubernetes' REST API, which reuses this list (kubeapi/kubeApi.ts).
 */
export function listCollection(ctx: SteveContext, t: TypeDef, namespace: string | undefined, query: QueryInput, sqlCache = true): SimResponse {
  if (!can(ctx.user, ctx.cluster, t, 'list')) {
    return forbidden(ctx.user, t, 'list', namespace);
  }
  const q = parseListQuery(query);
  const refused = sqlCache && !t.virtual ? refuseUnindexed(t, q) : undefined;

  if (refused) {
    return refused;
  }
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
