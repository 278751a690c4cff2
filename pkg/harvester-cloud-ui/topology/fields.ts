/**
 * What the Topology page reads of each object, asked of Steve with `include=` (data/steve.ts) so lists carry only
 * those fields: one dotted path each (a label key cannot be picked alone; the whole map is taken). Objects fetched this
 * way are partial: they never go into the Vuex store (a save from there would drop fields). The guest's nodes are
 * environment/guestNodes.ts `GUEST_NODE_FIELDS`.
 */

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

/** The workloads the spread picker offers (spread.ts analyses them; kept here so the picker loads without it). */
export const SPREAD_WORKLOAD_TYPES = ['apps.deployment', 'apps.statefulset'] as const;

/** Deployments and StatefulSets for the spread picker: what spread.ts reads. */
export const WORKLOAD_FIELDS = ['metadata.name', 'metadata.namespace', 'spec.selector', 'spec.template.spec.topologySpreadConstraints'];
