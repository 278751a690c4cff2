import { ActionLocation, IPlugin, TabLocation } from '@shell/core/types';
import { openDetail } from '../shellAdapter/resourceRoutes';
import { rowSchemaOf, rowStoreAll } from '../shellAdapter/rowContext';
import { mayDo } from '../shared/access';
import { harvesterGuestClusters } from '../environment/guestRegistry';
import { offersSnapshotActions } from './actions';
import { PVC, STORAGE_CLASS, TAB_NAME, VOLUME_SNAPSHOT } from './names';
import { EXPLORER, SNAPSHOTS_LIST } from '../data/routes';
import { withStrings } from '../shellAdapter/strings';

export { TAB_NAME };

/**
 * Guest volumes, day 2 (issue 19), on Harvester guest clusters only:
 * - the PVC detail page's "Volume snapshots" tab: TabLocation.RESOURCE_DETAIL_PAGE since Rancher 2.10 (shell 3.0.0);
 *   TabLocation.RESOURCE_DETAIL ('tab', the legacy location Tabbed falls back to) since 2.7.2;
 * - the PVC list's row actions "Take snapshot" / "Back up to Harvester": ActionLocation.TABLE since Rancher 2.7.2;
 *   they open the tab with the form (shellAdapter/resourceRoutes.ts). Shown only on claims of the driver's classes
 *   (actions.ts) through the action's `enabled` hook: a function is called with the row (resource-class.js
 *   `_availableActions`: `enabled(this)`, and rows with `enabled === false` are left out) in @rancher/shell 3.0.5
 *   (Rancher 2.12) to 3.0.13, found in each production build (shellAdapter/versions.ts); 3.0.x has no `visible` hook.
 *   Not offered to a user whose role may not create VolumeSnapshots (issue 26: the tab says why); a row without a
 *   store to ask keeps them, as before;
 * - the cluster's VolumeSnapshots list in the explorer's Storage group: addProduct (Rancher 2.7+, its `init` hook run
 *   by the loader on Rancher 2.11+; see nav.ts) and addRoute (Rancher 2.7+). The page itself tells a cluster not on
 *   Harvester, without the CRDs, or not listable so.
 */
export function registerVolumeSnapshots(plugin: IPlugin): void {
  const where = () => ({ resource: [PVC], cluster: harvesterGuestClusters });
  const tab = {
    name:       TAB_NAME,
    labelKey:   'harvesterVolumeSnapshot.title',
    weight:     -2,
    showHeader: true,
    component:  withStrings(['volumeSnapshot', 'guest'], () => import('./PvcSnapshots.vue')),
  };

  plugin.addTab(TabLocation.RESOURCE_DETAIL_PAGE, where(), tab);
  plugin.addTab(TabLocation.RESOURCE_DETAIL, where(), tab);

  for (const kind of ['snapshot', 'backup'] as const) {
    plugin.addAction(ActionLocation.TABLE, where(), {
      labelKey: kind === 'backup' ? 'harvesterVolumeSnapshot.backUp' : 'harvesterVolumeSnapshot.takeSnapshot',
      icon:     kind === 'backup' ? 'icon-backup' : 'icon-snapshot',
      multiple: false,
      enabled:  (row: unknown) => {
        const schema = rowSchemaOf(row, VOLUME_SNAPSHOT);

        return (schema === undefined || mayDo(schema, 'create')) && offersSnapshotActions(row as Parameters<typeof offersSnapshotActions>[0], rowStoreAll(row, STORAGE_CLASS));
      },
      invoke: (_opts, rows) => {
        openDetail(rows?.[0], { harvesterSnapshot: kind }, TAB_NAME);
      },
    });
  }

  plugin.addProduct(require('./nav'));
  plugin.addRoute('default', {
    name:      SNAPSHOTS_LIST.route,
    path:      SNAPSHOTS_LIST.path,
    component: withStrings(['volumeSnapshot', 'guest'], () => import('./SnapshotsPage.vue')),
    meta:      { product: EXPLORER },
  });
}
