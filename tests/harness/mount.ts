import { flushPromises, mount, MountingOptions, RouterLinkStub } from '@vue/test-utils';
import { Store } from 'vuex';
import i18nPlugin from '@shell/plugins/i18n';
import { demoStore, Locale } from './store';

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

/** Lets what a component started settle: its reads, then the reads they lead to (each round one more step). */
export async function settle(rounds = 8) {
  for (let i = 0; i < rounds; i++) {
    await flushPromises();
  }
}

/** Mounts a page on `clusterId` of the demo as the explorer shows it (links stubbed), once its first reads settled. */
export async function mountDemo(component: any, clusterId: string, locale: Locale = 'en-us', props: Record<string, unknown> = {}) {
  const store = await demoStore(clusterId, locale);
  const wrapper = mountWithStore(component, store, { props, global: { stubs: { RouterLink: RouterLinkStub } } });

  await settle();

  return { store, wrapper };
}

/** Waits for what a page does over several steps (timers, answers), failing with `what` if it never comes. */
export async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (cond()) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting for ${ what }`);
}
