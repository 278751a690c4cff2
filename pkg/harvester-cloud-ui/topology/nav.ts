import { IPlugin } from '@shell/core/types';
import { guestOnlyMenu } from '../shellAdapter/guestMenu';
import { isKnownNotGuest } from '../environment/guestRegistry';
import { EXPLORER, TOPOLOGY } from '../data/routes';

/**
 * Product hook in the shape the extension loader calls on every Rancher >= 2.11 (`init(plugin, store)`):
 * adds the Topology page to the cluster explorer's "Cluster" group, after Nodes, on clusters that run on Harvester
 * only (not on one found not to) (`ifHaveType` guestOnlyMenu). Opened by its address on another cluster, the page says so.
 */
export function init(plugin: IPlugin, store: unknown): void {
  const { virtualType, basicType } = plugin.DSL(store, EXPLORER);

  virtualType({
    name:       TOPOLOGY.page,
    labelKey:   'harvesterTopology.nav',
    namespaced: false,
    // Nodes is 0, Cluster and Project Members and Events are -1.
    weight:     -0.5,
    // Only on clusters that run on Harvester (shellAdapter/guestMenu.ts).
    ifHaveType: guestOnlyMenu(store, isKnownNotGuest),
    route:      { name: TOPOLOGY.route },
  });
  basicType([TOPOLOGY.page], 'cluster');
}
