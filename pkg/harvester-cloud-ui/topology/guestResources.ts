import { KubeObject } from '../data/types';
import { StoreLike, findBySelector } from '../data/store';
import { POD } from '../data/typeIds';
import { guestListIfSchema } from '../data/guest';
import { SPREAD_WORKLOAD_TYPES, WORKLOAD_FIELDS } from './fields';

/**
 * Deployments and StatefulSets the user can list, for the spread picker, with only what spread.ts reads; a type
 * the user cannot list is skipped. Partial objects: read with plain requests, kept out of the store.
 */
export async function loadSpreadWorkloads(store: StoreLike): Promise<KubeObject[]> {
  const lists = await Promise.all(SPREAD_WORKLOAD_TYPES.map(async(type) => {
    const items = await guestListIfSchema(store, type, { include: WORKLOAD_FIELDS }).catch(() => []);

    return items.map((w) => ({ ...w, type: w.type || type }));
  }));

  return lists.flat();
}

/** The workload's pods only (label selector in its namespace), never every pod of the cluster. */
export async function loadWorkloadPods(store: StoreLike, workload: KubeObject): Promise<KubeObject[]> {
  const labelSelector = workload.spec?.selector;

  if (!labelSelector || (!Object.keys(labelSelector.matchLabels || {}).length && !(labelSelector.matchExpressions || []).length)) {
    return [];
  }

  return findBySelector(store, POD, workload.metadata.namespace, labelSelector);
}
