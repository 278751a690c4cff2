/**
 * Whether this user can use the set-up page at all, and why not (issue 26: a read-only user who opens it by its
 * address got editable fields, an empty Harvester cluster list and an enabled "Generate kubeconfig"). The kubeconfig
 * comes from a Harvester cluster the user can see in Rancher; Apply writes the cloud-config Secret and, except on
 * RKE2 (its bundled charts, plan.ts), the charts as Apps in this cluster.
 */
import { missingNeeds, Need, SchemaMethods } from '../shared/access';

/** Everything that keeps this user from setting the integration up here (issue 34: every reason, not the first). */
export interface SetupBlock {
  /** The types the user's role may not create here (Secrets, Apps), in the order set-up writes them. */
  cannotWrite: string[];
  /** No Harvester cluster is available to the user in Rancher. */
  noHost: boolean;
}

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

/** Null when the page can work for this user; else every reason it cannot. */
export function setupBlock(hosts: number, bundled: boolean, schemaOf: (store: Need['store'], type: string) => SchemaMethods | null): SetupBlock | null {
  const cannotWrite = bundled ? [] : missingNeeds(setupNeeds(bundled), schemaOf).map((n) => n.type);
  const noHost = !hosts;

  return cannotWrite.length || noHost ? { cannotWrite, noHost } : null;
}

/**
 * The sentences that say it, under `prefix` (`harvesterSetup.blocked` on the page, `harvesterOverview.setup.blocked`
 * on the overview): the role first, then the missing Harvester cluster.
 */
export function setupBlockText(b: SetupBlock | null, t: (key: string, args?: Record<string, unknown>) => string, prefix: string): string {
  if (!b) {
    return '';
  }
  const what = b.cannotWrite.length > 1 ? 'both' : b.cannotWrite[0] === 'secret' ? 'secret' : 'app';

  return [
    ...(b.cannotWrite.length ? [t(`${ prefix }.cannotWrite`, { what: t(`${ prefix }.what.${ what }`) })] : []),
    ...(b.noHost ? [t(`${ prefix }.noHost`)] : []),
  ].join(' ');
}
