/**
 * The guest objects the snapshot panel reads and writes, through the current cluster's Steve (`cluster/request`,
 * so nothing partial lands in the store and a failure reaches the form as it came).
 */
import { httpStatusOf } from '../environment/httpFailure';
import { installedVersion } from '../environment/installedVersions';
import { KubeObject, StoreLike } from '../environment/types';
import type { ClaimEvent } from './binding';
import { SNAPSHOT_CLASS } from '../snapshotclass/names';
import { PVC, STORAGE_CLASS, VOLUME_SNAPSHOT } from './names';

export interface PanelData {
  crd: boolean;
  canCreate: boolean;
  canDelete: boolean;
  snapshots: KubeObject[];
  classes: KubeObject[];
  storageClasses: KubeObject[];
  pvcNames: string[];
  csiVersion: string | null;
}

async function list(store: StoreLike, type: string): Promise<KubeObject[]> {
  if (!store.getters['cluster/schemaFor'](type)) {
    return [];
  }
  try {
    const res = await store.dispatch('cluster/request', { url: store.getters['cluster/urlFor'](type) });

    return res?.data || [];
  } catch (e) {
    return [];
  }
}

/** Everything the panel of one namespace needs. */
export async function loadPanel(store: StoreLike, namespace: string): Promise<PanelData> {
  const schema = store.getters['cluster/schemaFor'](VOLUME_SNAPSHOT);
  const methods: string[] = schema?.collectionMethods || [];
  const resourceMethods: string[] = schema?.resourceMethods || [];
  const [snapshots, classes, storageClasses, pvcs, csiVersion] = await Promise.all([
    list(store, VOLUME_SNAPSHOT), list(store, SNAPSHOT_CLASS), list(store, STORAGE_CLASS), list(store, PVC),
    installedVersion(store, 'csiDriver'),
  ]);
  const inNs = (o: KubeObject) => o.metadata.namespace === namespace;

  return {
    crd:       !!schema,
    canCreate: methods.includes('POST'),
    canDelete: resourceMethods.includes('DELETE'),
    snapshots: snapshots.filter(inNs),
    classes,
    storageClasses,
    pvcNames:  pvcs.filter(inNs).map((p) => p.metadata.name),
    csiVersion,
  };
}

export function createObject(store: StoreLike, type: string, body: unknown): Promise<unknown> {
  return store.dispatch('cluster/request', {
    url: store.getters['cluster/urlFor'](type), method: 'POST', data: body
  });
}

/** `urlFor` with the id: the store puts its query (`?exclude=…`) after the path, so the id goes in first. */
export function deleteObject(store: StoreLike, type: string, id: string): Promise<unknown> {
  return store.dispatch('cluster/request', { url: store.getters['cluster/urlFor'](type, id), method: 'DELETE' });
}

export interface ClaimRead {
  pvc: KubeObject | null;
  failure?: 'missing' | 'unreadable';
  /** Only while it is not Bound; null when the events are not readable. */
  events: ClaimEvent[] | null;
}

/**
 * The events of one claim: Steve `filter=` on the involved object's kind and uid (indexed by its SQL cache, which
 * ignores `fieldSelector`), filtered again here so that nothing foreign is shown.
 */
async function claimEvents(store: StoreLike, pvc: KubeObject): Promise<ClaimEvent[] | null> {
  const [path, query = ''] = `${ store.getters['cluster/urlFor']('event') }`.split('?');
  const params = new URLSearchParams(query);

  params.append('filter', 'involvedObject.kind=PersistentVolumeClaim');
  params.append('filter', `involvedObject.uid=${ pvc.metadata.uid }`);
  try {
    const res = await store.dispatch('cluster/request', { url: `${ path.replace(/\/+$/, '') }/${ encodeURIComponent(pvc.metadata.namespace || 'default') }?${ params }` });

    return (res?.data || []).filter((e: { involvedObject?: { uid?: string } }) => e.involvedObject?.uid === pvc.metadata.uid);
  } catch (e) {
    return null;
  }
}

/** One claim as it is now (a restore's binding progress), with its events while it is not Bound. */
export async function loadClaim(store: StoreLike, namespace: string, name: string): Promise<ClaimRead> {
  let pvc: KubeObject;

  try {
    pvc = await store.dispatch('cluster/request', { url: store.getters['cluster/urlFor'](PVC, `${ encodeURIComponent(namespace) }/${ encodeURIComponent(name) }`) });
  } catch (err) {
    return {
      pvc: null, failure: httpStatusOf(err) === 404 ? 'missing' : 'unreadable', events: null
    };
  }

  return { pvc, events: pvc?.status?.phase === 'Bound' || !pvc?.metadata?.uid ? null : await claimEvents(store, pvc) };
}
