/**
 * The host lookup (hostCluster.ts) as the screens ask for it: from the chunk the cluster check loads when a cluster is
 * entered (guestRegistry.ts → classify.ts, before the cluster's pages render), so a screen finds it already loaded
 * instead of carrying a copy of it and of the Rancher reads under it (data/rancher.ts).
 */
import type { StoreLike } from '../data/store';
import type { KubeObject } from '../data/types';
import type { HostLookup, ManagementCluster } from './hostCluster';
import { classifyChunk as lookup } from './guestRegistry';

/** hostCluster.ts `lookUpHost`: the guest's Harvester host, or why it cannot be told. */
export async function lookUpHost(store: StoreLike, guestClusterId: string): Promise<HostLookup> {
  return (await lookup()).lookUpHost(store, guestClusterId);
}

/** hostCluster.ts `findHostClusterId`: the host's Rancher cluster id, or null. */
export async function findHostClusterId(store: StoreLike, guestClusterId: string): Promise<string | null> {
  return (await lookup()).findHostClusterId(store, guestClusterId);
}

/** hostCluster.ts `guestClusters`: the guest's management and provisioning clusters. */
export async function guestClusters(store: StoreLike, guestClusterId: string): Promise<{ mgmt?: ManagementCluster; prov?: KubeObject }> {
  return (await lookup()).guestClusters(store, guestClusterId);
}
