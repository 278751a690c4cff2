/**
 * Clusters other than the current one, through Rancher's proxy of their Steve API (`/k8s/clusters/<id>/v1/…`, asked
 * through the `management` store as Rancher's own pages do): the Harvester host of a guest, and a guest by its id
 * (before its pages load, or to write into it). The user is impersonated, so the cluster's RBAC decides, and a 401
 * from the proxy means "not allowed there", not "logged out of Rancher": no redirect to the login page.
 */
import { KubeObject, SteveCollection } from './types';
import { Filter, ListQuery, listUrl } from './steve';
import { CLUSTER_READ_TIMEOUT_MS, RequestOptions, StoreLike, request } from './store';
import { clusterApi } from './paths';

export { clusterApi } from './paths';

/** The path of an object or collection of a type in a cluster (`id`: `<name>` or `<namespace>/<name>`, encoded). */
export function clusterTypeUrl(clusterId: string, type: string, namespace?: string, id?: string): string {
  return `${ clusterApi(clusterId) }/${ type }${ namespace ? `/${ encodeURIComponent(namespace) }` : '' }${ id ? `/${ id }` : '' }`;
}

export interface ProxyQuery extends ListQuery {
  namespace?: string;
}

/** The URL of a type's list in a cluster, with a Steve query. */
export function proxyListUrl(clusterId: string, type: string, q: ProxyQuery = {}): string {
  return listUrl(clusterTypeUrl(clusterId, type, q.namespace), q);
}

/** One request to a cluster through the proxy; a read gives up after CLUSTER_READ_TIMEOUT_MS (`unreachable`). */
export function proxyRequest<T = any>(store: StoreLike, opt: RequestOptions): Promise<T> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const read = !opt.method || opt.method === 'GET';

  return request(store, 'management', read && opt.timeout === undefined ? { ...opt, timeout: CLUSTER_READ_TIMEOUT_MS } : opt);
}

/** The whole Steve collection (with its revision) at a URL made by the functions above. */
export function proxyCollection<T = KubeObject>(store: StoreLike, url: string): Promise<SteveCollection<T>> {
  return proxyRequest(store, { url });
}

/** Lists a type in a cluster. */
export async function proxyList<T = KubeObject>(store: StoreLike, clusterId: string, type: string, q: ProxyQuery = {}): Promise<T[]> {
  return (await proxyCollection<T>(store, proxyListUrl(clusterId, type, q)))?.data || [];
}

/** One object of a cluster. */
export function proxyGet<T = KubeObject>(store: StoreLike, clusterId: string, type: string, namespace: string | undefined, name: string): Promise<T> {
  return proxyRequest(store, { url: clusterTypeUrl(clusterId, type, namespace, encodeURIComponent(name)) });
}

/** Creates an object in a cluster. */
export function proxyCreate<T = unknown>(store: StoreLike, clusterId: string, type: string, body: unknown): Promise<T> {
  return proxyRequest(store, {
    url: clusterTypeUrl(clusterId, type), method: 'POST', data: body
  });
}

export interface HostQuery {
  namespace?: string;
  /** Steve `filter=` terms (ANDed); Steve's SQL cache reads these, never `labelSelector`. */
  filters?: readonly Filter[];
}

/** The path of a type's list on the Harvester host (kept for the callers that add their own `include=`). */
export function hostListUrl(hostClusterId: string, type: string, query: HostQuery = {}): string {
  return proxyListUrl(hostClusterId, type, query);
}

/** One GET on the Harvester host; the whole Steve collection (with its revision). */
export async function hostRequest<T = KubeObject>(store: StoreLike, url: string): Promise<SteveCollection<T>> {
  return proxyCollection<T>(store, url);
}

/** Lists a type on the Harvester host through Rancher's proxy of the host's Steve API. */
export async function hostList<T = KubeObject>(store: StoreLike, hostClusterId: string, type: string, query: ProxyQuery = {}): Promise<T[]> {
  return proxyList<T>(store, hostClusterId, type, query);
}

