/**
 * Steve's list query language, written here only: `include=` (rancher/steve pkg/resources/common/formatter.go
 * `includeFields`: one dotted path per value; `id`, `type` and `links` always stay), `filter=` (several parameters
 * must all hold, the comma-separated terms of one are alternatives; `IN (…)`, `!=`, `~` for "contains"), `sort=`
 * (`-` for descending), `pagesize`/`page`. Steve's SQL cache (Rancher 2.12+, ui-sql-cache) reads `filter=` and never
 * `labelSelector` or `fieldSelector` (rancher/steve v0.10.2 listprocessor `ParseQuery`), and filters and sorts only
 * on the fields it indexes; its older list processor reads the same parameters.
 *
 * Rancher's extension docs point extensions to the store's `findPage` for server-side paging. It is not used: it
 * has no `include=`, so every page would carry whole objects (the Load Balancers page measured 11.7 KiB gzipped at
 * 5,000 Services with `include=`, docs/performance.md), and it puts what it reads into the store, where partial
 * objects must never go (a save from there would drop fields). These requests stay plain ones, built here.
 */

/** One `filter=` value, made only by the functions below. */
export type Filter = string & { readonly steveFilter?: never };

/** `field=value` */
export const eq = (field: string, value: string): Filter => `${ field }=${ value }`;
/** `field!=value` */
export const ne = (field: string, value: string): Filter => `${ field }!=${ value }`;
/** `field~value`: the field contains the value. */
export const contains = (field: string, value: string): Filter => `${ field }~${ value }`;
/** `field IN (a,b)` */
export const oneOf = (field: string, values: readonly string[]): Filter => `${ field } IN (${ values.join(',') })`;
/** `field`: the field (a label) is set. */
export const present = (field: string): Filter => field;
/** Terms of which any may hold (one `filter=` parameter). */
export const anyOf = (...terms: Filter[]): Filter => terms.join(',');
/** The path of a label, for the filters above (Steve indexes labels; a label key cannot be `include`d alone). */
export const label = (key: string): string => `metadata.labels[${ key }]`;

/** A `sort=` value. */
export const sortBy = (field: string, desc = false): string => `${ desc ? '-' : '' }${ field }`;

export interface ListQuery {
  /** The fields to keep (partial objects: never put them into the store). */
  include?: readonly string[];
  filters?: readonly Filter[];
  pageSize?: number;
  page?: number;
  sort?: string;
  /** Kubernetes' own `limit` (Steve without its SQL cache); with `pageSize` it bounds both list processors. */
  limit?: number;
}

/** `url` with one `include` parameter per path and any extra parameters (Steve reads repeated parameters as a list). */
export function withQuery(url: string, include: readonly string[], extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();

  include.forEach((path) => params.append('include', path));
  Object.entries(extra).forEach(([k, v]) => params.set(k, v));
  const qs = params.toString();

  return qs ? `${ url }${ url.includes('?') ? '&' : '?' }${ qs }` : url;
}

// `=` stays readable in a filter value (the first one separates the parameter's name, the others are the term's).
const filterParam = (f: Filter) => `filter=${ encodeURIComponent(f).replace(/%3D/g, '=') }`;

/** A collection URL (it may carry the store's own query, e.g. `exclude=`) with the query added. */
export function listUrl(url: string, q: ListQuery = {}): string {
  const extra: Record<string, string> = {};

  if (q.limit !== undefined) {
    extra.limit = `${ q.limit }`;
  }
  if (q.pageSize !== undefined) {
    extra.pagesize = `${ q.pageSize }`;
  }
  if (q.page !== undefined) {
    extra.page = `${ q.page }`;
  }
  if (q.sort) {
    extra.sort = q.sort;
  }
  const base = withQuery(url, q.include || [], extra);
  const filters = (q.filters || []).map(filterParam).join('&');

  return filters ? `${ base }${ base.includes('?') ? '&' : '?' }${ filters }` : base;
}

/**
 * The cheapest list that still carries the collection's `revision`: one item of one field. Steve answers `pagesize`
 * both from its SQL cache (Rancher 2.12+ with ui-sql-cache) and from its older list processor.
 */
export function revisionUrl(url: string): string {
  return listUrl(url, { include: ['metadata.name'], pageSize: 1 });
}

/** `path` with `namespace` appended and `query` (the store's own parameters) kept. */
export function inNamespace(url: string, namespace: string | undefined): string {
  if (!namespace) {
    return url;
  }
  const [path, query] = url.split('?');

  return `${ path.replace(/\/+$/, '') }/${ encodeURIComponent(namespace) }${ query !== undefined ? `?${ query }` : '' }`;
}

/** A Steve resource link (`?link=<name>`, e.g. a ClusterRepo's chart `index`). */
export function linkUrl(url: string, link: string): string {
  return `${ url }?link=${ encodeURIComponent(link) }`;
}

/** A Steve resource action (`?action=<name>`, e.g. a ClusterRepo's `install`). */
export function actionUrl(url: string, action: string): string {
  return `${ url }?action=${ encodeURIComponent(action) }`;
}
