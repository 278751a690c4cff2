import { IPlugin } from '@shell/core/types';
import { EXPLORER, LOAD_BALANCERS } from '../data/routes';
import { withStrings } from '../shellAdapter/strings';

/**
 * The Load Balancers page: a page in the cluster explorer (addProduct: Rancher 2.7+, its `init` hook run by the loader
 * on Rancher 2.11+; addRoute: Rancher 2.7+). The page itself tells a cluster not running on Harvester so.
 */
export function registerLoadBalancers(plugin: IPlugin): void {
  plugin.addProduct(require('./nav'));
  plugin.addRoute('default', {
    name:      LOAD_BALANCERS.route,
    path:      LOAD_BALANCERS.path,
    component: withStrings(['loadBalancers', 'guest'], () => import('./LoadBalancersPage.vue')),
    meta:      { product: EXPLORER },
  });
}
