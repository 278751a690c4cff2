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
  const addressColumn = {
    name:     'harvester-lb-address',
    labelKey: 'harvesterCloud.loadBalancer.column.address',
    weight:   3,
    getValue: (row: Row) => lbAddressText(row, rowTranslate(row)),
  };
  // With server-side pagination the dashboard sorts and searches through Steve (`sort=`, `filter=`) on object
  // paths. The address is one; the mode is read from annotation values, which Steve does not index, so that column
  // shows without sorting or searching rather than with a sort the server cannot do.
  const INGRESS_IP = 'status.loadBalancer.ingress[0].ip';

  plugin.addTableColumn(TableColumnLocation.RESOURCE, onServiceList(), modeColumn, {
    ...modeColumn, sort: false, search: false
  } as PaginationTableColumn);
  plugin.addTableColumn(TableColumnLocation.RESOURCE, onServiceList(), addressColumn, {
    ...addressColumn, sort: INGRESS_IP, search: INGRESS_IP
  } as PaginationTableColumn);
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
