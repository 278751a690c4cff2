import { warnOnce } from './versions';

interface StoreWithGetters { getters: Record<string, any> } // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The namespaces the top bar's namespace picker lets through: the root store getter `activeNamespaceCache`
 * (shell/store/index.js, a `{ [namespace]: true }` map the shell rebuilds when the picker changes; reading it in a
 * computed follows the picker). null means "no filter": "All namespaces" picked (`isAllNamespaces`), or a
 * dashboard without the getter (then every namespace shows, and the console says why).
 */
export function activeNamespaces(store: StoreWithGetters): Set<string> | null {
  const getters = store?.getters || {};

  if (!('activeNamespaceCache' in getters)) {
    warnOnce('the store getter `activeNamespaceCache` (the namespace filter)', 'the list shows every namespace');

    return null;
  }
  if (getters.isAllNamespaces === true) {
    return null;
  }
  const cache = getters.activeNamespaceCache as Record<string, boolean> | null | undefined;

  return new Set(Object.keys(cache || {}).filter((ns) => cache?.[ns]));
}
