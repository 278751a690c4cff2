import { IPlugin } from '@shell/core/types';

export const EXPLORER = 'explorer';
export const OVERVIEW_PAGE = 'harvester-integration';
export const OVERVIEW_ROUTE = `c-cluster-${ EXPLORER }-${ OVERVIEW_PAGE }`;
export const OVERVIEW_PATH = `/c/:cluster/${ EXPLORER }/${ OVERVIEW_PAGE }`;

export const SETUP_ROUTE = `${ OVERVIEW_ROUTE }-setup`;
export const SETUP_PATH = `${ OVERVIEW_PATH }/setup`;

export function setupLocation(clusterId: string) {
  return { name: SETUP_ROUTE, params: { cluster: clusterId, product: EXPLORER } };
}

export function overviewLocation(clusterId: string) {
  return { name: OVERVIEW_ROUTE, params: { cluster: clusterId, product: EXPLORER } };
}

/** Where the overview links to: the shell's own list and detail pages of the cluster explorer. */
export function resourceLocation(clusterId: string, resource: string, namespace?: string, id?: string) {
  if (namespace && id) {
    return {
      name:   'c-cluster-product-resource-namespace-id',
      params: {
        cluster: clusterId, product: EXPLORER, resource, namespace, id
      }
    };
  }

  return {
    name:   'c-cluster-product-resource',
    params: {
      cluster: clusterId, product: EXPLORER, resource
    }
  };
}

/**
 * Product hook (`init(plugin, store)`, called by the extension loader on Rancher >= 2.11): the overview page in
 * the cluster explorer's "Cluster" group, above Topology. The side menu is built once per product, so the entry
 * shows on every cluster and the page says when a cluster does not run on Harvester.
 */
export function init(plugin: IPlugin, store: unknown): void {
  const { virtualType, basicType } = plugin.DSL(store, EXPLORER);

  virtualType({
    name:       OVERVIEW_PAGE,
    labelKey:   'harvesterOverview.nav',
    namespaced: false,
    weight:     -0.4,
    route:      { name: OVERVIEW_ROUTE },
  });
  basicType([OVERVIEW_PAGE], 'cluster');
}
