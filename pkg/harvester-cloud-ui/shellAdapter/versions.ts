import { warnOnceAbout } from '../shared/warnOnce';

/**
 * The few places where this extension reaches past the extension API into the Rancher dashboard's internals,
 * and the dashboard builds each was verified on (rancher/dashboard release branches, run in the compatibility
 * suite `npm run test:compat` against `../shared/rancher-ui/<version>`):
 *
 * | internal                                   | 2.12 (3.0.5) | 2.13 (3.0.8) | 2.14 (3.0.9) | 2.15 (3.0.12) | 3.0.13 (npm) |
 * |--------------------------------------------|--------------|--------------|--------------|---------------|--------------|
 * | edit page: CreateEditView `registerBeforeHook`/`unregisterBeforeSaveHook`, `value`, `mode` (mixins/child-hook) | yes | yes | yes | yes | yes |
 * | built-in Add-on Config in `edit/service.vue` (save hook `harvesterWillSave`) | yes | yes | yes | no | no |
 * | built-in Add-on Config as harvester-manager `addTab` (context `showHarvesterAddOnConfig`) | no | no | no | yes | no |
 * | `Tabbed` provides `addTab`/`removeTab`, keeps `tabs` (one per name) | yes | yes | yes | yes | yes |
 * | `type-map/importComponent` (StorageClass editor from the host) | yes | yes | yes | yes | yes |
 * | `store.$router` (navigation guard for guest detection)         | yes | yes | yes | yes | yes |
 * | entry function's 2nd argument `{ store, plugins }` (extension-manager-impl `internal()`) | yes | yes | yes | yes | yes |
 * | `cluster:` condition array read by reference (plugin-helpers `checkExtensionRouteBinding`) | yes | yes | yes | yes | yes |
 * | global component `v-select` via `appContext.components` (install-components.js) | yes | yes | yes | yes | yes |
 * | list rows' `$rootGetters` (`i18n/t`, `cluster/typeRegistered`, `cluster/all`) in column `getValue` | yes | yes | yes | yes | yes |
 * | row action `enabled` called with the row, `false` leaves it out (resource-class `_availableActions`) ² | yes | yes | yes | yes | yes |
 * | route names `c-cluster-product-resource-namespace-id`, `-id`, `-create` (config/router/routes.js) ³ | yes | yes | yes | yes | yes |
 * | store getter `cluster/generation` (dashboard-store getters)     | yes | yes | yes | yes | yes |
 * | root store getters `activeNamespaceCache`, `isAllNamespaces` (store/index.js; namespace picker) ¹ | yes | yes | yes | yes | yes |
 * | failed store request rejects with `_status` (dashboard-store actions `request`) | yes | yes | yes | yes | yes |
 * | async component `__asyncLoader` of `type-map/importComponent`'s result | yes | yes | yes | yes | yes |
 * | virtual type `ifHaveType: { type, store }` read as `<store>/all(SCHEMA)` (type-map `allTypes`; guestMenu.ts) | yes | yes | yes | yes | yes |
 *
 * ¹ found in each build (`../shared/rancher-ui/<version>`); the demo e2e (3.0.13) picks a namespace; the compat
 *   suite has not run it yet.
 * ² found in each build (the `enabled(this)` getter of extension actions); unit-tested on 3.0.13; no browser suite opens
 *   the PVC list's row menu yet.
 * ³ found in each build; the compat suite follows the `-namespace-id` link from the VolumeSnapshots list.
 *
 * First and last verified: every row was run in the compatibility suite on 2.12 (3.0.5) to 2.15 (3.0.12) and on
 * rancher/dashboard master (`rancher-next`, 3.0.13); the unit tests mount the installed shell 3.0.13.
 *
 * When one of these is missing, the adapter says so on the console (`warnOnce`) and the feature falls back to
 * something visible (see each function).
 */
export const VERIFIED_SHELL_VERSIONS = ['3.0.5', '3.0.8', '3.0.9', '3.0.12', '3.0.13'] as const;

/** One console warning per missing internal per page load: loud enough to be seen, not a flood. */
export function warnOnce(what: string, fallback: string): void {
  warnOnceAbout(what, `this Rancher dashboard does not offer ${ what } (verified on @rancher/shell ${ VERIFIED_SHELL_VERSIONS.join(', ') }): ${ fallback }`);
}
