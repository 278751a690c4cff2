import { warnOnce } from './versions';

interface StoreWithGetters { getters: Record<string, any> } // eslint-disable-line @typescript-eslint/no-explicit-any

export interface AsyncWrapper<T> {
  __asyncLoader?: () => Promise<T>;
}

/**
 * The dashboard's own editor for a type (`@shell/edit/<type>`), taken at run time from the host's bundle through
 * `type-map/importComponent` and Vue's async-component loader, so none of it is bundled into this extension.
 * Returns what the host has (the async wrapper itself when it cannot be unwrapped, which renders the host's own
 * page with its own load error); warns when the getter is missing.
 */
export async function loadHostEditor<T>(store: StoreWithGetters, type: string): Promise<T | AsyncWrapper<T> | null> {
  const importComponent = store.getters['type-map/importComponent'];

  if (typeof importComponent !== 'function') {
    warnOnce('`type-map/importComponent`', `the dashboard's own ${ type } page is shown without this extension's form`);

    return null;
  }
  const wrapper: AsyncWrapper<T> = importComponent(type);

  try {
    return typeof wrapper?.__asyncLoader === 'function' ? await wrapper.__asyncLoader() : wrapper;
  } catch (e) {
    return wrapper;
  }
}
