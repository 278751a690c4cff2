import { IPlugin } from '@shell/core/types';
import { guestOnlyMenu } from '../shellAdapter/guestMenu';
import { isKnownNotGuest } from '../environment/guestRegistry';
import { EXPLORER, LOAD_BALANCERS } from '../data/routes';

/**
 * Product hook (`init(plugin, store)`, called by the extension loader on Rancher >= 2.11): the Load Balancers page in
 * the cluster explorer's "Cluster" group, beside the integration overview and Topology, on clusters that run on
 * Harvester only (`ifHaveType` guestOnlyMenu). Opened by its address on another cluster, the page says so.
 */
export function init(plugin: IPlugin, store: unknown): void {
  const { virtualType, basicType } = plugin.DSL(store, EXPLORER);

  virtualType({
    name:       LOAD_BALANCERS.page,
    labelKey:   'harvesterLoadBalancers.nav',
    namespaced: false,
    weight:     -0.6,
    // Only on clusters that run on Harvester (shellAdapter/guestMenu.ts).
    ifHaveType: guestOnlyMenu(store, isKnownNotGuest),
    route:      { name: LOAD_BALANCERS.route },
  });
  basicType([LOAD_BALANCERS.page], 'cluster');
}
