/**
 * The cluster's VolumeSnapshots list (Storage group): what it reads and what it says when it cannot list.
 * - no `snapshot.storage.k8s.io.volumesnapshot` schema: Steve serves a schema per installed CRD the user may use, so
 *   the CRDs are not installed or the user's role may not use them; the CRD's own read tells which when the user may
 *   read CRDs (crd.ts), else both are said — never a blank page;
 * - a schema without GET in `collectionMethods`, or a 401/403 on the list: the user may not list them;
 * - the classes are read when readable (their kind and deletion policy); a namespace user often cannot, and
 *   the kind column stays empty then instead of failing the page.
 * Requests are plain ones (data/guest.ts: nothing partial in the store; a failure arrives as it came).
 */
import { KubeObject, SchemaLike } from '../data/types';
import { StoreLike } from '../data/store';
import { PVC, SNAPSHOT_CLASS, VOLUME_SNAPSHOT } from '../data/typeIds';
import { guestList, guestListIfSchema } from '../data/guest';
import { schemaOf } from '../shellAdapter/schemas';
import { classifyHttpFailure } from '../data/failure';
import { resourceDetailRoute } from '../data/routes';
import { SnapshotClassLike } from './classes';
import { loadHostSide } from './hostSide';
import { LookSteps, nextLook } from './liveViews';
import { whyNoSnapshotSchema } from './crd';
import { SnapshotRow, snapshotRows } from './rows';

export type ListState = 'ok' | 'noCrd' | 'unknown' | 'forbidden' | 'unreachable' | 'error';

export interface SnapshotList {
  state: ListState;
  detail: string;
  snapshots: KubeObject[];
  classes: KubeObject[];
}

/** What the schema alone tells before any request: 'noCrd', 'forbidden', or null to go and list. */
export function schemaState(schema: SchemaLike | null | undefined): 'noCrd' | 'forbidden' | null {
  if (!schema) {
    return 'noCrd';
  }

  return (schema.collectionMethods || []).some((m) => m.toUpperCase() === 'GET') ? null : 'forbidden';
}

export async function loadSnapshotList(store: StoreLike): Promise<SnapshotList> {
  const empty = {
    detail: '', snapshots: [], classes: []
  };
  const before = schemaState(schemaOf(store, 'cluster', VOLUME_SNAPSHOT));

  if (before === 'noCrd') {
    const why = await whyNoSnapshotSchema(store);

    return { ...empty, state: why === 'denied' ? 'forbidden' : why };
  }
  if (before) {
    return { ...empty, state: before };
  }
  const classes = guestListIfSchema(store, SNAPSHOT_CLASS).catch((): KubeObject[] => []);

  try {
    const [snapshots, cls] = await Promise.all([guestList(store, VOLUME_SNAPSHOT), classes]);

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

/** The rows of the cluster's list. */
export function listRows(list: SnapshotList): SnapshotRow[] {
  return snapshotRows(list.snapshots, list.classes as unknown as SnapshotClassLike[]);
}

/** One look of the cluster's VolumeSnapshots list; the next look's delay, or null. */
export async function lookAtList(store: StoreLike, clusterId: string, hostId: string | null, show: LookSteps<SnapshotList>): Promise<number | null> {
  const list = await loadSnapshotList(store);
  const rows = listRows(list);

  show.read(list);
  if (rows.length) {
    show.host(await loadHostSide(store, clusterId, hostId));
  }

  return nextLook(rows);
}
