/** What each cell of a Load Balancers row says, as an l10n key and its arguments (the page only translates). */
import { SERVICE } from '../data/typeIds';
import { resourceDetailRoute } from '../data/routes';
import { LbRow } from './rows';

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

export function groupTitle(key: string, by: 'pool' | 'network' | 'none'): Text {
  if (by === 'none') {
    return { key: `${ K }.group.all` };
  }
  if (by === 'pool' && ['notReadable', 'dhcp', 'loading'].includes(key)) {
    return { key: `${ K }.pool.${ key }` };
  }

  return key ? { key: `${ K }.group.${ by }`, args: { name: key } } : { key: `${ K }.group.${ by }None` };
}

/** The Service's own detail page in the cluster explorer. */
export function detailRoute(clusterId: string, row: LbRow) {
  return resourceDetailRoute(clusterId, SERVICE, row.namespace, row.name);
}
