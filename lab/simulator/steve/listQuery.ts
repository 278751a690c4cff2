import { fieldSelectorMatcher, labelSelectorMatcher, splitTopLevel, valueAtPath } from '../kube/selectors';

/** The list parameters of a Steve GET, normalised from a URLSearchParams or a plain record. */
export interface ListQuery {
  filters: string[];
  /** `filter!=…` parameters (the dashboard's negated filter groups): none of their terms may hold. */
  notFilters: string[];
  labelSelector?: string;
  fieldSelector?: string;
  projectsOrNamespaces?: string;
  /** Steve's `include=` field filter: only these dotted paths of the object are returned (one path per parameter). */
  include: string[];
  /** Steve's `exclude=`: these dotted paths are dropped (one path per parameter; Steve does not split on commas). */
  exclude: string[];
  sort: string[];
  limit?: number;
  continueToken?: string;
  page?: number;
  pageSize?: number;
}

export type QueryInput = URLSearchParams | Record<string, string | string[] | undefined> | undefined;

/** All values of a query parameter, whatever form the query came in. */
export function queryAll(query: QueryInput, name: string): string[] {
  if (!query) {
    return [];
  }
  if (typeof (query as URLSearchParams).getAll === 'function') {
    return (query as URLSearchParams).getAll(name);
  }
  const v = (query as Record<string, string | string[] | undefined>)[name];

  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** Every parameter with all its values, in the order given. */
export function queryRecordMulti(query: QueryInput): Record<string, string[]> {
  const out: Record<string, string[]> = {};

  if (!query) {
    return out;
  }
  if (typeof (query as URLSearchParams).getAll === 'function') {
    (query as URLSearchParams).forEach((v, k) => (out[k] = out[k] || []).push(v));

    return out;
  }
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined) {
      out[k] = Array.isArray(v) ? v : [v];
    }
  }

  return out;
}

export function queryGet(query: QueryInput, name: string): string | undefined {
  return queryAll(query, name)[0];
}

export function queryRecord(query: QueryInput): Record<string, string> {
  const out: Record<string, string> = {};

  if (!query) {
    return out;
  }
  const entries = typeof (query as URLSearchParams).getAll === 'function' ? [...(query as URLSearchParams).entries()] : Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : `${ v ?? '' }`]);

  for (const [k, v] of entries) {
    out[k] = out[k] === undefined ? v : `${ out[k] },${ v }`;
  }

  return out;
}

function int(v: string | undefined): number | undefined {
  const n = v === undefined ? NaN : parseInt(v, 10);

  return Number.isFinite(n) && n > 0 ? n : undefined;
}

export function parseListQuery(query: QueryInput): ListQuery {
  return {
    filters:              queryAll(query, 'filter'),
    notFilters:           queryAll(query, 'filter!'),
    labelSelector:        queryGet(query, 'labelSelector'),
    fieldSelector:        queryGet(query, 'fieldSelector'),
    projectsOrNamespaces: queryGet(query, 'projectsornamespaces'),
    // rancher/steve pkg/resources/common/formatter.go includeFields/excludeFields: request.Query[name], each value
    // one dotted path, no comma splitting.
    include:              queryAll(query, 'include').filter(Boolean),
    exclude:              queryAll(query, 'exclude').filter(Boolean),
    sort:                 queryAll(query, 'sort').flatMap((s) => s.split(',')).filter(Boolean),
    limit:                int(queryGet(query, 'limit')),
    continueToken:        queryGet(query, 'continue'),
    page:                 int(queryGet(query, 'page')),
    pageSize:             int(queryGet(query, 'pagesize')),
  };
}

/** The value a filter or sort names: `id`, a dotted path, or `metadata.labels[key]` / `metadata.labels.key`. */
export function fieldValue(obj: any, field: string): string {
  let v = valueAtPath(obj, field);

  if (v === undefined) {
    // Older Steve filters name label keys with dots: metadata.labels.app=web
    const m = field.match(/^metadata\.(labels|annotations)\.(.+)$/);

    v = m ? obj.metadata?.[m[1]]?.[m[2]] : undefined;
  }
  if (v === undefined || v === null) {
    return '';
  }

  return typeof v === 'object' ? JSON.stringify(v) : `${ v }`;
}

/** One `filter=` term: `field=value`, `field!=value`, `field~partial`, `field!~partial`, `field IN (a,b)`, `field NOTIN (a,b)`. */
function filterTerm(term: string): (obj: any) => boolean {
  let m = term.match(/^(.+?)\s+(IN|NOTIN)\s+\((.*)\)$/i);

  if (m) {
    const [, field, op, list] = m;
    const values = list.split(',').map((v) => v.trim().replace(/^"(.*)"$/, '$1'));
    const isIn = op.toUpperCase() === 'IN';

    return (obj) => values.includes(fieldValue(obj, field.trim())) === isIn;
  }
  // Numeric comparisons come as `<field>gt<number>` / `<field>lt<number>`.
  m = term.match(/^(.+?)(gt|lt)(-?\d+(?:\.\d+)?)$/);
  if (m) {
    const [, field, op, value] = m;

    return op === 'gt' ? (obj) => Number(fieldValue(obj, field)) > Number(value) : (obj) => Number(fieldValue(obj, field)) < Number(value);
  }
  m = term.match(/^(.+?)(!=|!~|==|=|~|<|>)(.*)$/);
  if (!m) {
    // `filter=key` (exists) and `filter=!key` (does not exist), for label keys.
    return term.trim().startsWith('!') ? (obj) => fieldValue(obj, term.trim().slice(1)) === '' : (obj) => fieldValue(obj, term.trim()) !== '';
  }
  const [, field, op, raw] = m;
  const value = raw.replace(/^"(.*)"$/, '$1');

  switch (op) {
  case '!=':
    return (obj) => fieldValue(obj, field) !== value;
  case '~':
    return (obj) => fieldValue(obj, field).toLowerCase().includes(value.toLowerCase());
  case '!~':
    return (obj) => !fieldValue(obj, field).toLowerCase().includes(value.toLowerCase());
  case '<':
    return (obj) => Number(fieldValue(obj, field)) < Number(value);
  case '>':
    return (obj) => Number(fieldValue(obj, field)) > Number(value);
  default: // '=' and '=='
    return (obj) => fieldValue(obj, field) === value;
  }
}

/** Each `filter` parameter must hold (AND); comma-separated terms inside one parameter are alternatives (OR). */
function filterMatcher(filters: string[]): (obj: any) => boolean {
  const groups = filters.map((f) => splitTopLevel(f).map(filterTerm));

  return (obj) => groups.every((terms) => terms.some((t) => t(obj)));
}

export interface ListPage<T> {
  items: T[];
  /** Matching items before paging. */
  total: number;
  continueToken?: string;
  pages?: number;
  /** `pagesize` paging: the offset the page ends at, when a next page exists. */
  offsetToken?: string;
}

/** SQLite's `COLLATE NOCASE`, which Steve's SQL cache sorts with (v0.10.2 sqlgenerator.go): ASCII case folded, else code units. */
function noCase(a: string, b: string): number {
  const x = a.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const y = b.replace(/[A-Z]/g, (c) => c.toLowerCase());

  return x < y ? -1 : x > y ? 1 : 0;
}

function compareBy(sort: string[]): ((a: any, b: any) => number) | null {
  if (!sort.length) {
    return null;
  }

  return (a, b) => {
    for (const s of sort) {
      const desc = s.startsWith('-');
      const field = desc ? s.slice(1) : s;
      const va = fieldValue(a, field);
      const vb = fieldValue(b, field);
      const na = Number(va);
      const nb = Number(vb);
      const cmp = va !== '' && vb !== '' && !isNaN(na) && !isNaN(nb) ? na - nb : noCase(va, vb);

      if (cmp) {
        return desc ? -cmp : cmp;
      }
    }

    return 0;
  };
}

/**
 * Applies Steve's list parameters to Steve-formatted objects (so `id` and `metadata.state.name` can be filtered
 * on). `nsProject` maps namespaces to project ids for `projectsornamespaces`.
 */
export function applyListQuery<T>(items: T[], q: ListQuery, nsProject: (ns: string) => string | undefined = () => undefined): ListPage<T> {
  let out = items;

  if (q.filters.length) {
    out = out.filter(filterMatcher(q.filters));
  }
  if (q.notFilters.length) {
    const groups = q.notFilters.map((f) => filterMatcher([f]));

    out = out.filter((o) => !groups.some((g) => g(o)));
  }
  if (q.labelSelector) {
    const m = labelSelectorMatcher(q.labelSelector);

    out = out.filter((o: any) => m(o.metadata?.labels));
  }
  if (q.fieldSelector) {
    out = out.filter(fieldSelectorMatcher(q.fieldSelector));
  }
  if (q.projectsOrNamespaces) {
    const wanted = q.projectsOrNamespaces.split(',').map((s) => s.trim());
    const negate = wanted[0]?.startsWith('!');
    const names = wanted.map((w) => w.replace(/^!/, ''));

    out = out.filter((o: any) => {
      const ns = o.metadata?.namespace || '';
      const hit = names.includes(ns) || names.includes(nsProject(ns) || '\u0000');

      return negate ? !hit : hit;
    });
  }
  const cmp = compareBy(q.sort);

  if (cmp) {
    out = [...out].sort(cmp);
  }
  const total = out.length;

  if (q.pageSize) {
    const page = q.page || 1;

    // Steve's SQL cache (v0.10.2) answers a page that has a next one with `continue` = the offset it ends at.
    const end = page * q.pageSize;

    return {
      items: out.slice((page - 1) * q.pageSize, end), total, pages: Math.max(1, Math.ceil(total / q.pageSize)), offsetToken: end < total ? `${ end }` : undefined
    };
  }
  if (q.limit) {
    const start = q.continueToken ? parseInt(atobSafe(q.continueToken), 10) || 0 : 0;
    const end = start + q.limit;

    return {
      items: out.slice(start, end), total, continueToken: end < total ? btoaSafe(`${ end }`) : undefined
    };
  }

  return { items: out, total };
}

// btoa/atob exist in Node and in jsdom, unlike Buffer; tokens are ASCII.
function btoaSafe(s: string): string {
  return btoa(s);
}

function atobSafe(s: string): string {
  try {
    return atob(s);
  } catch (e) {
    return '';
  }
}
