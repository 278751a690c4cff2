import { KubeObject } from '../data/types';
import { vmUidOf } from '../environment/harvesterCluster';
import { Topology, hasTopology, sameTopology, topologyOf } from './labels';

/** What was read from the Harvester host (see hostTopology.ts). */
export interface HostSnapshot {
  /** May hold only the VMs without an instance (or none): an instance names its VM in its ownerReferences. */
  vms: readonly KubeObject[];
  vmis: readonly KubeObject[];
  /** null: the VMs could be read but not the host's nodes (e.g. a Harvester project member). */
  nodes: readonly KubeObject[] | null;
}

/**
 * - inSync: guest labels, the VM's annotations and the current host's labels agree
 * - drifted: they differ (see reasons)
 * - unlabelled: neither the node nor its VM has a topology, but the host it runs on has one now (the host was
 *   labelled after the VM started); not drift, though the same restart and re-sync give the node labels
 * - notRunning: the VM has no running instance, so it runs on no host now
 * - vmMissing: no VM on the host has the uid in the node's providerID
 * - unmanaged: the node has no harvester:// providerID
 * - unknown: the host could not be read
 */
export type DriftStatus = 'inSync' | 'drifted' | 'unlabelled' | 'notRunning' | 'vmMissing' | 'unmanaged' | 'unknown';

/**
 * - hostChanged: the VM's annotations no longer match the host it runs on (migrated, or the host was
 *   relabelled); Harvester only copies host labels when the instance starts.
 * - guestStale: the guest node's labels no longer match the VM's annotations; the cloud provider has not
 *   re-synced them.
 */
export type DriftReason = 'hostChanged' | 'guestStale' | 'hostLabelledLater';

export interface NodeDrift {
  node: string;
  status: DriftStatus;
  reasons: DriftReason[];
  guest: Topology;
  /** The VM's topology annotations; null when the VM was not found or the host was not read. */
  vm: Topology | null;
  /** Labels of the host node the VM's instance runs on now; null when unknown. */
  host: Topology | null;
  vmNamespace: string | null;
  vmName: string | null;
  hostNode: string | null;
}

export interface DriftReport {
  hostReadable: boolean;
  hostNodesReadable: boolean;
  nodes: NodeDrift[];
  byName: Map<string, NodeDrift>;
  drifted: number;
  unlabelled: number;
  vmMissing: number;
  notRunning: number;
}

const key = (o: KubeObject) => `${ o.metadata.namespace || '' }/${ o.metadata.name }`;

interface OwnerReference {
  kind?: string;
  name?: string;
  uid?: string;
  controller?: boolean;
}

/**
 * The uid of the VM that owns an instance: KubeVirt's VM controller creates each instance with a controller
 * reference to its VM (kubevirt/kubevirt pkg/virt-controller/watch/vm.go `setupVMIFromVM`, metav1.NewControllerRef).
 */
export function ownerVmUid(vmi: KubeObject): string | null {
  const refs: OwnerReference[] = (vmi.metadata as { ownerReferences?: OwnerReference[] }).ownerReferences || [];
  const ref = refs.find((r) => r.kind === 'VirtualMachine' && r.controller) || refs.find((r) => r.kind === 'VirtualMachine');

  return ref?.uid || null;
}

/** The VM as far as drift reads it (namespace, name, uid), from its instance's owner reference. */
function vmOfInstance(vmi: KubeObject, uid: string): KubeObject {
  const ref = ((vmi.metadata as { ownerReferences?: OwnerReference[] }).ownerReferences || []).find((r) => r.uid === uid);

  return {
    metadata: {
      namespace: vmi.metadata.namespace, name: ref?.name || vmi.metadata.name, uid
    }
  };
}

/**
 * The topology as the cloud provider reads it: the VM instance's annotations only (cloud-provider-harvester
 * `InstanceMetadata`, every tag from v0.1.x to v0.2.7; its VMI controller, v0.2.0+, re-taints a node whose labels
 * differ from them). No instance (VM stopped): the provider reads nothing, so null. The VM object's own
 * annotations are never read.
 */
export function vmTopology(vmi: KubeObject | undefined): Topology | null {
  return vmi ? topologyOf(vmi.metadata?.annotations) : null;
}

export function isRunning(vmi: KubeObject | undefined): boolean {
  return !!vmi && vmi.status?.phase === 'Running' && !!vmi.status?.nodeName;
}

function blank(node: KubeObject, status: DriftStatus): NodeDrift {
  return {
    node:        node.metadata.name,
    status,
    reasons:     [],
    guest:       topologyOf(node.metadata.labels),
    vm:          null,
    host:        null,
    vmNamespace: null,
    vmName:      null,
    hostNode:    null,
  };
}

/** Compares one guest node with its VM, instance and current host node (all looked up by the caller). */
export function compareNode(
  node: KubeObject,
  vm: KubeObject | undefined,
  vmi: KubeObject | undefined,
  hostNode: KubeObject | undefined,
  hostNodesReadable: boolean
): NodeDrift {
  if (!vm) {
    return blank(node, 'vmMissing');
  }
  const out = blank(node, 'inSync');
  const running = isRunning(vmi);

  out.vmNamespace = vm.metadata.namespace || null;
  out.vmName = vm.metadata.name;
  out.vm = vmTopology(vmi);
  out.hostNode = running ? vmi?.status?.nodeName : null;
  out.host = running && hostNode ? topologyOf(hostNode.metadata.labels) : null;

  if (!out.vm) {
    out.status = 'notRunning';

    return out;
  }
  if (!hasTopology(out.guest) && !hasTopology(out.vm) && out.host && hasTopology(out.host)) {
    out.status = 'unlabelled';
    out.reasons.push('hostLabelledLater');

    return out;
  }
  if (out.host && !sameTopology(out.vm, out.host)) {
    out.reasons.push('hostChanged');
  }
  if (!sameTopology(out.guest, out.vm)) {
    out.reasons.push('guestStale');
  }
  if (out.reasons.length) {
    out.status = 'drifted';
  } else if (!running) {
    out.status = 'notRunning';
  } else if (!out.host && hostNodesReadable) {
    // The instance names a host node we cannot see: treat the host as unknown rather than in sync.
    out.status = 'unknown';
  }

  return out;
}

/**
 * Follows each guest node's providerID to its VM (by uid: the instance it owns, else the VM list and the instance
 * of the same namespace/name) and the host node it runs on. Linear: every host list is indexed once in a Map. `host` null: the host could not
 * be read, every node is reported 'unknown' and shown with its own labels.
 */
export function analyseDrift(guestNodes: readonly KubeObject[], host: HostSnapshot | null): DriftReport {
  const vmsByUid = new Map<string, KubeObject>();
  const vmisByKey = new Map<string, KubeObject>();
  const vmisByOwner = new Map<string, KubeObject>();
  const hostNodes = new Map<string, KubeObject>();

  if (host) {
    host.vms.forEach((vm) => vm.metadata.uid && vmsByUid.set(vm.metadata.uid, vm));
    host.vmis.forEach((vmi) => {
      const owner = ownerVmUid(vmi);

      vmisByKey.set(key(vmi), vmi);
      if (owner) {
        vmisByOwner.set(owner, vmi);
      }
    });
    (host.nodes || []).forEach((n) => hostNodes.set(n.metadata.name, n));
  }
  const hostNodesReadable = !!host?.nodes;
  const report: DriftReport = {
    hostReadable: !!host, hostNodesReadable, nodes: [], byName: new Map(), drifted: 0, unlabelled: 0, vmMissing: 0, notRunning: 0
  };

  for (const node of guestNodes) {
    const uid = vmUidOf(node);
    let d: NodeDrift;

    if (!uid) {
      d = blank(node, 'unmanaged');
    } else if (!host) {
      d = blank(node, 'unknown');
    } else {
      const owned = vmisByOwner.get(uid);
      const vm = vmsByUid.get(uid) || (owned ? vmOfInstance(owned, uid) : undefined);
      const vmi = owned || (vm ? vmisByKey.get(key(vm)) : undefined);
      const hostNode = vmi?.status?.nodeName ? hostNodes.get(vmi.status.nodeName) : undefined;

      d = compareNode(node, vm, vmi, hostNode, hostNodesReadable);
    }
    report.nodes.push(d);
    report.byName.set(d.node, d);
    report.drifted += d.status === 'drifted' ? 1 : 0;
    report.unlabelled += d.status === 'unlabelled' ? 1 : 0;
    report.vmMissing += d.status === 'vmMissing' ? 1 : 0;
    report.notRunning += d.status === 'notRunning' ? 1 : 0;
  }

  return report;
}
