import { warnOnce } from './versions';

interface StoreWithGetters { getters: Record<string, any> } // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A counter the cluster store bumps when it hears of changes to a type (shell/plugins/dashboard-store/getters.js
 * `generation`): a hint to re-check a list, never data. undefined (and the caller polls) where the getter is missing.
 */
export function typeGeneration(store: StoreWithGetters, type: string): number | undefined {
  const getter = store?.getters?.['cluster/generation'];

  if (typeof getter !== 'function') {
    warnOnce('the store getter `cluster/generation`', 'the page re-checks its list on a timer only');

    return undefined;
  }

  return getter(type);
}
