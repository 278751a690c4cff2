import { IPlugin, TableColumnLocation } from '@shell/core/types';
import { harvesterGuestClusters } from '../environment/guestRegistry';
import { STORAGE_CLASS } from './names';
import { hostStorageClassCell, StorageClassRow } from './hostStorageClassColumn';
import { rowTranslate } from '../shellAdapter/rowContext';
import { withStrings } from '../shellAdapter/strings';

type Row = StorageClassRow;

/**
 * The Harvester host StorageClass feature:
 * - the StorageClass editor: the shell's own, with only the `driver.harvesterhci.io` parameters form replaced
 *   (the shell has no registration point for provisioner forms; see editor.ts). It is registered for every cluster,
 *   as the extension API has no per-cluster condition for editors; other provisioners are untouched by it.
 * - the StorageClass list's "Host StorageClass" column, on Harvester guest clusters only.
 *
 * First Rancher versions: `register('edit', …)` 2.7.0 (extensions load into the type map); `addTableColumn` 2.7.2,
 * its server-side-pagination variant 2.11.
 */
export function registerStorage(plugin: IPlugin): void {
  plugin.register('edit', STORAGE_CLASS, withStrings(['storage', 'guest'], () => import('./StorageClassEdit.vue')));

  const column = {
    name:     'harvester-host-storage-class',
    labelKey: 'harvesterStorage.column.label',
    sort:     ['parameters.hostStorageClass'],
    search:   'parameters.hostStorageClass',
  };

  plugin.addTableColumn(TableColumnLocation.RESOURCE, { resource: [STORAGE_CLASS], cluster: harvesterGuestClusters }, {
    ...column,
    getValue: (row: Row) => hostStorageClassCell(row, rowTranslate(row)),
  }, {
    // Server-side pagination can only show the raw parameter: host default shows as blank there. Steve's SQL cache
    // indexes no StorageClass parameter (rancher/steve v0.10.2 proxy_store.go: `provisioner` and the default-class
    // annotation only), and refuses a sort or search on one with a 422 that fails the whole list's search (issue 34):
    // the column neither sorts nor searches there, as the shell's own such columns.
    ...column,
    value:  'parameters.hostStorageClass',
    sort:   false,
    search: false,
  });
}
