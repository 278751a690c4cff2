// The PVC "Volume snapshots" tab mounted against the Steve simulator, shared by the tab's test files.
import PvcSnapshots from '@pkg/volumesnapshot/PvcSnapshots.vue';
import { mountWithStore } from '../../harness/mount';
import { Locale } from '../../harness/store';
import { RKE2_GUEST } from '../../../simulator/demo/ids';
import { getObject } from '../../../simulator/steve/state';
import { guestStore, requestsSince, state, until } from '../storageClass/simulator';

export const SNAPS = `/k8s/clusters/${ RKE2_GUEST.id }/v1/snapshot.storage.k8s.io.volumesnapshots`;
export const PVCS = `/k8s/clusters/${ RKE2_GUEST.id }/v1/persistentvolumeclaims`;

export async function open(locale?: Locale, prepare: (store: any) => void = () => undefined, stubs: Record<string, any> = { 'router-link': true }, pvc = 'default/data-db-0') {
  const store = await guestStore(RKE2_GUEST.id, locale);

  prepare(store);
  const resource = getObject(state, RKE2_GUEST.id, 'persistentvolumeclaim', pvc);
  const wrapper = mountWithStore(PvcSnapshots, store, { props: { resource }, global: { mocks: { $route: { query: {}, params: { cluster: RKE2_GUEST.id } } }, stubs } });

  await until(() => !!(wrapper.vm as any).panel, 'the panel');
  await wrapper.vm.$nextTick();

  return { wrapper, mark: state.requests.length };
}

/** What the tab sent from `mark` on, reads left out. */
export const writes = (mark: number) => requestsSince(mark).filter((r) => !r.startsWith('GET '));

export const submit = async(w: any, sel: string) => {
  await w.find(sel).trigger('submit');
  await until(() => !w.find(`${ sel } button[disabled]`).exists(), 'the request');
  await w.vm.$nextTick();
};
