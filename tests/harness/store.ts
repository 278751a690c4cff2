import axios from 'axios';
import { markRaw } from 'vue';
import { createStore, Store } from 'vuex';
import Steve from '@shell/plugins/steve';
import * as i18n from '@shell/store/i18n';
import * as typeMap from '@shell/store/type-map';
import * as prefs from '@shell/store/prefs';
import { allStrings } from './l10n';

export type Locale = 'en-us' | 'zh-hans';

export interface TestStoreOptions {
  clusterId?: string;
  locale?: Locale;
}

// No other extensions are loaded in tests: the shell's own models and components are used.
const noExtensions = markRaw({
  getDynamic: () => undefined, getValidator: () => undefined, getProviders: () => [], getUIConfig: () => []
});

/**
 * A real dashboard store for tests: the shell's own Steve modules (`management` at /v1, `cluster` at
 * /k8s/clusters/<id>/v1, `rancher` at /v3), its type-map, prefs and i18n modules, the latter loaded
 * with all of this extension's strings (the start-up ones and every pack). Requests go out through axios, so msw answers them as Rancher would.
 */
export function createTestStore(opts: TestStoreOptions = {}): Store<any> {
  const clusterId = opts.clusterId || 'local';
  const locale = opts.locale || 'en-us';

  const store: any = createStore({
    strict:  false,
    modules: {
      i18n:       { namespaced: true, ...i18n },
      'type-map': { namespaced: true, ...typeMap },
      prefs:      { namespaced: true, ...prefs },
    },
    state: () => ({
      clusterId, $extension: noExtensions, $plugin: noExtensions
    }),
    getters: {
      clusterId:       (state: any) => state.clusterId,
      currentCluster:  (state: any, getters: any) => getters['management/byId']('management.cattle.io.cluster', state.clusterId),
      currentProduct:  () => ({ name: 'explorer', inStore: 'cluster' }),
      currentStore:    () => () => 'cluster',
      productId:       () => 'explorer',
      isSingleProduct: () => undefined,
      namespaces:      () => () => ({}),
    },
    plugins: [
      Steve({ namespace: 'management', baseUrl: '/v1' }),
      Steve({ namespace: 'cluster', baseUrl: `/k8s/clusters/${ clusterId }/v1` }),
      Steve({ namespace: 'rancher', baseUrl: '/v3' }),
    ],
  });

  store.$axios = axios.create({ baseURL: 'http://localhost' });
  store.$config = { rancherEnv: 'web' };
  store.$extension = store.$plugin = noExtensions;
  store.commit('i18n/mergeLoadTranslations', { locale: 'en-us', translations: allStrings('en-us') });
  if (locale !== 'en-us') {
    store.commit('i18n/loadTranslations', { locale, translations: {} });
    store.commit('i18n/mergeLoadTranslations', { locale, translations: allStrings(locale) });
  }
  store.commit('i18n/setSelected', locale);

  return store;
}

/** Loads the management and downstream schemas, as the dashboard does when it enters a cluster. */
export async function loadSchemas(store: Store<any>): Promise<void> {
  await Promise.all([
    store.dispatch('management/loadSchemas', true),
    store.dispatch('cluster/loadSchemas', true),
  ]);
}

/** A store on `clusterId` as when the cluster explorer opens: schemas, and Rancher's clusters the store holds at login. */
export async function demoStore(clusterId: string, locale: Locale = 'en-us'): Promise<Store<any>> {
  const store = createTestStore({ clusterId, locale });

  await loadSchemas(store);
  await store.dispatch('management/findAll', { type: 'management.cattle.io.cluster', opt: { watch: false } });
  await store.dispatch('management/findAll', { type: 'provisioning.cattle.io.cluster', opt: { watch: false } }).catch(() => []);

  return store;
}
