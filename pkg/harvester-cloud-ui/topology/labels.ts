import { KubeObject } from '../data/types';

/** The well-known topology keys: the only two cloud-provider-harvester `InstanceMetadata` reads from the VM instance. */
export const REGION = 'topology.kubernetes.io/region';
export const ZONE = 'topology.kubernetes.io/zone';

export interface Topology {
  region: string | null;
  zone: string | null;
}

export type NodeRole = 'controlPlane' | 'etcd' | 'worker';

const ROLE_LABELS: [string, NodeRole][] = [
  ['node-role.kubernetes.io/control-plane', 'controlPlane'],
  ['node-role.kubernetes.io/controlplane', 'controlPlane'], // RKE1
  ['node-role.kubernetes.io/master', 'controlPlane'],
  ['node-role.kubernetes.io/etcd', 'etcd'],
  ['node-role.kubernetes.io/worker', 'worker'],
];

/** Empty strings count as absent: a label set to "" puts a node in no zone. */
function nonEmpty(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

/** Topology from a label or annotation map (guest node labels, VMI/VM annotations, host node labels). */
export function topologyOf(map: Record<string, string> | null | undefined): Topology {
  return { region: nonEmpty(map?.[REGION]), zone: nonEmpty(map?.[ZONE]) };
}

export function hasTopology(t: Topology): boolean {
  return t.region !== null || t.zone !== null;
}

export function sameTopology(a: Topology, b: Topology): boolean {
  return a.region === b.region && a.zone === b.zone;
}

export function isNodeReady(node: KubeObject): boolean {
  const conditions: { type?: string; status?: string }[] = node.status?.conditions || [];

  return conditions.some((c) => c.type === 'Ready' && c.status === 'True');
}

/** Roles from the node-role labels the distributions set ("true" for RKE/RKE2, "" for kubeadm). */
export function nodeRoles(node: KubeObject): NodeRole[] {
  const labels = node.metadata?.labels || {};
  const out: NodeRole[] = [];

  for (const [key, role] of ROLE_LABELS) {
    if (key in labels && labels[key] !== 'false' && !out.includes(role)) {
      out.push(role);
    }
  }

  return out;
}
