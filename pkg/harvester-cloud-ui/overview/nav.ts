import { IPlugin } from '@shell/core/types';
import { guestOnlyMenu } from '../shellAdapter/guestMenu';
import { isKnownNotGuest } from '../environment/guestRegistry';
import { EXPLORER, OVERVIEW } from '../data/routes';

/**
 * Product hook (`init(plugin, store)`, called by the extension loader on Rancher >= 2.11): the overview page in
 * the cluster explorer's "Cluster" group, above Topology, on clusters that run on Harvester only (`ifHaveType`
 * guestOnlyMenu). Opened by its address on another cluster, the page says the cluster does not run on Harvester.
 */
export function init(plugin: IPlugin, store: unknown): void {
  const { virtualType, basicType } = plugin.DSL(store, EXPLORER);

  virtualType({
    name:       OVERVIEW.page,
    labelKey:   'harvesterOverview.nav',
    namespaced: false,
    weight:     -0.4,
    // Only on clusters that run on Harvester (shellAdapter/guestMenu.ts).
    ifHaveType: guestOnlyMenu(store, isKnownNotGuest),
    route:      { name: OVERVIEW.route },
  });
  basicType([OVERVIEW.page], 'cluster');
}
