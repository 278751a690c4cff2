/**
 * Whether this user can use the set-up page at all, and why not (issue 26: a read-only user who opens it by its
 * address got editable fields, an empty Harvester cluster list and an enabled "Generate kubeconfig"). The kubeconfig
 * comes from a Harvester cluster the user can see in Rancher; Apply writes the cloud-config Secret and, except on
 * RKE2 (its bundled charts, plan.ts), the charts as Apps in this cluster.
 */
import { missingNeeds, Need, SchemaMethods } from '../shared/access';

export type SetupBlock = { reason: 'noHost' } | { reason: 'cannotWrite'; type: string };

export function setupNeeds(bundled: boolean): Need[] {
  return [
    {
      store: 'cluster', type: 'secret', verb: 'create'
    },
    ...(bundled ? [] : [{
      store: 'cluster' as const, type: 'catalog.cattle.io.app', verb: 'create' as const
    }]),
  ];
}

/** Null when the page can work for this user; else the first reason it cannot. */
export function setupBlock(hosts: number, bundled: boolean, schemaOf: (store: Need['store'], type: string) => SchemaMethods | null): SetupBlock | null {
  const missing = bundled ? [] : missingNeeds(setupNeeds(bundled), schemaOf);

  if (missing.length) {
    return { reason: 'cannotWrite', type: missing[0].type };
  }

  return hosts ? null : { reason: 'noHost' };
}
