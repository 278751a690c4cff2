/**
 * Which Harvester IP pools could serve a load balancer, and why each does not: load-balancer-harvester
 * `pkg/ipam/selector.go` (`Select`, `Matches`, `isMatch`) and `selectIPPool` in
 * `pkg/controller/loadbalancer/controller.go`, v1.7+:
 * - the requirement is the LoadBalancer's annotations `loadbalancer.harvesterhci.io/network`, `/project`,
 *   `/namespace` (empty: the LoadBalancer's own namespace) and `/cluster` (the provider's cluster name). On a guest
 *   cluster's LoadBalancer the webhook writes the first three (v1.8.2 `pkg/webhook/loadbalancer/mutator.go`
 *   `getAnnotationsPatchCluster`): the guest VMs' first Multus network (`findNetwork`), the host namespace's Rancher
 *   project, the namespace itself. The Service's network never gets there: it picks only kube-vip's interface;
 * - a pool matches when its `selector.network` equals the requirement's network exactly (no network matches only
 *   no network) and one of its scope entries matches: each of project, namespace and guestCluster is `*` or equal;
 * - of the matching pools the highest `selector.priority` wins; with none, the pool labelled
 *   `loadbalancer.harvesterhci.io/global-ip-pool: "true"`; for guest-cluster load balancers a second, loose pass
 *   lets an empty project or guestCluster in a scope match anything;
 * - a chosen pool with no address left fails with "no IP addresses available".
 */
import { KubeObject } from '../data/types';

export const GLOBAL_POOL_LABEL = 'loadbalancer.harvesterhci.io/global-ip-pool';
const LB_ANNOTATION = 'loadbalancer.harvesterhci.io';

export interface Requirement {
  network: string;
  project: string;
  namespace: string;
  cluster: string;
}

export function requirementOf(lb: KubeObject): Requirement {
  const a = lb.metadata.annotations || {};

  return {
    network:   a[`${ LB_ANNOTATION }/network`] || '',
    project:   a[`${ LB_ANNOTATION }/project`] || '',
    namespace: a[`${ LB_ANNOTATION }/namespace`] || lb.metadata.namespace || '',
    cluster:   a[`${ LB_ANNOTATION }/cluster`] || '',
  };
}

interface Tuple {
  project?: string;
  namespace?: string;
  guestCluster?: string;
}

const ALL = '*';

function tupleMatches(t: Tuple, r: Requirement, loose: boolean): boolean {
  const eq = (a: string | undefined, b: string, emptyMatches: boolean) => a === ALL || b === ALL || (a || '') === b || (emptyMatches && !a);

  return eq(t.project, r.project, loose) && eq(t.namespace, r.namespace, false) && eq(t.guestCluster, r.cluster, loose);
}

/** Why a pool does not serve the requirement: its network differs, its scope excludes it, or it has no scope. */
export type PoolMismatch = 'network' | 'scope' | 'noScope';

export interface PoolVerdict {
  name: string;
  network: string;
  priority: number;
  global: boolean;
  available: number | null;
  total: number | null;
  /** Empty when the pool matches the requirement. */
  mismatches: PoolMismatch[];
  /** The pool the controller would take. */
  chosen: boolean;
  exhausted: boolean;
  /** On the chosen pool (matchPoolsWithRule): the rule that put the LoadBalancer there. */
  rule?: PoolRule;
}

function verdict(pool: KubeObject, r: Requirement, loose: boolean): PoolVerdict {
  const sel = pool.spec?.selector || {};
  const scope: Tuple[] = sel.scope || [];
  const mismatches: PoolMismatch[] = [];

  if ((sel.network || '') !== r.network) {
    mismatches.push('network');
  }
  if (!scope.length) {
    mismatches.push('noScope');
  } else if (!scope.some((t) => tupleMatches(t, r, loose))) {
    mismatches.push('scope');
  }
  const available = typeof pool.status?.available === 'number' ? pool.status.available : null;

  return {
    name:      pool.metadata.name,
    network:   sel.network || '',
    priority:  Number(sel.priority || 0),
    global:    pool.metadata.labels?.[GLOBAL_POOL_LABEL] === 'true',
    available,
    total:     typeof pool.status?.total === 'number' ? pool.status.total : null,
    mismatches,
    chosen:    false,
    exhausted: available === 0,
  };
}

/** Every pool with its verdict, the chosen one marked (as `selectIPPool` would pick it). */
export function matchPools(pools: KubeObject[], r: Requirement, guestCluster = true): PoolVerdict[] {
  const pick = (loose: boolean) => {
    const verdicts = pools.map((p) => verdict(p, r, loose));
    let chosen: PoolVerdict | null = null;

    verdicts.forEach((v) => {
      if (!v.global && !v.mismatches.length && (!chosen || v.priority >= chosen.priority)) {
        chosen = v;
      }
    });

    return { verdicts, chosen: chosen as PoolVerdict | null };
  };
  let result = pick(false);

  if (!result.chosen) {
    // `Select` keeps the last global pool it walks (Steve lists by name: the last by name).
    const global = result.verdicts.filter((v) => v.global).pop();

    if (global) {
      global.chosen = true;

      return result.verdicts;
    }
    if (guestCluster) {
      result = pick(true);
    }
  }
  if (result.chosen) {
    result.chosen.chosen = true;
  }

  return result.verdicts;
}

/**
 * The rule that put a LoadBalancer in its pool, as `selectIPPool` (controller.go v1.8.2) and `allocateIPFromPool` apply them:
 * - `specified`: `spec.ipPool` names the pool, no selection happens;
 * - `exact`: the one non-global pool whose network and scope match (strict pass);
 * - `priority`: several matched, the highest `selector.priority` won (on a tie the last listed, `>=` in `Select`);
 * - `global`: none matched, the pool labelled global-ip-pool (the strict pass returns it before any loose retry);
 * - `loose`: only for guest-cluster (`spec.workloadType: cluster`) LoadBalancers, the retry in which an empty project
 *   or guestCluster in a scope matches anything;
 * - `none`: no pool ("no matched IPPool with requirement").
 */
export type PoolRule = 'specified' | 'exact' | 'priority' | 'global' | 'loose' | 'none';

export interface PoolChoice {
  pool: string | null;
  rule: PoolRule;
}

export function isGuestClusterLb(lb: KubeObject): boolean {
  // lbv1.Cluster = "cluster"; the provider creates every guest LoadBalancer with it.
  return (lb.spec?.workloadType || 'cluster') === 'cluster';
}

export function choosePool(pools: KubeObject[], lb: KubeObject): PoolChoice {
  if (lb.spec?.ipPool) {
    return { pool: lb.spec.ipPool, rule: 'specified' };
  }
  const r = requirementOf(lb);
  const strict = pools.map((p) => verdict(p, r, false)).filter((v) => !v.global && !v.mismatches.length);
  const verdicts = matchPools(pools, r, isGuestClusterLb(lb));
  const chosen = verdicts.find((v) => v.chosen);

  if (!chosen) {
    return { pool: null, rule: 'none' };
  }
  if (chosen.global) {
    return { pool: chosen.name, rule: 'global' };
  }
  if (!strict.length) {
    return { pool: chosen.name, rule: 'loose' };
  }

  return { pool: chosen.name, rule: strict.length > 1 ? 'priority' : 'exact' };
}

/** Every pool with its verdict for this LoadBalancer, the chosen one carrying the rule that chose it. */
export function matchPoolsWithRule(pools: KubeObject[], lb: KubeObject): PoolVerdict[] {
  const verdicts = matchPools(pools, requirementOf(lb), isGuestClusterLb(lb));
  const choice = choosePool(pools, lb);
  const chosen = verdicts.find((v) => v.chosen);

  if (chosen && chosen.name === choice.pool) {
    chosen.rule = choice.rule;
  }

  return verdicts;
}
