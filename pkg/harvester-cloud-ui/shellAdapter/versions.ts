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
 *
 * When one of these is missing, the adapter says so on the console (`warnOnce`) and the feature falls back to
 * something visible (see each function).
 */
export const VERIFIED_SHELL_VERSIONS = ['3.0.5', '3.0.8', '3.0.9', '3.0.12', '3.0.13'] as const;

const warned = new Set<string>();

/** One console warning per missing internal per page load: loud enough to be seen, not a flood. */
export function warnOnce(what: string, fallback: string): void {
  if (!warned.has(what)) {
    warned.add(what);
    // eslint-disable-next-line no-console
    console.warn(`[harvester-cloud-ui] this Rancher dashboard does not offer ${ what } (verified on @rancher/shell ${ VERIFIED_SHELL_VERSIONS.join(', ') }): ${ fallback }`);
  }
}
