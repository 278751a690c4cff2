import { IPlugin, TabLocation, TableColumnLocation } from '@shell/core/types';
import { KubeObject } from '../steve/types';
import { harvesterGuestClusters } from '../steve/guestRegistry';
import { lbAddressText, lbModeText, lbStatusText } from './serviceColumns';
import { Translate } from '../l10n/translate';

type Row = KubeObject & { $rootGetters?: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

const translate = (row: Row): Translate => (key, args) => row.$rootGetters?.['i18n/t'](key, args) || key;
// What the store already holds for the list: its Services, and events only if another page loaded them.
// Asking `all` for a type never loaded registers it and warns, so ask only for types the store has.
const inStore = (row: Row, type: string): KubeObject[] => (row.$rootGetters?.['cluster/typeRegistered']?.(type) ? row.$rootGetters['cluster/all'](type) || [] : []);

/** The Add-on Config tab on the Service create, edit and detail pages, and the Service list's LB columns. */
export function registerLoadBalancer(plugin: IPlugin): void {
  // The same name as Rancher's built-in harvester-manager tab, so that one tab shows where both would.
  const tab = {
    name:       'add-on-config',
    labelKey:   'harvesterCloud.loadBalancer.tab',
    weight:     -1,
    showHeader: true,
    component:  () => import('./AddOnConfigTab.vue'),
  };
  const onGuestServices = () => ({ resource: ['service'], cluster: harvesterGuestClusters });

  plugin.addTab(TabLocation.RESOURCE_CREATE_PAGE, onGuestServices(), tab);
  plugin.addTab(TabLocation.RESOURCE_EDIT_PAGE, onGuestServices(), tab);
  plugin.addTab(TabLocation.RESOURCE_DETAIL_PAGE, onGuestServices(), tab);
  plugin.addTab(TabLocation.RESOURCE_SHOW_CONFIGURATION, onGuestServices(), tab);

  plugin.addTableColumn(TableColumnLocation.RESOURCE, onGuestServices(), {
    name:     'harvester-lb-mode',
    labelKey: 'harvesterCloud.loadBalancer.column.mode',
    weight:   3,
    getValue: (row: Row) => lbModeText(row, translate(row)),
  });
  plugin.addTableColumn(TableColumnLocation.RESOURCE, onGuestServices(), {
    name:     'harvester-lb-address',
    labelKey: 'harvesterCloud.loadBalancer.column.address',
    weight:   3,
    getValue: (row: Row) => lbAddressText(row, translate(row)),
  });
  plugin.addTableColumn(TableColumnLocation.RESOURCE, onGuestServices(), {
    name:     'harvester-lb-status',
    labelKey: 'harvesterCloud.loadBalancer.column.status',
    weight:   3,
    getValue: (row: Row) => lbStatusText(row, translate(row), inStore(row, 'service'), inStore(row, 'event')),
  });
}
