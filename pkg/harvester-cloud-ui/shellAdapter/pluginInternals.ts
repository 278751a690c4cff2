import { warnOnce } from './versions';
import type { ExtensionManagerLike } from './builtInAddOnConfig';
import type { L10nRegistry } from './strings';

/**
 * The second argument the dashboard's extension manager passes to an extension's entry function
 * (shell/core/extension-manager-impl.js `internal()`: `{ app, store, $axios, redirect, plugins: this }`): not part of
 * the documented extension API.
 */
export interface PluginInternals {
  store?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  plugins?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The dashboard's Vuex store, or null (with a warning) when the loader passed none. */
export function internalStore(internal?: PluginInternals): any | null { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (!internal?.store) {
    warnOnce('its store to extensions at load', 'pages opened by their address may miss this extension\'s tabs until they are reloaded');

    return null;
  }

  return internal.store;
}

/** The extension manager, where the built-in extensions' tabs are registered and where locales' strings are loaded from. */
export function internalExtensionManager(internal?: PluginInternals): (ExtensionManagerLike & L10nRegistry) | undefined {
  return internal?.plugins || internal?.store?.$extension;
}
