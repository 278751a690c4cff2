import { StoreLike, currentClusterId, request, typeUrl } from '../data/store';
import { NODE } from '../data/typeIds';
import { Fresh, SlimCache, partialLists, slimList } from '../data/slimCache';

/** Guest nodes: grouping (labels, Ready condition), roles (labels), drift (providerID), spread (labels). */
export const GUEST_NODE_FIELDS = ['metadata.name', 'metadata.labels', 'spec.providerID', 'status.conditions'];

/** Cache key of the current cluster's partial node list. */
export function guestNodesKey(clusterId: string): string {
  return `${ clusterId }/${ NODE }`;
}

/**
 * The guest's nodes with only the fields the extension reads, kept in the partial-list cache: a repeat visit asks for
 * the list's revision only. Not `cluster/findAll`: with Rancher 2.12+'s server-side pagination the store holds only
 * the Node list's current page, so findAll listed every whole node on every visit (11.5 MB at 5,000 nodes) and then
 * replaced the Node list's page with them.
 */
export function loadGuestNodes(store: StoreLike, cache: SlimCache = partialLists): Promise<Fresh> {
  return slimList(cache, guestNodesKey(currentClusterId(store)), typeUrl(store, NODE), GUEST_NODE_FIELDS, (url) => request(store, 'cluster', { url }));
}
