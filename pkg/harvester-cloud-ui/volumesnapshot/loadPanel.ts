/**
 * The guest objects the snapshot panel reads, through the current cluster's plain requests (data/guest.ts: nothing
 * partial lands in the store, and a failure reaches the form as it came).
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import {
  EVENT, PVC, SNAPSHOT_CLASS, STORAGE_CLASS, VOLUME_SNAPSHOT
} from '../data/typeIds';
import { guestGet, guestList, guestListIfSchema } from '../data/guest';
import { schemaOf } from '../shellAdapter/schemas';
import { eq } from '../data/steve';
import { readFailureOf } from '../data/failure';
import { installedVersion } from '../environment/installedVersions';
import type { ClaimEvent } from './binding';
import { SchemaWhy, SnapshotActions, snapshotActions } from './access';
import { whyNoSnapshotSchema } from './crd';

export interface PanelData {
  crd: boolean;
  /** Without the VolumeSnapshot schema: why (access.ts). */
  schemaWhy: SchemaWhy | null;
  /** What the user's role allows here. */
  actions: SnapshotActions;
  snapshots: KubeObject[];
  classes: KubeObject[];
  storageClasses: KubeObject[];
  pvcNames: string[];
  csiVersion: string | null;
}

const list = (store: StoreLike, type: string) => guestListIfSchema(store, type).catch((): KubeObject[] => []);

/** Everything the panel of one namespace needs. */
export async function loadPanel(store: StoreLike, namespace: string): Promise<PanelData> {
  const [snapshots, classes, storageClasses, pvcs, csiVersion] = await Promise.all([
    list(store, VOLUME_SNAPSHOT), list(store, SNAPSHOT_CLASS), list(store, STORAGE_CLASS), list(store, PVC),
    installedVersion(store, 'csiDriver'),
  ]);
  const inNs = (o: KubeObject) => o.metadata.namespace === namespace;
  const schema = schemaOf(store, 'cluster', VOLUME_SNAPSHOT);

  return {
    crd:       !!schema,
    schemaWhy: schema ? null : await whyNoSnapshotSchema(store),
    actions:   snapshotActions((where, type) => schemaOf(store, where, type)),
    snapshots: snapshots.filter(inNs),
    classes,
    storageClasses,
    pvcNames:  pvcs.filter(inNs).map((p) => p.metadata.name),
    csiVersion,
  };
}

export interface ClaimRead {
  pvc: KubeObject | null;
  failure?: 'missing' | 'unreadable';
  /** Only while it is not Bound; null when the events are not readable. */
  events: ClaimEvent[] | null;
}

/**
 * The events of one claim: by the involved object's kind and uid (indexed by Steve's SQL cache, which ignores
 * `fieldSelector`), filtered again here so that nothing foreign is shown.
 */
async function claimEvents(store: StoreLike, pvc: KubeObject): Promise<ClaimEvent[] | null> {
  const events = await guestList<ClaimEvent & { involvedObject?: { uid?: string } }>(store, EVENT, {
    namespace: pvc.metadata.namespace || 'default',
    filters:   [eq('involvedObject.kind', 'PersistentVolumeClaim'), eq('involvedObject.uid', pvc.metadata.uid as string)],
  }).catch(() => null);

  return events ? events.filter((e) => e.involvedObject?.uid === pvc.metadata.uid) : null;
}

/** One claim as it is now (a restore's binding progress), with its events while it is not Bound. */
export async function loadClaim(store: StoreLike, namespace: string, name: string): Promise<ClaimRead> {
  let pvc: KubeObject;

  try {
    pvc = await guestGet(store, PVC, `${ encodeURIComponent(namespace) }/${ encodeURIComponent(name) }`);
  } catch (err) {
    return {
      pvc: null, failure: readFailureOf(err).failure === 'absent' ? 'missing' : 'unreadable', events: null
    };
  }

  return { pvc, events: pvc?.status?.phase === 'Bound' || !pvc?.metadata?.uid ? null : await claimEvents(store, pvc) };
}
