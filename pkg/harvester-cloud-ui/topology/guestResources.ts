import { KubeObject, StoreLike } from '../steve/types';
import { NODE } from '../steve/harvesterCluster';
import { SPREAD_WORKLOAD_TYPES } from './spread';

export const POD = 'pod';

/** The guest's nodes, through the cluster store the explorer already watches (no extra request when cached). */
export async function loadGuestNodes(store: StoreLike): Promise<KubeObject[]> {
  return store.dispatch('cluster/findAll', { type: NODE });
}

/** Deployments and StatefulSets the user can list, for the spread picker; a type the user cannot list is skipped. */
export async function loadSpreadWorkloads(store: StoreLike): Promise<KubeObject[]> {
  const lists = await Promise.all(SPREAD_WORKLOAD_TYPES.map((type) => {
    if (!store.getters['cluster/schemaFor'](type)) {
      return [];
    }

    return store.dispatch('cluster/findAll', { type }).catch(() => []);
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
