/**
 * Which IP pool serves a load balancer: harvester/load-balancer-harvester pkg/ipam/selector.go (Selector.Select,
 * Matcher, isMatch). A pool matches when its network equals the requirement's and one of its scope tuples
 * matches (`*` on either side matches anything); among matching pools the highest priority wins, and with none
 * the global pool (label `loadbalancer.harvesterhci.io/global-ip-pool: "true"`) is used. Loose mode (retried for
 * Cluster-type load balancers) also lets an empty project or guest cluster in the tuple match.
 *
 * The real selector walks its informer cache in no fixed order and keeps the last pool with a priority `>=` the
 * best so far (and the last global pool); the simulator walks pools by name with the same comparisons, so on a tie
 * the last by name wins, as the UI's `choosePool` says for pools listed by name (Steve's default order).
 */
import { KubeObject } from '../core/types';

export const GLOBAL_POOL_LABEL = 'loadbalancer.harvesterhci.io/global-ip-pool';
const ALL = '*';

export interface Requirement {
  Network: string;
  Project: string;
  Namespace: string;
  Cluster: string;
}

interface Tuple {
  project?: string;
  namespace?: string;
  guestCluster?: string;
}

function tupleMatches(t: Tuple, r: Requirement, loose: boolean): boolean {
  const eq = (a: string | undefined, b: string, emptyMatches: boolean) => a === ALL || b === ALL || (a || '') === b || (emptyMatches && !a);

  return eq(t.project, r.Project, loose) && eq(t.namespace, r.Namespace, false) && eq(t.guestCluster, r.Cluster, loose);
}

export function poolMatches(pool: KubeObject, r: Requirement, loose: boolean): boolean {
  const selector = pool.spec?.selector || {};

  return (selector.network || '') === r.Network && (selector.scope || []).some((t: Tuple) => tupleMatches(t, r, loose));
}

export function selectPool(pools: KubeObject[], r: Requirement, loose: boolean): KubeObject | undefined {
  let selected: KubeObject | undefined;
  let global: KubeObject | undefined;
  let priority = 0;

  for (const pool of [...pools].sort((a, b) => a.metadata.name.localeCompare(b.metadata.name))) {
    if (pool.metadata.labels?.[GLOBAL_POOL_LABEL] === 'true') {
      global = pool;
      continue;
    }
    const p = pool.spec?.selector?.priority || 0;

    if (poolMatches(pool, r, loose) && p >= priority) {
      selected = pool;
      priority = p;
    }
  }

  return selected || global;
}

/** Go's `%+v` of a *Requirement, as the controller's "no matched IPPool" message prints it. */
export function formatRequirement(r: Requirement): string {
  return `&{Network:${ r.Network } Project:${ r.Project } Namespace:${ r.Namespace } Cluster:${ r.Cluster }}`;
}
