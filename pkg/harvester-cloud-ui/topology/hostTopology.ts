import { KubeObject, StoreLike } from '../steve/types';
import { findHostClusterId, hostList } from '../steve/hostCluster';
import { HostSnapshot } from './drift';
import { classifyHttpFailure } from '../steve/httpFailure';

export const HOST_TYPES = {
  vm:   'kubevirt.io.virtualmachine',
  vmi:  'kubevirt.io.virtualmachineinstance',
  node: 'node',
} as const;

/**
 * - noHost: the guest's Harvester host cannot be told (no credential, several Harvester clusters)
 * - forbidden: the user may not read the host's VMs
 * - unreachable: any other failure (host offline, agent disconnected)
 */
export type HostProblem = 'noHost' | 'forbidden' | 'unreachable';

export interface HostTopologyResult {
  hostClusterId: string | null;
  snapshot: HostSnapshot | null;
  problem: HostProblem | null;
}

export function problemOf(e: unknown): HostProblem {
  return classifyHttpFailure(e).failure === 'forbidden' ? 'forbidden' : 'unreachable';
}

/**
 * The one place the topology feature reads the Harvester host: its VMs, their instances and its nodes,
 * three list requests in parallel, read-only. VMs are listed in every namespace the user can read because
 * the guest's VM namespace is a machine-pool setting the guest does not expose.
 */
export async function loadHostTopology(store: StoreLike, guestClusterId: string): Promise<HostTopologyResult> {
  let hostClusterId: string | null = null;

  try {
    hostClusterId = await findHostClusterId(store, guestClusterId);
  } catch (e) {
    return {
      hostClusterId: null, snapshot: null, problem: 'noHost'
    };
  }
  if (!hostClusterId) {
    return {
      hostClusterId: null, snapshot: null, problem: 'noHost'
    };
  }
  const id = hostClusterId;
  // Host nodes are cluster-scoped: a Harvester project member can read the VMs but not them.
  const nodes = hostList<KubeObject>(store, id, HOST_TYPES.node).catch(() => null);

  try {
    const [vms, vmis] = await Promise.all([
      hostList<KubeObject>(store, id, HOST_TYPES.vm),
      hostList<KubeObject>(store, id, HOST_TYPES.vmi),
    ]);

    return {
      hostClusterId: id,
      snapshot:      {
        vms, vmis, nodes: await nodes
      },
      problem: null
    };
  } catch (e) {
    await nodes;

    return {
      hostClusterId: id, snapshot: null, problem: problemOf(e)
    };
  }
}
