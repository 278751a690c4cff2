/**
 * What the Load Balancers page tells a user who may not read what it needs (issue 26), from their Steve schemas as the
 * shell reads them (shared/access.ts) and from the host lookup (environment/hostCluster.ts). The page writes nothing:
 * its only controls are the list's own (filters, sort, pages), which need the Services.
 * - Services: without list on them there is no page; the reason instead of an empty list ("No LoadBalancer Services").
 * - Events: without them a Pending row has no reason; said once above the table.
 * - The Harvester host: why the pools and the host's load balancers are not shown.
 */
import { Need, SchemaMethods, mayDo } from '../shared/access';
import { EVENT, SERVICE } from '../data/typeIds';
import type { HostUnknown } from '../environment/hostCluster';

export type SchemaOf = (store: Need['store'], type: string) => SchemaMethods | null | undefined;

/** Why the host side of a page is missing: the lookup's reason, or how reading the host failed. */
export type LbHostProblem = HostUnknown | 'forbidden' | 'unreachable';

export function servicesDenied(schemaOf: SchemaOf): boolean {
  return !mayDo(schemaOf('cluster', SERVICE), 'list');
}

export function eventsDenied(schemaOf: SchemaOf): boolean {
  return !mayDo(schemaOf('cluster', EVENT), 'list');
}

export interface LbNotice {
  id: 'host-unreadable' | 'events-denied';
  /** The keys of its sentences, in order. */
  keys: string[];
}

/** The notices above the table. */
export function lbNotices(o: { hostProblem: LbHostProblem | null; eventsDenied: boolean; pending: boolean }): LbNotice[] {
  const notices: LbNotice[] = [];
  const p = o.hostProblem;

  if (p === 'forbidden' || p === 'unreachable') {
    notices.push({ id: 'host-unreadable', keys: [`harvesterLoadBalancers.host.${ p }`] });
  } else if (p) {
    notices.push({ id: 'host-unreadable', keys: [`harvesterCloud.host.unknown.${ p }`, 'harvesterLoadBalancers.host.consequence'] });
  }
  if (o.eventsDenied && o.pending) {
    notices.push({ id: 'events-denied', keys: ['harvesterLoadBalancers.eventsDenied'] });
  }

  return notices;
}
