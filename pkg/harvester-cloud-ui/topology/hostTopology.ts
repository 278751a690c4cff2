import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { HOST_VM, HOST_VMI, NODE } from '../data/typeIds';
import { hostListUrl, hostRequest } from '../data/clusterProxy';
import { classifyHttpFailure } from '../data/failure';
import { SlimCache, SlimList, partialLists, slimList } from '../data/slimCache';
import type { HostUnknown } from '../environment/hostCluster';
import { lookUpHost } from '../environment/host';
import { vmUidOf } from '../environment/harvesterCluster';
import { guestVmNamespaces } from '../environment/vmNamespaces';
import { HostSnapshot, ownerVmUid } from './drift';
import { HOST_NODE_FIELDS, VM_FIELDS, VMI_FIELDS } from './fields';

export const HOST_TYPES = {
  vm:   HOST_VM,
  vmi:  HOST_VMI,
  node: NODE,
} as const;

/**
 * - noHost: the guest's Harvester host cannot be told to this user (the result's `unknown` says why)
 * - forbidden: the user may not read the host's VMs
 * - unreachable: any other failure (host offline, agent disconnected)
 */
export type HostProblem = 'noHost' | 'forbidden' | 'unreachable';

export interface HostTopologyResult {
  hostClusterId: string | null;
  snapshot: HostSnapshot | null;
  problem: HostProblem | null;
  /** Why the host is not known (problem noHost). */
  unknown?: HostUnknown | null;
}

export function problemOf(e: unknown): HostProblem {
  return classifyHttpFailure(e).failure === 'forbidden' ? 'forbidden' : 'unreachable';
}

/** What a guest's host and VM namespaces are does not change while the page is open: asked once per guest. */
const placement = new Map<string, Promise<{ hostClusterId: string | null; unknown: HostUnknown | null; namespaces: string[] | null }>>();

/** The last host reading per guest, shown at once on a repeat visit while it is checked again. */
const lastResult = new Map<string, HostTopologyResult>();

export function clearHostPlacement(): void {
  placement.clear();
  lastResult.clear();
}

export function lastHostTopology(guestClusterId: string): HostTopologyResult | undefined {
  return lastResult.get(guestClusterId);
}

/** Starts finding the guest's host and VM namespaces (Rancher-local requests only) before they are needed. */
export function prefetchHostPlacement(store: StoreLike, guestClusterId: string): void {
  placementOf(store, guestClusterId).catch(() => undefined);
}

function placementOf(store: StoreLike, guestClusterId: string) {
  let found = placement.get(guestClusterId);

  if (!found) {
    found = Promise.all([lookUpHost(store, guestClusterId), guestVmNamespaces(store, guestClusterId)])
      .then(([host, namespaces]) => ({
        hostClusterId: host.id, unknown: host.unknown, namespaces
      }));
    placement.set(guestClusterId, found);
    // A failed or empty lookup is asked again next time.
    found.then((p) => !p.hostClusterId && placement.delete(guestClusterId), () => placement.delete(guestClusterId));
  }

  return found;
}

/** A partial host list, from the cache while the host's revision of it is unchanged. */
async function hostSlim(store: StoreLike, cache: SlimCache, hostClusterId: string, type: string, fields: string[], namespace?: string): Promise<SlimList> {
  const url = hostListUrl(hostClusterId, type, { namespace });
  const { list } = await slimList(cache, `${ hostClusterId }/${ type }/${ namespace || '' }`, url, fields, (u) => hostRequest(store, u));

  return list;
}

/** Lists a type in each of the namespaces (or in all the user can read when null), concatenated. */
async function inNamespaces(namespaces: string[] | null, one: (ns?: string) => Promise<SlimList>): Promise<KubeObject[]> {
  const lists = await Promise.all(namespaces ? namespaces.map((ns) => one(ns)) : [one()]);

  return lists.flatMap((l) => l.items);
}

/**
 * The one place the topology feature reads the Harvester host, read-only and with only the fields drift reads:
 * the VM instances (in the guest's VM namespaces when its machine pools name them, else every namespace the user
 * can read) and the host's nodes, in parallel; the VMs themselves only when some guest node's VM has no instance
 * (stopped, or missing). Lists are kept in the topology cache and re-read only when the host's revision moved.
 * `guestNodes` may be a promise: the host is then read while the guest's nodes load.
 */
export async function loadHostTopology(
  store: StoreLike,
  guestClusterId: string,
  guestNodes: readonly KubeObject[] | Promise<readonly KubeObject[]>,
  cache: SlimCache = partialLists
): Promise<HostTopologyResult> {
  const result = await readHost(store, guestClusterId, guestNodes, cache);

  if (result.snapshot) {
    lastResult.set(guestClusterId, result);
  } else {
    lastResult.delete(guestClusterId);
  }

  return result;
}

async function readHost(store: StoreLike, guestClusterId: string, guestNodes: readonly KubeObject[] | Promise<readonly KubeObject[]>, cache: SlimCache): Promise<HostTopologyResult> {
  let where: { hostClusterId: string | null; unknown: HostUnknown | null; namespaces: string[] | null };

  try {
    where = await placementOf(store, guestClusterId);
  } catch (e) {
    where = {
      hostClusterId: null, unknown: null, namespaces: null
    };
  }
  const id = where.hostClusterId;

  if (!id) {
    return {
      hostClusterId: null, snapshot: null, problem: 'noHost', unknown: where.unknown
    };
  }
  // Host nodes are cluster-scoped: a Harvester project member can read the VMs but not them.
  const nodes = hostSlim(store, cache, id, HOST_TYPES.node, HOST_NODE_FIELDS).then((l) => l.items, () => null);

  try {
    const vmis = await inNamespaces(where.namespaces, (ns) => hostSlim(store, cache, id, HOST_TYPES.vmi, VMI_FIELDS, ns));
    const owned = new Set(vmis.map(ownerVmUid).filter(Boolean));
    // The guest's nodes may still be loading (the page reads both at once): only this step needs them.
    const withoutInstance = (await guestNodes).some((n) => {
      const uid = vmUidOf(n);

      return !!uid && !owned.has(uid);
    });
    const vms = withoutInstance ? await inNamespaces(where.namespaces, (ns) => hostSlim(store, cache, id, HOST_TYPES.vm, VM_FIELDS, ns)) : [];

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
