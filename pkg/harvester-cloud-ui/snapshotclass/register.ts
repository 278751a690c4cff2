import { IPlugin } from '@shell/core/types';
import { SNAPSHOT_CLASS } from './names';
import { withStrings } from '../shellAdapter/strings';

/**
 * The VolumeSnapshotClass page. The shell has no editor for the type (no `edit/snapshot.storage.k8s.io.*` in
 * @rancher/shell 3.0.13) and shows only YAML; this one is registered for every cluster (the extension API has no
 * per-cluster condition for editors) and offers the Harvester options only for `driver.harvesterhci.io`.
 * First Rancher version of `register('edit', …)` for an extension: 2.7.0.
 */
export function registerSnapshotClass(plugin: IPlugin): void {
  plugin.register('edit', SNAPSHOT_CLASS, withStrings(['snapshotClass', 'storage'], () => import('./SnapshotClassEdit.vue')));
}
