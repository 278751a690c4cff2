import { IPlugin } from '@shell/core/types';
import { EXPLORER, LOAD_BALANCERS } from '../data/routes';

/**
 * Product hook (`init(plugin, store)`, called by the extension loader on Rancher >= 2.11): the Load Balancers page in
 * the cluster explorer's "Cluster" group, beside the integration overview and Topology. The side menu is built once per
 * product, so the entry shows on every cluster and the page says when a cluster does not run on Harvester.
 */
export function init(plugin: IPlugin, store: unknown): void {
  const { virtualType, basicType } = plugin.DSL(store, EXPLORER);

  virtualType({
    name:       LOAD_BALANCERS.page,
    labelKey:   'harvesterLoadBalancers.nav',
    namespaced: false,
    weight:     -0.6,
    route:      { name: LOAD_BALANCERS.route },
  });
  basicType([LOAD_BALANCERS.page], 'cluster');
}
