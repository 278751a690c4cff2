import { CardLocation, IPlugin, LocationConfig, TableColumnLocation } from '@shell/core/types';
import { REGION_COLUMN, REGION_PAGINATION_COLUMN, ZONE_COLUMN, ZONE_PAGINATION_COLUMN } from './nodeColumns';
import { EXPLORER, TOPOLOGY } from '../data/routes';
import { harvesterGuestClusters } from '../environment/guestRegistry';
import { withStrings } from '../shellAdapter/strings';

/**
 * Everything the topology feature adds to the dashboard: Region and Zone columns on the node list, the
 * Topology page with its entry in the cluster explorer's side menu, and a card on the cluster dashboard.
 *
 * Columns and card carry the extension API's per-cluster condition (the shared, reactive list of Harvester
 * guest clusters). The side menu has no per-cluster condition (it is built once per product), so the entry
 * shows on every cluster and the page tells a cluster not running on Harvester so.
 *
 * First Rancher versions of the extension points: `addTableColumn` (TableColumnLocation.RESOURCE) and `addCard`
 * (CardLocation.CLUSTER_DASHBOARD_CARD) 2.7.2 (the Extensions API; rancher/ui-plugin-examples `extensions-api-demo`),
 * their server-side-pagination column variant 2.11 (shell 3.0.x); `addProduct` and `addRoute` 2.7.0.
 */
export function registerTopology(plugin: IPlugin): void {
  const where = (resource?: string): LocationConfig => ({
    product: [EXPLORER],
    cluster: harvesterGuestClusters,
    ...(resource ? { resource: [resource] } : {}),
  });

  plugin.addTableColumn(TableColumnLocation.RESOURCE, where('node'), REGION_COLUMN, REGION_PAGINATION_COLUMN);
  plugin.addTableColumn(TableColumnLocation.RESOURCE, where('node'), ZONE_COLUMN, ZONE_PAGINATION_COLUMN);

  plugin.addCard(CardLocation.CLUSTER_DASHBOARD_CARD, where(), {
    labelKey:  'harvesterTopology.card.title',
    component: withStrings(['topology', 'guest'], () => import('./TopologyCard.vue')),
  });

  // The side-menu entry (nav.ts `init`, run by the extension loader once the store exists) and its page.
  plugin.addProduct(require('./nav'));
  plugin.addRoute('default', {
    name:      TOPOLOGY.route,
    path:      TOPOLOGY.path,
    component: withStrings(['topology', 'guest'], () => import('./TopologyView.vue')),
    meta:      { product: EXPLORER },
  });
}
