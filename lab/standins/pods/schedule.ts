/**
 * Where the Pod runner binds a new Pod, in kube-scheduler's place (no scheduler runs in the stack): the first of the
 * nodes it is the kubelet of that passes the filters a Pod of this lab meets (kube-scheduler's plugins
 * NodeSelector/NodeAffinity — required terms, `matchExpressions` and `matchFields metadata.name`, as the DaemonSet
 * controller writes them — and TaintToleration for NoSchedule and NoExecute taints). Scoring, resources, ports and
 * inter-Pod affinity are not weighed: one Pod of each workload runs here. Pure.
 */
type Obj = Record<string, any>;

function exprMatches(e: Obj, value: string | undefined): boolean {
  switch (e.operator) {
  case 'In': return value !== undefined && (e.values || []).includes(value);
  case 'NotIn': return value === undefined || !(e.values || []).includes(value);
  case 'Exists': return value !== undefined;
  case 'DoesNotExist': return value === undefined;
  case 'Gt': return value !== undefined && Number(value) > Number((e.values || [])[0]);
  case 'Lt': return value !== undefined && Number(value) < Number((e.values || [])[0]);
  default: return false;
  }
}

function termMatches(term: Obj, node: Obj): boolean {
  const labels: Record<string, string> = node.metadata?.labels || {};

  return (term.matchExpressions || []).every((e: Obj) => exprMatches(e, labels[e.key])) &&
    (term.matchFields || []).every((e: Obj) => exprMatches(e, e.key === 'metadata.name' ? node.metadata?.name : undefined));
}

function tolerates(tolerations: Obj[], taint: Obj): boolean {
  return tolerations.some((t) => (!t.effect || t.effect === taint.effect) &&
    (t.operator === 'Exists' ? (!t.key || t.key === taint.key) : t.key === taint.key && (t.value || '') === (taint.value || '')));
}

/** Why the node does not fit the Pod; null when it does. */
export function unfit(pod: Obj, node: Obj): string | null {
  const labels: Record<string, string> = node.metadata?.labels || {};
  const selector: Record<string, string> = pod.spec?.nodeSelector || {};
  const wrong = Object.entries(selector).find(([k, v]) => labels[k] !== v);

  if (wrong) {
    return `node ${ node.metadata.name } does not have the label ${ wrong[0] }=${ wrong[1] }`;
  }
  const terms: Obj[] = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms || [];

  // Terms are ORed, the expressions of one term ANDed (core/v1 NodeSelector).
  if (terms.length && !terms.some((t) => termMatches(t, node))) {
    return `node ${ node.metadata.name } does not match the Pod's node affinity`;
  }
  const taint = (node.spec?.taints || []).find((t: Obj) => (t.effect === 'NoSchedule' || t.effect === 'NoExecute') && !tolerates(pod.spec?.tolerations || [], t));

  return taint ? `node ${ node.metadata.name } has the taint ${ taint.key }${ taint.value ? `=${ taint.value }` : '' }:${ taint.effect }, which the Pod does not tolerate` : null;
}

/** The node to bind the Pod to, or why none of `nodes` fits (kube-scheduler's FailedScheduling message, in short). */
export function nodeFor(pod: Obj, nodes: Obj[]): { node: string } | { unschedulable: string } {
  const reasons: string[] = [];

  for (const n of nodes) {
    const why = unfit(pod, n);

    if (!why) {
      return { node: n.metadata.name };
    }
    reasons.push(why);
  }

  return { unschedulable: `0/${ nodes.length } nodes are available: ${ reasons.join('; ') || 'no node' }` };
}
