/**
 * The side menu's entries only on clusters that run on Harvester (issue 34: an admin with fifty clusters, three on
 * Harvester, sees no dead entries in the other forty-seven).
 *
 * The side menu has no per-cluster condition an extension can set, but a virtual type's `ifHaveType` may name another
 * store: `{ type, store }` is shown only when `rootGetters['<store>/all']('schema')` has a schema of that id
 * (shell/store/type-map.js `allTypes`). So the extension registers a tiny store (guestOnlyMenu) whose `all('schema')`
 * holds one marker schema unless the current cluster is known not to run on Harvester, and the menu entries name it.
 * The answer follows the reactive list of clusters checked (guestRegistry.ts): the side menu rebuilds whenever the
 * shell rebuilds it (a cluster entered, `clusterReady`), and the guest check runs before that on entering a cluster.
 *
 * Shown while the check is still under way, not hidden: rancher/dashboard master (shell 3.0.13) refuses a page opened
 * by its address with a 404 when the virtual type of its route is not in `allTypes` at that moment
 * (config/router/navigation-guards/extension-route-guard.js), and that guard runs before the extension's own
 * (shellAdapter/navigation.ts): a guest's page opened by its address would be "not found" whenever its check was slower
 * than the cluster's load. A page of a cluster found not to run on Harvester is refused so there (and elsewhere says it).
 *
 * Past the extension API: a Vuex module of the extension's own in the dashboard's store (registered from the product
 * hook, which is given the store), and `ifHaveType: { type, store }` read through `<store>/all(SCHEMA)`, found in the production
 * builds of 2.12 (shell 3.0.5), 2.13 (3.0.8), 2.14 (3.0.9), 2.15 (3.0.12) and master (3.0.13). A dashboard that read
 * only the string form would look for the marker among the cluster's own schemas and show the entries nowhere: the
 * pages stay reachable from the cluster dashboard's Harvester cards, and the compat suite fails on every version.
 */
import { warnOnce } from './versions';

export const GUEST_MENU_STORE = 'harvesterCloudGuestMenu';
const MARKER = 'harvestercloud.guestcluster';

/** The condition a guest-only side-menu entry carries, alone or beside its own `ifHaveType`. */
export const GUEST_ONLY = { type: MARKER, store: GUEST_MENU_STORE } as const;

interface RootGetters { clusterId?: string }
interface VuexLike {
  registerModule(name: string, module: unknown): void;
  hasModule?(name: string): boolean;
}

/**
 * The store module: `all('schema')` is the marker unless the current cluster is known not to run on Harvester
 * (`isNotGuest`: its check answered no; Rancher's own `local` and the cluster-less pages always).
 */
export function guestMenuModule(isNotGuest: (clusterId: string) => boolean) {
  return {
    namespaced: true,
    getters:    {
      all: (_s: unknown, _g: unknown, _rs: unknown, rootGetters: RootGetters) => (type: string) => (
        type === 'schema' && !!rootGetters.clusterId && !isNotGuest(rootGetters.clusterId) ? [{ id: MARKER, type: 'schema' }] : []
      ),
    },
  };
}

/**
 * The condition for a side-menu entry, its store registered first (once) in the store the product hook is given: the
 * menu reads `<store>/all` whenever it is built, and a missing getter would throw there and break the whole menu. It
 * is never unregistered: an uninstalled extension's entries stay until the page is reloaded (the shell keeps the
 * explorer product's virtual types), and must not break the menu meanwhile.
 */
export function guestOnlyMenu(store: unknown, isNotGuest: (clusterId: string) => boolean): typeof GUEST_ONLY | string {
  const vuex = store as VuexLike | null;

  if (typeof vuex?.registerModule !== 'function') {
    warnOnce('its store to product hooks', 'the Harvester entries of the side menu show on no cluster; the cluster dashboard\'s Harvester cards link to the pages');

    // A type no cluster has, looked up among the cluster's own schemas: hidden, never a missing getter.
    return MARKER;
  }
  if (!vuex.hasModule?.(GUEST_MENU_STORE)) {
    vuex.registerModule(GUEST_MENU_STORE, guestMenuModule(isNotGuest));
  }

  return GUEST_ONLY;
}
