/** Mounting helpers for the topology component tests: the shell's real stores against the simulator's demo. */
import { flushPromises, RouterLinkStub } from '@vue/test-utils';
import { createTestStore, loadSchemas, Locale } from '../../harness/store';
import { mountWithStore } from '../../harness/mount';

export {
  HARVESTER_HOST, PLAIN_CLUSTER, RKE2_GUEST
} from '../../../simulator/demo/ids';

/** A store on `clusterId` with the schemas and management clusters loaded, as when entering the cluster explorer. */
export async function demoStore(clusterId: string, locale: Locale = 'en-us') {
  const store = createTestStore({ clusterId, locale });

  await loadSchemas(store);
  await store.dispatch('management/findAll', { type: 'management.cattle.io.cluster', opt: { watch: false } });
  await store.dispatch('management/findAll', { type: 'provisioning.cattle.io.cluster', opt: { watch: false } }).catch(() => []);

  return store;
}

export async function mountDemo(component: any, clusterId: string, locale: Locale = 'en-us', props: Record<string, unknown> = {}) {
  const store = await demoStore(clusterId, locale);
  const wrapper = mountWithStore(component, store, { props, global: { stubs: { RouterLink: RouterLinkStub } } });

  await settle();

  return { store, wrapper };
}

/** Lets created() finish: guest nodes, then the host lookup and its three lists. */
export async function settle(rounds = 8) {
  for (let i = 0; i < rounds; i++) {
    await flushPromises();
  }
}
