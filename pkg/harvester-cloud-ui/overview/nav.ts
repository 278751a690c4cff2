import { IPlugin } from '@shell/core/types';
import { EXPLORER, OVERVIEW } from '../data/routes';

/**
 * Product hook (`init(plugin, store)`, called by the extension loader on Rancher >= 2.11): the overview page in
 * the cluster explorer's "Cluster" group, above Topology. The side menu is built once per product, so the entry
 * shows on every cluster and the page says when a cluster does not run on Harvester.
 */
export function init(plugin: IPlugin, store: unknown): void {
  const { virtualType, basicType } = plugin.DSL(store, EXPLORER);

  virtualType({
    name:       OVERVIEW.page,
    labelKey:   'harvesterOverview.nav',
    namespaced: false,
    weight:     -0.4,
    route:      { name: OVERVIEW.route },
  });
  basicType([OVERVIEW.page], 'cluster');
}
