/**
 * What the integration overview tells a user who may not read or do what it offers (issue 26), from their Steve
 * schemas as the shell reads them (shared/access.ts) and from the host lookup (environment/hostCluster.ts):
 * - "Set up" only for a user the set-up page lets act (setup/access.ts), else that page's reason in its place;
 * - why the CSI driver's permissions on the host could not be checked;
 * - the reads a role may not make (Services, nodes, the NAD mapping ConfigMap) said as such, not as "could not be read".
 */
import { Need, SchemaMethods, mayDo } from '../shared/access';
import { CONFIG_MAP, NODE, SERVICE } from '../data/typeIds';
import { SetupBlock, setupBlock } from '../setup/access';
import type { HostUnknown } from '../environment/hostCluster';
import type { ReadFailure } from '../data/failure';
import type { Distribution } from '../environment/distribution';

export type SchemaOf = (store: Need['store'], type: string) => SchemaMethods | null | undefined;

/** Where the guest runs, as this user can tell it. */
export interface Placement {
  /** The Harvester clusters the user may make a kubeconfig from (the host found counts as one). */
  hosts: number;
  distribution: Distribution;
}

/** Why the CSI driver's RBAC on the host is unknown: the host lookup's reason, or what else was missing. */
export type RbacWhy = HostUnknown | 'noHost' | 'noAccount' | 'noNamespace' | 'unreadable' | 'hostUnreachable' | 'hostReadFailed';

/**
 * Why the host's ClusterRoleBindings gave no answer: not allowed ('unreadable', the user's permissions), no answer from
 * the host (R-API-3), or another failure. Said as it is: a host that is down is not the user's permissions.
 */
export function rbacReadWhy(failure: ReadFailure | null): RbacWhy | null {
  if (!failure) {
    return null;
  }

  return failure === 'forbidden' ? 'unreadable' : failure === 'unreachable' ? 'hostUnreachable' : 'hostReadFailed';
}

const HOST_UNKNOWN: string[] = ['notMember', 'noneVisible', 'several'];

/** The keys of the sentences beside "Could not be checked", in order. */
export function rbacWhyKeys(why: RbacWhy | null | undefined): string[] {
  if (!why) {
    return [];
  }

  return HOST_UNKNOWN.includes(why) ? [`harvesterCloud.host.unknown.${ why }`, 'harvesterOverview.rbac.why.hostConsequence'] : [`harvesterOverview.rbac.why.${ why }`];
}

/** Why "Set up" is not offered to this user; null: offered. Without a placement, only the writes are checked. */
export function setupOffer(placement: Placement | null, schemaOf: SchemaOf): SetupBlock | null {
  return setupBlock(placement ? placement.hosts : 1, placement?.distribution === 'rke2', (store, type) => schemaOf(store, type) || null);
}

/** The sections whose reads the user's role does not allow. */
export function deniedReads(schemaOf: SchemaOf): { services: boolean; nodes: boolean; nad: boolean } {
  return {
    services: !mayDo(schemaOf('cluster', SERVICE), 'list'),
    nodes:    !mayDo(schemaOf('cluster', NODE), 'list'),
    nad:      !mayDo(schemaOf('cluster', CONFIG_MAP), 'get'),
  };
}
