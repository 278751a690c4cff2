/**
 * What the Topology page reads of each object, asked of Steve with `include=` so lists carry only those fields.
 * rancher/steve pkg/resources/common/formatter.go `includeFields`: each `include` value is one dotted path
 * (split on '.', so a label key cannot be picked alone; the whole map is taken); `id`, `type` and `links` always stay.
 * Objects fetched this way are partial: they never go into the Vuex store (a save from there would drop fields).
 */

/** Guest nodes: grouping (labels, Ready condition), roles (labels), drift (providerID), spread (labels). */
export const GUEST_NODE_FIELDS = ['metadata.name', 'metadata.labels', 'spec.providerID', 'status.conditions'];

/**
 * VM instances: the topology the cloud provider reads (annotations), where they run (status.nodeName, phase) and
 * their VM (ownerReferences: KubeVirt's VM controller makes each instance it starts a controller-owned child of its
 * VM, kubevirt/kubevirt pkg/virt-controller/watch/vm.go `setupVMIFromVM`, NewControllerRef).
 */
export const VMI_FIELDS = ['metadata.name', 'metadata.namespace', 'metadata.annotations', 'metadata.ownerReferences', 'status.phase', 'status.nodeName'];

/** VMs, read only when some guest node has no instance: the uid tells "stopped" from "missing". */
export const VM_FIELDS = ['metadata.name', 'metadata.namespace', 'metadata.uid'];

/** Host nodes: their topology labels. */
export const HOST_NODE_FIELDS = ['metadata.name', 'metadata.labels'];

/** Deployments and StatefulSets for the spread picker: what spread.ts reads. */
export const WORKLOAD_FIELDS = ['metadata.name', 'metadata.namespace', 'spec.selector', 'spec.template.spec.topologySpreadConstraints'];

/** `url` with one `include` parameter per path and any extra parameters (Steve reads repeated parameters as a list). */
export function withQuery(url: string, include: readonly string[], extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();

  include.forEach((path) => params.append('include', path));
  Object.entries(extra).forEach(([k, v]) => params.set(k, v));
  const qs = params.toString();

  return qs ? `${ url }${ url.includes('?') ? '&' : '?' }${ qs }` : url;
}

/**
 * The cheapest list that still carries the collection's `revision`: one item of one field. Steve answers `pagesize`
 * both from its SQL cache (Rancher 2.12+ with ui-sql-cache) and from its older list processor.
 */
export function revisionUrl(url: string): string {
  return withQuery(url, ['metadata.name'], { pagesize: '1' });
}
