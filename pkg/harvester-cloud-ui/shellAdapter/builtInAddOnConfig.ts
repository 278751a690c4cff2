import { EditPage } from './editPage';
import { warnOnce } from './versions';

/**
 * Rancher's own Harvester "Add-on Config" writes `cloudprovider.harvesterhci.io/ipam` (default `dhcp`) that nobody
 * chose, so wherever this extension shows its Add-on Config, Rancher's must not act:
 *
 * - 2.15+: `pkg/harvester-manager/index.ts` registers it with `plugin.addTab(RESOURCE_CREATE_PAGE|RESOURCE_EDIT_PAGE,
 *   { resource: ['service'], context: { showHarvesterAddOnConfig: 'true' } }, { name: 'add-on-config', … })`, and its
 *   component writes its defaults when it mounts (2.15.1). Built-in extensions load before UI plugins
 *   (shell/plugins/plugin.js: `loadBuiltinExtensions()` then the `/v1/uiplugins` entries), so when this extension
 *   starts, those entries are in the extension manager's tab lists, which `getUIConfig` returns by reference
 *   (shell/core/extension-manager-impl.js). Taking them out means `Tabbed` never mounts Rancher's component, on every
 *   page path; they are put back if this extension is uninstalled.
 * - 2.12–2.14: `edit/service.vue` embeds `HarvesterServiceAddOnConfig` itself, which registers the page's
 *   before-save hook `harvesterWillSave` (priority 99) writing `ipam` from its own state. Its panel shares the tab
 *   name `add-on-config` with ours, and `Tabbed`'s `addTab` keeps only the last one registered (ours: extension tabs
 *   render after the page's own), so only ours is shown. Its hook is removed from the page (`disableBuiltInSaveHook`),
 *   and whatever runs anyway is overruled by our last hook (see addOnConfig/saveComposition.ts).
 */
export const BUILT_IN_TAB_NAME = 'add-on-config';
export const BUILT_IN_SAVE_HOOK = 'harvesterWillSave';
const BUILT_IN_CONTEXT_KEY = 'showHarvesterAddOnConfig';
const TAB_LOCATIONS = ['resource-create-page', 'resource-edit-page'];

interface TabEntry {
  name?: string;
  locationConfig?: { context?: Record<string, unknown> };
}

export interface ExtensionManagerLike {
  getUIConfig?(type: string, where: string): TabEntry[];
}

function isBuiltIn(entry: TabEntry): boolean {
  return entry?.name === BUILT_IN_TAB_NAME && !!entry.locationConfig?.context && BUILT_IN_CONTEXT_KEY in (entry.locationConfig.context || {});
}

/**
 * Takes Rancher's built-in Add-on Config tab out of the create/edit pages (2.15+). Returns a function that puts
 * it back. Safe to call more than once; a no-op where there is none (2.12–2.14, the npm shell).
 */
export function suppressBuiltInAddOnConfigTab(extension: ExtensionManagerLike | null | undefined): () => void {
  if (typeof extension?.getUIConfig !== 'function') {
    warnOnce('the extension manager\'s tab list', 'Rancher\'s own Add-on Config may show beside this one');

    return () => undefined;
  }
  const removed: { list: TabEntry[]; entry: TabEntry }[] = [];

  for (const where of TAB_LOCATIONS) {
    const list = extension.getUIConfig('Tab', where);

    for (let i = list.length - 1; i >= 0; i--) {
      if (isBuiltIn(list[i])) {
        removed.push({ list, entry: list[i] });
        list.splice(i, 1);
      }
    }
  }

  return () => removed.forEach(({ list, entry }) => list.includes(entry) || list.push(entry));
}

/** Removes Rancher's built-in Add-on Config save hook from a 2.12–2.14 Service page (no-op elsewhere). */
export function disableBuiltInSaveHook(page: EditPage | null): void {
  if (page?._beforeSaveHooks?.some((h) => h.name === BUILT_IN_SAVE_HOOK)) {
    page.unregisterBeforeSaveHook(BUILT_IN_SAVE_HOOK);
  }
}
