/** What each cell of a Load Balancers row says, as an l10n key and its arguments (the page only translates). */
import { SERVICE } from '../data/typeIds';
import { resourceDetailRoute } from '../data/routes';
import { GroupBy, LbRow, POOL_STATE_KEYS, RowGroup } from './rows';

export interface Text {
  key: string;
  args?: Record<string, string>;
}

const K = 'harvesterLoadBalancers';

export function poolCell(row: LbRow): Text {
  const p = row.pool;

  if (p.state !== 'read') {
    return { key: `${ K }.pool.${ p.state }` };
  }
  if (p.lb === 'absent') {
    return { key: `${ K }.pool.noLoadBalancer` };
  }
  if (p.lb === 'waiting') {
    // No Ready condition: Harvester's load balancer controller has not acted on it (stopped, say), and the row says so.
    const key = `${ K }.pool.${ p.name ? 'waiting' : 'waitingNone' }${ p.unprocessed ? 'Unprocessed' : '' }`;

    return p.name ? { key, args: { pool: p.name } } : { key };
  }
  if (!p.name) {
    return { key: `${ K }.pool.none` };
  }

  if (!p.rule) {
    return p.now ? { key: `${ K }.pool.changed`, args: { pool: p.name, now: p.now } } : { key: `${ K }.pool.noLongerMatches`, args: { pool: p.name } };
  }

  return { key: `${ K }.pool.rule.${ p.rule }`, args: { pool: p.name } };
}

/**
 * A secondary names its primary; a primary names its secondaries with the ports each holds, from the rows the page
 * has (`wholeList`: the page holds every Service, else the text says "on this page": others may be on other pages).
 */
export function sharingCell(row: LbRow, wholeList = true): Text {
  if (row.role === 'primary') {
    return { key: `${ K }.sharing.${ wholeList ? 'primary' : 'primaryOnPage' }`, args: { secondaries: row.secondaries.map((s) => `${ s.ref } (${ s.ports })`).join(', ') } };
  }

  return row.role === 'alone' ? { key: `${ K }.sharing.alone` } : { key: `${ K }.sharing.secondary`, args: { primary: row.group || '' } };
}

/** The name of a pool state (rows.ts poolGroupKey) in a group title or the pool filter. */
export function poolStateTitle(key: string): Text {
  return { key: `${ K }.pool.${ key === 'waiting' ? 'waitingGroup' : key }` };
}

export function groupTitle(key: string, by: 'pool' | 'network' | 'none'): Text {
  if (by === 'none') {
    return { key: `${ K }.group.all` };
  }
  if (by === 'pool' && POOL_STATE_KEYS.includes(key)) {
    return poolStateTitle(key);
  }

  return key ? { key: `${ K }.group.${ by }`, args: { name: key } } : { key: `${ K }.group.${ by }None` };
}

/** The Service's own detail page in the cluster explorer. */
export function detailRoute(clusterId: string, row: LbRow) {
  return resourceDetailRoute(clusterId, SERVICE, row.namespace, row.name);
}

/** The table's columns in order; listControls.ts SORTABLE says which of them sort. */
export const COLUMNS = ['state', 'name', 'namespace', 'address', 'ipam', 'network', 'pool', 'sharing', 'ports'] as const;

/** Active with an address, else Pending with the detail page's reason (short in the cell, in full as its title). */
export interface StateCell {
  color: 'success' | 'warning';
  label: Text;
  reason: { short: Text; what: Text } | null;
}

export function stateCell(row: LbRow): StateCell {
  const cause = row.pending && `harvesterCloud.loadBalancer.pending.causes.${ row.pending.cause }`;

  return {
    color:  row.address ? 'success' : 'warning',
    label:  { key: `${ K }.state.${ row.address ? 'active' : 'pending' }` },
    reason: row.pending ? { short: { key: `${ cause }.short`, args: row.pending.args }, what: { key: `${ cause }.what`, args: row.pending.args } } : null,
  };
}

export interface RowView {
  row: LbRow;
  state: StateCell;
  ipam: Text;
  pool: Text;
  sharing: Text;
}

export interface GroupView {
  key: string;
  /** Null when the rows are not grouped. */
  title: Text | null;
  rows: RowView[];
}

/** What the table shows of each group and row (`wholeList` as for sharingCell). */
export function tableView(groups: RowGroup[], by: GroupBy, wholeList: boolean): GroupView[] {
  return groups.map((g) => ({
    key:   g.key,
    title: by === 'none' ? null : groupTitle(g.key, by),
    rows:  g.rows.map((row) => ({
      row, state: stateCell(row), ipam: { key: `${ K }.ipam.${ row.ipam }` }, pool: poolCell(row), sharing: sharingCell(row, wholeList)
    })),
  }));
}
