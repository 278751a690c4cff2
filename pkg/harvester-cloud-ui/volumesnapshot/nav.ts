import { IPlugin } from '@shell/core/types';
import { guestOnlyMenu } from '../shellAdapter/guestMenu';
import { isKnownNotGuest } from '../environment/guestRegistry';
import { VOLUME_SNAPSHOT } from './names';
import { EXPLORER, SNAPSHOTS_LIST } from '../data/routes';

/**
 * Product hook (`init(plugin, store)`, called by the extension loader on Rancher >= 2.11; `virtualType`/`basicType`
 * of the product DSL: Rancher 2.7+): the VolumeSnapshots list in the cluster explorer's "Storage" group, beside
 * PersistentVolumeClaims. `ifHaveType` (type-map `allTypes`, in every Rancher since 2.7) keeps the entry off clusters whose Steve
 * has no VolumeSnapshot schema (CRDs not installed, or nothing the user may do with them) and off clusters that do not
 * run on Harvester (guestOnlyMenu, shellAdapter/guestMenu.ts); opened there by its address, the page says so. The shell's
 * own generic entry under "More Resources" is kept.
 */
export function init(plugin: IPlugin, store: unknown): void {
  const { virtualType, basicType } = plugin.DSL(store, EXPLORER);

  virtualType({
    name:       SNAPSHOTS_LIST.page,
    labelKey:   'harvesterVolumeSnapshot.list.nav',
    namespaced: false,
    weight:     -0.5,
    ifHaveType: [VOLUME_SNAPSHOT, guestOnlyMenu(store, isKnownNotGuest)],
    route:      { name: SNAPSHOTS_LIST.route },
  });
  basicType([SNAPSHOTS_LIST.page], 'storage');
}
