/**
 * What the Topology page tells a user who may not read what it needs (issue 26), decided from their Steve schemas as
 * the shell reads them (shared/access.ts) and from the host lookup (environment/hostCluster.ts):
 * - the nodes: without them there is no page, only the reason;
 * - the workload spread: it picks among Deployments and StatefulSets and counts their pods; without either, the
 *   picker is not offered, the reason is;
 * - the Harvester host: why drift cannot be checked, one sentence of why and one of what it leaves out.
 */
import { Need, SchemaMethods, mayDo } from '../shared/access';
import { NODE, POD } from '../data/typeIds';
import { SPREAD_WORKLOAD_TYPES } from './fields';
import type { HostTopologyResult } from './hostTopology';

export type SchemaOf = (store: Need['store'], type: string) => SchemaMethods | null | undefined;

/** Whether a failed node list is the user's role (no list in their schema, or a 401/403) rather than a failure. */
export function nodesDenied(schemaOf: SchemaOf, failure: string | null): boolean {
  return !mayDo(schemaOf('cluster', NODE), 'list') || failure === 'forbidden';
}

/** Why the spread picker is not offered: nothing to pick (no Deployments or StatefulSets listable), or no pods. */
export function spreadDenied(schemaOf: SchemaOf): 'workloads' | 'pods' | null {
  if (!SPREAD_WORKLOAD_TYPES.some((type) => mayDo(schemaOf('cluster', type), 'list'))) {
    return 'workloads';
  }

  return mayDo(schemaOf('cluster', POD), 'list') ? null : 'pods';
}

/** The keys of the host notice's sentences, in order; none when the host was read. */
export function hostNoticeKeys(host: HostTopologyResult | null): string[] {
  if (!host?.problem) {
    return [];
  }
  if (host.problem === 'noHost' && host.unknown) {
    return [`harvesterCloud.host.unknown.${ host.unknown }`, 'harvesterTopology.host.consequence'];
  }

  return [`harvesterTopology.host.${ host.problem }`];
}
