import { IPlugin, PaginationTableColumn, TabLocation, TableColumnLocation } from '@shell/core/types';
import { KubeObject } from '../data/types';
import { harvesterGuestClusters } from '../environment/guestRegistry';
import { lbAddressText, lbModeText, lbStatusText } from './serviceColumns';
import { rowStoreAll, rowTranslate } from '../shellAdapter/rowContext';
import { withStrings } from '../shellAdapter/strings';

type Row = KubeObject;

// What the store already holds for the list: its Services, and events only if another page loaded them.
const inStore = (row: Row, type: string): KubeObject[] => rowStoreAll<KubeObject>(row, type);

/**
 * The Add-on Config tab on the Service create, edit and detail pages, and the Service list's LB columns.
 * Tab locations: RESOURCE_DETAIL_PAGE and RESOURCE_SHOW_CONFIGURATION since Rancher 2.10 (shell 3.0.0),
 * RESOURCE_CREATE_PAGE / RESOURCE_EDIT_PAGE in the 2.12–2.14 release-branch builds and 2.15 (not in 2.11.0–2.13.0
 * releases); TableColumnLocation.RESOURCE since 2.7, its server-side-pagination column since 2.11.
 */
export function registerLoadBalancer(plugin: IPlugin): void {
  // The name of Rancher's own tab: on 2.12–2.14 `Tabbed` keeps one tab per name, ours (shellAdapter/builtInAddOnConfig.ts).
  const tab = {
    name:       'add-on-config',
    labelKey:   'harvesterCloud.loadBalancer.tab',
    weight:     -1,
    showHeader: true,
    component:  withStrings(['addOnConfig', 'loadBalancers', 'guest'], () => import('./AddOnConfigTab.vue')),
  };
  const onGuestServices = () => ({ resource: ['service'], cluster: harvesterGuestClusters });

  plugin.addTab(TabLocation.RESOURCE_CREATE_PAGE, onGuestServices(), tab);
  plugin.addTab(TabLocation.RESOURCE_EDIT_PAGE, onGuestServices(), tab);
  plugin.addTab(TabLocation.RESOURCE_DETAIL_PAGE, onGuestServices(), tab);
  plugin.addTab(TabLocation.RESOURCE_SHOW_CONFIGURATION, onGuestServices(), tab);

  // The Service list only (`mode: list`), not the tables inside a Service's detail page (its Pods tab).
  const onServiceList = () => ({ ...onGuestServices(), mode: ['list'] });
  const modeColumn = {
    name:     'harvester-lb-mode',
    labelKey: 'harvesterCloud.loadBalancer.column.mode',
    weight:   3,
    getValue: (row: Row) => lbModeText(row, rowTranslate(row)),
  };

  // With server-side pagination the dashboard sorts and searches through Steve (`sort=`, `filter=`), which answers
  // only the fields its SQL cache indexes and refuses any other with a 422 (rancher/steve v0.10.2
  // pkg/sqlcache/informer/sqlgenerator.go `getValidFieldEntry`, v0.7.47 listoption_indexer.go; issue 34: the ingress
  // path was refused, the header showed a sort the rows did not have). The address is Kubernetes' External-IP table
  // column, which Steve indexes as `metadata.fields[3]` (the dashboard writes `metadata.fields.3`, as its own PV list
  // does, and turns it into the bracket form). The mode is read from annotation values, which Steve does not index, so
  // that column shows without sorting or searching rather than with a sort the server cannot do.
  const EXTERNAL_IP = 'metadata.fields.3';
  // Lists the browser sorts itself (2.12; 2.13+ without the SQL cache) sort and search the same column's value.
  const addressColumn = {
    name:     'harvester-lb-address',
    labelKey: 'harvesterCloud.loadBalancer.column.address',
    weight:   3,
    getValue: (row: Row) => lbAddressText(row, rowTranslate(row)),
    sort:     [EXTERNAL_IP],
    search:   EXTERNAL_IP,
  };

  plugin.addTableColumn(TableColumnLocation.RESOURCE, onServiceList(), modeColumn, {
    ...modeColumn, sort: false, search: false
  } as PaginationTableColumn);
  plugin.addTableColumn(TableColumnLocation.RESOURCE, onServiceList(), addressColumn, { ...addressColumn, sort: EXTERNAL_IP } as PaginationTableColumn);
  // The status is read from events and other Services in the store, not from an object path Steve can sort on.
  // Both variants carry the value function: without it the paginated list's column renders empty (2.13, 2.15.1).
  const statusColumn = {
    name:     'harvester-lb-status',
    labelKey: 'harvesterCloud.loadBalancer.column.status',
    weight:   3,
    getValue: (row: Row) => lbStatusText(row, rowTranslate(row), inStore(row, 'service'), inStore(row, 'event')),
  };

  plugin.addTableColumn(TableColumnLocation.RESOURCE, onServiceList(), statusColumn, {
    ...statusColumn, sort: false, search: false
  } as PaginationTableColumn);
}
