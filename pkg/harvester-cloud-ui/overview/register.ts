import { CardLocation, IPlugin, LocationConfig } from '@shell/core/types';
import { EXPLORER, OVERVIEW } from '../data/routes';
import { harvesterGuestClusters } from '../environment/guestRegistry';
import { withStrings } from '../shellAdapter/strings';

/**
 * The Harvester integration overview: a page in the cluster explorer (addProduct + addRoute, Rancher 2.7+) and a
 * card on the cluster dashboard (addCard CLUSTER_DASHBOARD_CARD, Rancher 2.7.2+) shown on Harvester guests only.
 */
export function registerOverview(plugin: IPlugin): void {
  const where: LocationConfig = { product: [EXPLORER], cluster: harvesterGuestClusters };

  plugin.addCard(CardLocation.CLUSTER_DASHBOARD_CARD, where, {
    labelKey:  'harvesterOverview.card.title',
    component: withStrings(['overview', 'guest'], () => import('./OverviewCard.vue')),
  });
  plugin.addProduct(require('./nav'));
  plugin.addRoute('default', {
    name:      OVERVIEW.route,
    path:      OVERVIEW.path,
    component: withStrings(['overview', 'topology', 'loadBalancers', 'guest'], () => import('./OverviewPage.vue')),
    meta:      { product: EXPLORER },
  });
}
