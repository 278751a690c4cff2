import { IPlugin } from '@shell/core/types';
import { EXPLORER, TOPOLOGY } from '../data/routes';

/**
 * Product hook in the shape the extension loader calls on every Rancher >= 2.11 (`init(plugin, store)`):
 * adds the Topology page to the cluster explorer's "Cluster" group, after Nodes. Nothing here can depend on
 * the current cluster: the side menu is built once per product, so the page itself tells non-Harvester
 * clusters apart.
 */
export function init(plugin: IPlugin, store: unknown): void {
  const { virtualType, basicType } = plugin.DSL(store, EXPLORER);

  virtualType({
    name:       TOPOLOGY.page,
    labelKey:   'harvesterTopology.nav',
    namespaced: false,
    // Nodes is 0, Cluster and Project Members and Events are -1.
    weight:     -0.5,
    route:      { name: TOPOLOGY.route },
  });
  basicType([TOPOLOGY.page], 'cluster');
}
