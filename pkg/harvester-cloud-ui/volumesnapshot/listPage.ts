/**
 * The cluster's VolumeSnapshots list (Storage group): what it reads and what it says when it cannot list.
 * - no `snapshot.storage.k8s.io.volumesnapshot` schema: the CRDs are not installed (Steve serves a schema per
 *   installed CRD the user may use) — said, with how to get them, never a blank page;
 * - a schema without GET in `collectionMethods`, or a 401/403 on the list: the user may not list them;
 * - the classes are read when readable (their kind and deletion policy); a namespace user often cannot, and
 *   the kind column stays empty then instead of failing the page.
 * Requests go through `cluster/request` (nothing partial in the store; a failure arrives as it came).
 */
import { classifyHttpFailure } from '../environment/httpFailure';
import { KubeObject, StoreLike } from '../environment/types';
import { SNAPSHOT_CLASS } from '../snapshotclass/names';
import { resourceDetailRoute } from '../shellAdapter/resourceRoutes';
import { PVC, VOLUME_SNAPSHOT } from './names';

export type ListState = 'ok' | 'noCrd' | 'forbidden' | 'unreachable' | 'error';

export interface SnapshotList {
  state: ListState;
  detail: string;
  snapshots: KubeObject[];
  classes: KubeObject[];
}

interface SchemaLike { collectionMethods?: string[] }

/** What the schema alone tells before any request: 'noCrd', 'forbidden', or null to go and list. */
export function schemaState(schema: SchemaLike | null | undefined): 'noCrd' | 'forbidden' | null {
  if (!schema) {
    return 'noCrd';
  }

  return (schema.collectionMethods || []).some((m) => m.toUpperCase() === 'GET') ? null : 'forbidden';
}

async function listOf(store: StoreLike, type: string): Promise<KubeObject[]> {
  const res = await store.dispatch('cluster/request', { url: store.getters['cluster/urlFor'](type) });

  return res?.data || [];
}

export async function loadSnapshotList(store: StoreLike): Promise<SnapshotList> {
  const empty = {
    detail: '', snapshots: [], classes: []
  };
  const before = schemaState(store.getters['cluster/schemaFor'](VOLUME_SNAPSHOT));

  if (before) {
    return { ...empty, state: before };
  }
  const classes = store.getters['cluster/schemaFor'](SNAPSHOT_CLASS) ? listOf(store, SNAPSHOT_CLASS).catch(() => []) : Promise.resolve([]);

  try {
    const [snapshots, cls] = await Promise.all([listOf(store, VOLUME_SNAPSHOT), classes]);

    return {
      state: 'ok', detail: '', snapshots, classes: cls
    };
  } catch (err) {
    const f = classifyHttpFailure(err);

    return {
      ...empty, state: f.failure, detail: f.detail || ''
    };
  }
}

/** The PVC's detail page on its "Volume snapshots" tab, where a snapshot is restored or deleted. */
export function pvcSnapshotsLocation(clusterId: string, namespace: string, pvc: string, tab: string) {
  return resourceDetailRoute(clusterId, PVC, namespace, pvc, tab);
}

/**
 * The rows the top bar's namespace picker lets through (`active` null: no filter), and how many it hides, so an
 * empty list can say why it is empty.
 */
export function byNamespaceFilter<T extends { namespace: string }>(rows: T[], active: Set<string> | null): { shown: T[]; hidden: number } {
  const shown = active ? rows.filter((r) => active.has(r.namespace)) : rows;

  return { shown, hidden: rows.length - shown.length };
}
