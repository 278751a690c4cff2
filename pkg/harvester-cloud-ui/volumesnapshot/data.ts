/**
 * The guest objects the snapshot panel reads and writes, through the current cluster's Steve (`cluster/request`,
 * so nothing partial lands in the store and a failure reaches the form as it came).
 */
import { installedVersion } from '../cluster/installedVersions';
import { KubeObject, StoreLike } from '../cluster/types';
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

export function deleteObject(store: StoreLike, type: string, id: string): Promise<unknown> {
  return store.dispatch('cluster/request', { url: `${ store.getters['cluster/urlFor'](type) }/${ id }`, method: 'DELETE' });
}
