import { KubeObject, StoreLike } from '../environment/types';
import { NODE } from '../environment/harvesterCluster';
import { SPREAD_WORKLOAD_TYPES } from './spread';
import { Fresh, SlimCache, topologyCache } from './slimCache';
import { GUEST_NODE_FIELDS, WORKLOAD_FIELDS, revisionUrl, withQuery } from './slimQuery';

export const POD = 'pod';

/** Cache key of the current cluster's partial node list. */
export function guestNodesKey(clusterId: string): string {
  return `${ clusterId }/${ NODE }`;
}

/** A list from the current cluster's Steve, never put into the store (the objects are partial). */
async function guestCollection(store: StoreLike, url: string): Promise<{ revision?: string; data?: KubeObject[] }> {
  return store.dispatch('cluster/request', { url });
}

/**
 * The guest's nodes with only the fields the page reads (slimQuery.ts), kept in the topology cache: a repeat
 * visit asks for the list's revision only. Not `cluster/findAll`: with Rancher 2.12+'s server-side pagination the
 * store holds only the Node list's current page, so findAll listed every whole node on every visit (11.5 MB at
 * 5,000 nodes) and then replaced the Node list's page with them.
 */
export function loadGuestNodes(store: StoreLike, cache: SlimCache = topologyCache): Promise<Fresh> {
  const url: string = store.getters['cluster/urlFor'](NODE);

  return cache.fresh(guestNodesKey(store.getters['clusterId']), {
    async list() {
      const res = await guestCollection(store, withQuery(url, GUEST_NODE_FIELDS));

      return { revision: res?.revision ?? null, items: res?.data || [] };
    },
    async revision() {
      return (await guestCollection(store, revisionUrl(url)))?.revision ?? null;
    },
  });
}

/**
 * Deployments and StatefulSets the user can list, for the spread picker, with only what spread.ts reads; a type
 * the user cannot list is skipped. Partial objects: read with `cluster/request`, kept out of the store.
 */
export async function loadSpreadWorkloads(store: StoreLike): Promise<KubeObject[]> {
  const lists = await Promise.all(SPREAD_WORKLOAD_TYPES.map(async(type) => {
    if (!store.getters['cluster/schemaFor'](type)) {
      return [];
    }
    try {
      const res = await guestCollection(store, withQuery(store.getters['cluster/urlFor'](type), WORKLOAD_FIELDS));

      return (res?.data || []).map((w) => ({ ...w, type: w.type || type }));
    } catch (e) {
      return [];
    }
  }));

  return lists.flat();
}

/** The workload's pods only (label selector in its namespace), never every pod of the cluster. */
export async function loadWorkloadPods(store: StoreLike, workload: KubeObject): Promise<KubeObject[]> {
  const labelSelector = workload.spec?.selector;

  if (!labelSelector || (!Object.keys(labelSelector.matchLabels || {}).length && !(labelSelector.matchExpressions || []).length)) {
    return [];
  }
  const res = await store.dispatch('cluster/findLabelSelector', {
    type:     POD,
    matching: { namespace: workload.metadata.namespace, labelSelector },
    opt:      { transient: true },
  });

  return res?.data || [];
}
