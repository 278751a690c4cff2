import { Component, getCurrentInstance, markRaw } from 'vue';
import { warnOnce } from './versions';

/**
 * A component the dashboard registers globally (shell/initialize/install-components.js: `v-select` is vue-select),
 * looked up at run time through the app's registry so that it is never bundled a second time. Must be called from a
 * component's setup or data (it reads the current instance). null, with a warning, when the dashboard has none.
 */
export function hostGlobalComponent(name: string, fallback: string): Component | null {
  const found = getCurrentInstance()?.appContext.components[name] as Component | undefined;

  if (!found) {
    warnOnce(`the global component ${ name }`, fallback);

    return null;
  }

  return markRaw(found);
}
