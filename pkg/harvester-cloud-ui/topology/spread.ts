import { KubeObject } from '../data/types';
import { ZONE } from './labels';

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

export interface SpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  whenUnsatisfiable: string;
  labelSelector?: LabelSelector;
  minDomains?: number;
}

export interface DomainCount {
  domain: string;
  pods: number;
}

export interface ConstraintResult {
  constraint: SpreadConstraint;
  /** Every domain of the topology key among the nodes, with 0 for domains that run none of the pods. */
  domains: DomainCount[];
  /** max - min pods per domain (min is 0 when fewer domains exist than minDomains asks for). */
  skew: number;
  satisfied: boolean;
  /** Matching pods on nodes without the topology key: the scheduler does not count them. */
  outsideDomains: number;
}

export interface SpreadReport {
  /** Scheduled pods of the workload per zone, every zone of the cluster listed (shown whatever the constraints). */
  zones: DomainCount[];
  /** Scheduled pods on nodes without a zone label. */
  noZone: number;
  /** Pods not bound to a node yet (Pending) or finished. */
  unscheduled: number;
  constraints: ConstraintResult[];
}


/** Kubernetes label selector semantics (In, NotIn, Exists, DoesNotExist). An empty selector matches all. */
export function matchesSelector(labels: Record<string, string> | undefined, selector: LabelSelector | undefined): boolean {
  const l = labels || {};

  for (const [k, v] of Object.entries(selector?.matchLabels || {})) {
    if (l[k] !== v) {
      return false;
    }
  }
  for (const e of selector?.matchExpressions || []) {
    const has = Object.prototype.hasOwnProperty.call(l, e.key);
    const inValues = has && (e.values || []).includes(l[e.key]);
    const ok = e.operator === 'In' ? inValues : e.operator === 'NotIn' ? !inValues : e.operator === 'Exists' ? has : e.operator === 'DoesNotExist' ? !has : false;

    if (!ok) {
      return false;
    }
  }

  return true;
}

export function spreadConstraints(workload: KubeObject): SpreadConstraint[] {
  return workload.spec?.template?.spec?.topologySpreadConstraints || [];
}

// Pods the scheduler counts: bound to a node and not finished or being deleted.
function counted(pod: KubeObject & { metadata: { deletionTimestamp?: string } }): boolean {
  const phase = pod.status?.phase;

  return !!pod.spec?.nodeName && phase !== 'Succeeded' && phase !== 'Failed' && !pod.metadata.deletionTimestamp;
}

/** Pods per domain of `topologyKey`; every domain present on the nodes is listed, sorted by name. */
function countByDomain(pods: readonly KubeObject[], nodeDomain: Map<string, string | undefined>, allDomains: Set<string>) {
  const counts = new Map<string, number>([...allDomains].sort().map((d) => [d, 0]));
  let outside = 0;

  for (const pod of pods) {
    const domain = nodeDomain.get(pod.spec.nodeName);

    if (domain === undefined) {
      outside++;
    } else {
      counts.set(domain, (counts.get(domain) || 0) + 1);
    }
  }

  return { domains: [...counts.entries()].map(([domain, n]) => ({ domain, pods: n })), outside };
}

function domainsOf(nodes: readonly KubeObject[], topologyKey: string) {
  const nodeDomain = new Map<string, string | undefined>();
  const all = new Set<string>();

  for (const n of nodes) {
    const v = n.metadata.labels?.[topologyKey];

    nodeDomain.set(n.metadata.name, v);
    if (v !== undefined) {
      all.add(v);
    }
  }

  return { nodeDomain, all };
}

/**
 * How a Deployment's or StatefulSet's pods spread over zones, and for each of its topology spread
 * constraints the pods per domain and the skew against maxSkew. Simplification, said in the view: every
 * node with the topology key is an eligible domain (node affinity, taints and matchLabelKeys are not
 * applied). A constraint without labelSelector is counted with the workload's own selector.
 */
export function analyseSpread(workload: KubeObject, pods: readonly KubeObject[], nodes: readonly KubeObject[]): SpreadReport {
  const namespace = workload.metadata.namespace;
  const inNamespace = pods.filter((p) => p.metadata.namespace === namespace);
  const own = inNamespace.filter((p) => matchesSelector(p.metadata.labels, workload.spec?.selector));
  const scheduled = own.filter(counted);
  const zone = domainsOf(nodes, ZONE);
  const perZone = countByDomain(scheduled, zone.nodeDomain, zone.all);

  const constraints = spreadConstraints(workload).map((constraint): ConstraintResult => {
    const selector = constraint.labelSelector || workload.spec?.selector;
    const matching = inNamespace.filter((p) => counted(p) && matchesSelector(p.metadata.labels, selector));
    const { nodeDomain, all } = constraint.topologyKey === ZONE ? zone : domainsOf(nodes, constraint.topologyKey);
    const { domains, outside } = countByDomain(matching, nodeDomain, all);
    const values = domains.map((d) => d.pods);
    const max = values.length ? Math.max(...values) : 0;
    const tooFewDomains = (constraint.minDomains || 0) > domains.length;
    const min = values.length && !tooFewDomains ? Math.min(...values) : 0;
    const skew = max - min;

    return {
      constraint, domains, skew, satisfied: skew <= constraint.maxSkew, outsideDomains: outside
    };
  });

  return {
    zones: perZone.domains, noZone: perZone.outside, unscheduled: own.length - scheduled.length, constraints
  };
}
