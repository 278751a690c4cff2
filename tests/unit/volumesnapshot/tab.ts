// The PVC "Volume snapshots" tab mounted against the demo (tests/harness), shared by the tab's test files.
import PvcSnapshots from '@pkg/volumesnapshot/PvcSnapshots.vue';
import { mountWithStore, until } from '../../harness/mount';
import { demoStore, Locale } from '../../harness/store';
import { DemoServer } from '../../harness/demoServer';
import { RKE2_GUEST } from '../../../lab/world/ids';
import { getObject } from '../../../lab/simulator/core/state';

export const SNAPS = `/k8s/clusters/${ RKE2_GUEST.id }/v1/snapshot.storage.k8s.io.volumesnapshots`;
export const PVCS = `/k8s/clusters/${ RKE2_GUEST.id }/v1/persistentvolumeclaims`;

/** Opening the tab on a claim of the demo's rke2-guest, and what it sent since, for a file's demo server. */
export function tabOn(demo: DemoServer) {
  async function open(locale?: Locale, prepare: (store: any) => void = () => undefined, stubs: Record<string, any> = { 'router-link': true }, pvc = 'default/data-db-0') {
    const store = await demoStore(RKE2_GUEST.id, locale);

    prepare(store);
    const resource = getObject(demo.state, RKE2_GUEST.id, 'persistentvolumeclaim', pvc);
    const wrapper = mountWithStore(PvcSnapshots, store, { props: { resource }, global: { mocks: { $route: { query: {}, params: { cluster: RKE2_GUEST.id } } }, stubs } });

    await until(() => !!(wrapper.vm as any).panel, 'the panel');
    await wrapper.vm.$nextTick();

    return { wrapper, mark: demo.mark() };
  }

  /** What the tab sent from `mark` on, reads left out. */
  const writes = (mark: number) => demo.requestsSince(mark).filter((r) => !r.startsWith('GET '));

  return { open, writes };
}

/** Clicks what opens a form (Take snapshot, Back up, Restore) and waits for it: the forms load on use. */
export const openForm = async(w: any, button: string, form: string) => {
  await w.find(button).trigger('click');
  await until(() => w.find(form).exists(), form);
};

export const submit = async(w: any, sel: string) => {
  await w.find(sel).trigger('submit');
  await until(() => !w.find(`${ sel } button[disabled]`).exists(), 'the request');
  await w.vm.$nextTick();
};
