import { IPlugin } from '@shell/core/types';
import { EXPLORER, SETUP } from '../data/routes';
import { withStrings } from '../shellAdapter/strings';

/** The set-up flow launched from the integration overview (addRoute, Rancher 2.7+), under the overview's path. */
export function registerSetup(plugin: IPlugin): void {
  plugin.addRoute('default', {
    name:      SETUP.route,
    path:      SETUP.path,
    component: withStrings(['setup', 'overview', 'guest'], () => import('./SetupPage.vue')),
    meta:      { product: EXPLORER },
  });
}
