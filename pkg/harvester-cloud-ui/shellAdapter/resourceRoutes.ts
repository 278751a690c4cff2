/**
 * Opening a resource's detail page from a list row action with a query and a tab hash. Reaches into the shell's
 * resource class (`currentRouter()` and `detailLocation`, plugins/dashboard-store/resource-class.js, present in
 * @rancher/shell 3.0.x / Rancher 2.10+); a row without them does nothing and says so once.
 */
import { warnOnce } from './versions';

interface RowLike {
  detailLocation?: Record<string, unknown>;
  currentRouter?: () => { push(to: unknown): unknown };
}

export function openDetail(row: unknown, query: Record<string, string>, hash: string): boolean {
  const r = row as RowLike;
  const router = r?.currentRouter?.();

  if (!router || !r.detailLocation) {
    warnOnce('resource rows with currentRouter() and detailLocation', 'the row action cannot open the detail page');

    return false;
  }
  router.push({
    ...r.detailLocation, query: { ...((r.detailLocation.query as Record<string, string>) || {}), ...query }, hash: `#${ hash }`
  });

  return true;
}

/**
 * The dashboard's named routes of a resource's pages in the cluster explorer (shell/config/router/routes.js:
 * `c-cluster-product-resource`, `-namespace-id`, `-id`, `-create`), for links to pages the extension does not own.
 */
export function resourceDetailRoute(clusterId: string, resource: string, namespace: string | undefined, id: string, hash?: string) {
  const params = {
    cluster: clusterId, product: 'explorer', resource, id, ...(namespace ? { namespace } : {})
  };

  return {
    name: namespace ? 'c-cluster-product-resource-namespace-id' : 'c-cluster-product-resource-id', params, ...(hash ? { hash: `#${ hash }` } : {})
  };
}

export function resourceCreateRoute(clusterId: string, resource: string) {
  return {
    name:   'c-cluster-product-resource-create',
    params: {
      cluster: clusterId, product: 'explorer', resource
    }
  };
}

export function resourceListRoute(clusterId: string, resource: string) {
  return {
    name:   'c-cluster-product-resource',
    params: {
      cluster: clusterId, product: 'explorer', resource
    }
  };
}
