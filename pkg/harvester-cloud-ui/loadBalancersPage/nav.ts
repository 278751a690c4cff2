import { IPlugin } from '@shell/core/types';

export const EXPLORER = 'explorer';
export const LB_PAGE = 'harvester-load-balancers';
export const LB_ROUTE = `c-cluster-${ EXPLORER }-${ LB_PAGE }`;
export const LB_PATH = `/c/:cluster/${ EXPLORER }/${ LB_PAGE }`;

export function loadBalancersLocation(clusterId: string) {
  return { name: LB_ROUTE, params: { cluster: clusterId, product: EXPLORER } };
}

/**
 * Product hook (`init(plugin, store)`, called by the extension loader on Rancher >= 2.11): the Load Balancers page in
 * the cluster explorer's "Cluster" group, beside the integration overview and Topology. The side menu is built once per
 * product, so the entry shows on every cluster and the page says when a cluster does not run on Harvester.
 */
export function init(plugin: IPlugin, store: unknown): void {
  const { virtualType, basicType } = plugin.DSL(store, EXPLORER);

  virtualType({
    name:       LB_PAGE,
    labelKey:   'harvesterLoadBalancers.nav',
    namespaced: false,
    weight:     -0.6,
    route:      { name: LB_ROUTE },
  });
  basicType([LB_PAGE], 'cluster');
}
