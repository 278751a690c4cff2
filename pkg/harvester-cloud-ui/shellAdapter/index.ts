/** Everything of the dashboard that the extension API does not offer, in one place (see versions.ts). */
export { VERIFIED_SHELL_VERSIONS, warnOnce } from './versions';
export {
  findEditPage, pageMode, pageResource
} from './editPage';
export type { EditPage } from './editPage';
export {
  BUILT_IN_SAVE_HOOK, BUILT_IN_TAB_NAME, disableBuiltInSaveHook, suppressBuiltInAddOnConfigTab
} from './builtInAddOnConfig';
export { beforeClusterPages } from './navigation';
export { findTab, keepTabRegistered } from './tabSlot';
export { loadHostEditor } from './hostEditor';
export {
  openDetail, resourceCreateRoute, resourceDetailRoute, resourceListRoute
} from './resourceRoutes';
export { hostGlobalComponent } from './hostComponents';
export { rowStoreAll, rowTranslate } from './rowContext';
export { typeGeneration } from './storeSignals';
export { activeNamespaces } from './namespaceFilter';
export { requestStatus } from './requestError';
export { growingClusterCondition } from './clusterCondition';
export {
  GUEST_MENU_STORE, GUEST_ONLY, guestOnlyMenu
} from './guestMenu';
export { internalExtensionManager, internalStore } from './pluginInternals';
export type { PluginInternals } from './pluginInternals';
export type { AsyncWrapper } from './hostEditor';
export { TABBED_INJECTIONS } from './tabSlot';
