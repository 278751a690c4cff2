/**
 * The dashboard's Vuex store as the extension uses it: with shellAdapter/, the only code that calls `dispatch`, reads
 * `getters` or asks `urlFor` (eslint.config.mjs enforces it). Everything above passes the store through untouched.
 * The store modules are the shell's documented Steve stores: `cluster` (the current cluster, /k8s/clusters/<id>/v1),
 * `management` (Rancher's local cluster, /v1) and `rancher` (Norman, /v3).
 */
import { KubeObject, SchemaLike } from './types';

export interface StoreLike {
  getters: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  dispatch(type: string, payload?: unknown): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export type StoreName = 'cluster' | 'management' | 'rancher';

export interface RequestOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  data?: unknown;
  /** Milliseconds before the request is given up (the shell passes it to axios); none by default. */
  timeout?: number;
}

/**
 * Whether a 401 to this request may log the user out. Rancher's proxy answers a bodiless 401 for a cluster the user is
 * no member of (rancher pkg/api/steve/proxy Handler.ServeHTTP), and the shell's `request` action logs out on any 401
 * unless told not to (shell/plugins/steve/actions.js onError). So a request to a cluster (the current one's
 * `cluster` store, or any `/k8s/clusters/<id>/…` URL) never does: there a 401 means "not allowed here" and the caller
 * says so (failure.ts `forbidden`). Only Rancher's own API (`/v1`, `/v3` of the local server) keeps the shell's rule.
 */
export function mayLogOut(where: StoreName, url: string): boolean {
  return where !== 'cluster' && !/(^|\/)k8s\/clusters\//.test(url);
}

/**
 * How long a read of another cluster may take before the page says that cluster did not answer (R-API-3). A cluster
 * whose kube-apiserver is down does not answer with an error: Steve serves the types it already watches from its cache
 * and holds every other read (steve v0.10.2, still holding after 100 s), and the shell's request has no timeout of its
 * own, so the page would spin for good. Writes keep no timeout: one given up on may still have been stored.
 */
export const CLUSTER_READ_TIMEOUT_MS = 20000;

/** A plain request through one of the Steve stores: nothing goes into the store, a failure arrives as it came. */
export function request<T = any>(store: StoreLike, where: StoreName, opt: RequestOptions): Promise<T> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return store.dispatch(`${ where }/request`, mayLogOut(where, opt.url) ? { ...opt } : { ...opt, redirectUnauthorized: false });
}

/** The options the store's own actions (`find`, `findLabelSelector`) pass on to `request`: the same rule. */
function storeActionOpt(where: StoreName): { redirectUnauthorized?: false } {
  return where === 'cluster' ? { redirectUnauthorized: false } : {};
}

/** The id of the cluster the page is in. */
export function currentClusterId(store: StoreLike): string {
  return store.getters.clusterId;
}

export type ManagementCluster = KubeObject & { provClusterId?: string; provCluster?: KubeObject };

/** The current cluster's management cluster model, when the store holds it. */
export function currentCluster(store: StoreLike): ManagementCluster | undefined {
  return store.getters.currentCluster;
}

/** The collection URL of a type in the current cluster (with the store's own query, e.g. `exclude=`), or of one object. */
export function typeUrl(store: StoreLike, type: string, id?: string): string {
  return `${ id === undefined ? store.getters['cluster/urlFor'](type) : store.getters['cluster/urlFor'](type, id) }`;
}

/** The schema of a type in the current cluster; undefined when the user may not use it or it is not installed. */
export function schemaOf(store: StoreLike, type: string): SchemaLike | undefined {
  return store.getters['cluster/schemaFor']?.(type) || undefined;
}

/** An object the store already holds. */
export function cached<T = KubeObject>(store: StoreLike, where: 'cluster' | 'management', type: string, id: string): T | undefined {
  return store.getters[`${ where }/byId`]?.(type, id) || undefined;
}

/** Every object of a type the store holds (management: one page of them at most under server-side pagination). */
export function cachedAll<T = KubeObject>(store: StoreLike, where: 'cluster' | 'management', type: string): T[] {
  return store.getters[`${ where }/all`]?.(type) || [];
}

/** The store's `find`: the whole object, kept in the store (only for objects read whole). */
export function find<T = KubeObject>(store: StoreLike, where: 'cluster' | 'management', type: string, id: string): Promise<T> {
  return store.dispatch(`${ where }/find`, {
    type, id, opt: storeActionOpt(where)
  });
}

/** Pods by a label selector in a namespace, kept out of the store (`transient`). */
export async function findBySelector(store: StoreLike, type: string, namespace: string | undefined, labelSelector: unknown): Promise<KubeObject[]> {
  const res = await store.dispatch('cluster/findLabelSelector', {
    type, matching: { namespace, labelSelector }, opt: { transient: true, ...storeActionOpt('cluster') },
  });

  return res?.data || [];
}

export interface WatchableStore extends StoreLike {
  watch(getter: (state: unknown, getters: Record<string, unknown>) => unknown, cb: (value: unknown) => void, options?: { immediate?: boolean }): () => void;
}

/** Calls `cb` with the current cluster's id now and whenever the user enters another cluster. */
export function onClusterEntered(store: WatchableStore, cb: (clusterId: string) => void): () => void {
  return store.watch((_state, getters) => getters.clusterId, (id) => cb(id as string), { immediate: true });
}
