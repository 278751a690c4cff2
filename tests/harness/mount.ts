import { mount, MountingOptions } from '@vue/test-utils';
import { Store } from 'vuex';
import i18nPlugin from '@shell/plugins/i18n';

/** Mounts a component as the dashboard would: with the store and the shell's i18n (`t`, v-t, <t>). */
export function mountWithStore(component: any, store: Store<any>, options: MountingOptions<any> = {}) {
  return mount(component, {
    ...options,
    global: {
      ...(options.global || {}),
      plugins: [store, [i18nPlugin, { store }], ...(options.global?.plugins || [])],
      mocks:   {
        $route: {
          query: {}, params: {}, name: 'c-cluster-product-resource-create'
        },
        ...(options.global?.mocks || {})
      },
    },
  });
}
