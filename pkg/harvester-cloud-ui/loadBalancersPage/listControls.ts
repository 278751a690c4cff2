/**
 * Sort, filter and group on the Load Balancers page, and where each one runs. Steve's SQL cache (rancher/steve
 * v0.10.2 `pkg/stores/sqlproxy/proxy_store.go`) sorts and filters only on the fields it indexes, and answers 400
 * ("column is invalid") for others: for Services `id`, `metadata.name`, `metadata.namespace`,
 * `metadata.creationTimestamp`, `metadata.state.name` (`commonIndexFields`, `defaultIndexedFields`), `spec.type`,
 * `spec.clusterIP` (`TypeSpecificIndexedFields`) and the table columns `metadata.fields[i]` (`getFieldAndColInfo`;
 * Kubernetes' Service columns: Name, Type, Cluster-IP, External-IP, …, so the address is `metadata.fields[3]`).
 * State (wrangler's summary: a LoadBalancer Service without ingress is `pending`), name, namespace and address
 * therefore sort and filter across every Service; the pool (on the Harvester host) and the network (an annotation)
 * are not indexed, so they sort and filter the rows of the page shown.
 */
import {
  Filter, anyOf, contains, eq, ne, sortBy
} from '../data/steve';
import { LbRow, poolGroupKey } from './rows';

export type SortField = 'state' | 'name' | 'namespace' | 'address' | 'network' | 'pool';
export type StateFilter = 'all' | 'active' | 'pending';

export interface Controls {
  sort: SortField;
  desc: boolean;
  /** Name, namespace or address contains it (server-side). */
  text: string;
  state: StateFilter;
  /** '' for any; otherwise a pool name or a pool state (rows.ts POOL_STATE_KEYS, or `none`). */
  pool: string;
  /** '' for any, `-` for no network (the management network), else the network's name. */
  network: string;
}

export const DEFAULT_CONTROLS: Controls = {
  sort: 'name', desc: false, text: '', state: 'all', pool: '', network: ''
};

/** The Steve field each server-side sort or filter names. */
export const SERVER_FIELDS: Partial<Record<SortField, string>> = {
  state: 'metadata.state.name', name: 'metadata.name', namespace: 'metadata.namespace', address: 'metadata.fields[3]'
};

export const SORTABLE: readonly string[] = ['state', 'name', 'namespace', 'address', 'network', 'pool'];

/** The column header's `aria-sort`: only on the sorted column. */
export function ariaSort(c: Controls, column: string): 'ascending' | 'descending' | undefined {
  return c.sort === column ? (c.desc ? 'descending' : 'ascending') : undefined;
}

export function sortsOnServer(field: SortField): boolean {
  return !!SERVER_FIELDS[field];
}

/** A value Steve's filter parser reads as one word: no separators, operators or parentheses. */
function filterValue(text: string): string {
  return text.trim().replace(/[,()!=~<>\s]/g, '');
}

/**
 * The Services list's `sort` and `filter` parameters: a page sorted by a page-only field is a page sorted by name,
 * then sorted again in the browser. Terms of one `filter` are alternatives (OR), parameters must all hold (AND).
 */
export function serverQuery(c: Controls): { sort: string; filters: Filter[] } {
  const field = SERVER_FIELDS[c.sort];
  const sort = field ? sortBy(field, c.desc) : sortBy('metadata.name');
  const filters: Filter[] = [];
  const text = filterValue(c.text);

  if (text) {
    filters.push(anyOf(...(['name', 'namespace', 'address'] as SortField[]).map((f) => contains(SERVER_FIELDS[f] as string, text))));
  }
  if (c.state !== 'all') {
    filters.push((c.state === 'pending' ? eq : ne)(SERVER_FIELDS.state as string, 'pending'));
  }

  return { sort, filters };
}

export function poolKey(row: LbRow): string {
  return poolGroupKey(row.pool) || 'none';
}

export function networkKey(row: LbRow): string {
  return row.network || '-';
}

/** The page's rows with the page-only filters and sort applied; server-sorted rows keep the server's order. */
export function applyOnPage(rows: LbRow[], c: Controls): LbRow[] {
  const kept = rows.filter((r) => (!c.pool || poolKey(r) === c.pool) && (!c.network || networkKey(r) === c.network));

  if (sortsOnServer(c.sort)) {
    return kept;
  }
  const val = c.sort === 'pool' ? poolKey : networkKey;
  const sorted = [...kept].sort((a, b) => val(a).localeCompare(val(b)) || a.ref.localeCompare(b.ref));

  return c.desc ? sorted.reverse() : sorted;
}

/** The choices of the page-only filters: the values on this page, plus the chosen one (kept when a page lacks it). */
export function pageChoices(rows: LbRow[], key: (r: LbRow) => string, chosen: string): string[] {
  const values = new Set(rows.map(key));

  if (chosen) {
    values.add(chosen);
  }

  return [...values].sort();
}

/** Which of the active controls apply to this page only, for the note under the toolbar. */
export function pageOnly(c: Controls): ('sort' | 'pool' | 'network')[] {
  return [
    ...(sortsOnServer(c.sort) ? [] : ['sort' as const]),
    ...(c.pool ? ['pool' as const] : []),
    ...(c.network ? ['network' as const] : []),
  ];
}

/** A click on a column header: the same column flips the order, another sorts ascending. */
export function nextSort(c: Controls, field: SortField): Controls {
  return {
    ...c, sort: field, desc: c.sort === field ? !c.desc : false
  };
}

/** True when a change needs a new page from the server (back to page 1); false when the page's rows suffice. */
export function needsServer(before: Controls, after: Controls): boolean {
  const a = serverQuery(before);
  const b = serverQuery(after);

  return a.sort !== b.sort || a.filters.join('&') !== b.filters.join('&');
}
