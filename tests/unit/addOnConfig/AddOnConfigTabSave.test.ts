/** What the Add-on Config tab's Save sends: against a late built-in save hook, after a 409, and for a read-only user. */
import { getObject, storeObject } from '../../../lab/simulator/core/state';
import { RKE2_GUEST, K3S_GUEST } from '../../../lab/world/ids';
import { demoStore } from '../../harness/store';
import { EDIT_ROUTE } from '../../harness/serviceTab';
import { ANNOTATIONS } from '@pkg/addOnConfig/annotations';
import { input, useTab } from './tab';

const {
  demo, state, open, save
} = useTab();

describe('Add-on Config tab, what Save sends', () => {
  it('overrules a Rancher 2.12–2.14 built-in save hook registered after the tab: no ipam nobody chose, primary kept', async() => {
    const store = await demoStore(RKE2_GUEST.id);
    const live = await store.dispatch('cluster/find', {
      type: 'service', id: 'default/web-shared', opt: { watch: false }
    });
    const before = { ...live.metadata.annotations };
    const { wrapper } = await open(store, live, EDIT_ROUTE);
    const page = wrapper.vm as any;

    // What edit/service.vue's HarvesterServiceAddOnConfig.willSave does (priority 99) when it mounts late.
    page.registerBeforeHook(() => {
      page.value.metadata.annotations[ANNOTATIONS.ipam] = 'dhcp';
      delete page.value.metadata.annotations[ANNOTATIONS.primaryService];
    }, 'harvesterWillSave');
    const writes = await save(wrapper);

    expect((writes[0].body as any).metadata.annotations).toEqual(before);
  });

  it('after a 409 on the field the user changed, shows the server\'s value the next Save sends, then saves the user\'s retyped one', async() => {
    const store = await demoStore(K3S_GUEST.id);
    const live = await store.dispatch('cluster/find', {
      type: 'service', id: 'default/legacy-lb', opt: { watch: false }
    });
    const { wrapper } = await open(store, live, EDIT_ROUTE);

    await input(wrapper, 'hc-periodSeconds').setValue('4');
    // Someone else sets the same field meanwhile; the page's live copy is kept fresh (the shell's watch does it).
    const stored = getObject(state, K3S_GUEST.id, 'service', 'default/legacy-lb')!;

    storeObject(state, K3S_GUEST.id, 'service', { ...stored, metadata: { ...stored.metadata, annotations: { ...stored.metadata.annotations, [ANNOTATIONS.periodSeconds]: '7' } } });
    await store.dispatch('cluster/find', {
      type: 'service', id: 'default/legacy-lb', opt: { watch: false, force: true }
    });
    const first = await save(wrapper);

    expect(first.map((r) => r.status)).toEqual([409]);
    expect(wrapper.find('.page-errors').text()).toMatch(/conflict|changed|updated/i);
    expect(input(wrapper, 'hc-periodSeconds').element.value).toBe('7');

    await input(wrapper, 'hc-periodSeconds').setValue('4');
    const second = await save(wrapper);

    expect(second.map((r) => r.status)).toEqual([200]);
    expect(getObject(state, K3S_GUEST.id, 'service', 'default/legacy-lb')!.metadata.annotations![ANNOTATIONS.periodSeconds]).toBe('4');
  });

  it('after a 409 from a change elsewhere (a label), merges and saves the user\'s edit without asking again', async() => {
    const store = await demoStore(K3S_GUEST.id);
    const live = await store.dispatch('cluster/find', {
      type: 'service', id: 'default/legacy-lb', opt: { watch: false }
    });
    const { wrapper } = await open(store, live, EDIT_ROUTE);

    await input(wrapper, 'hc-periodSeconds').setValue('4');
    const stored = getObject(state, K3S_GUEST.id, 'service', 'default/legacy-lb')!;

    storeObject(state, K3S_GUEST.id, 'service', { ...stored, metadata: { ...stored.metadata, labels: { ...(stored.metadata.labels || {}), team: 'b' } } });
    await store.dispatch('cluster/find', {
      type: 'service', id: 'default/legacy-lb', opt: { watch: false, force: true }
    });
    const writes = await save(wrapper);

    expect(writes.map((r) => r.status)).toEqual([409, 200]);
    const saved = getObject(state, K3S_GUEST.id, 'service', 'default/legacy-lb')!;

    expect(saved.metadata.labels?.team).toBe('b');
    expect(saved.metadata.annotations![ANNOTATIONS.periodSeconds]).toBe('4');
  });

  it('is read-only for a user who may not update the Service, even on the edit page (?mode=edit typed by hand)', async() => {
    demo.as('viewer');
    const store = await demoStore(K3S_GUEST.id);
    const live = await store.dispatch('cluster/find', {
      type: 'service', id: 'default/legacy-lb', opt: { watch: false }
    });
    const { wrapper } = await open(store, live, EDIT_ROUTE);

    expect(wrapper.find('[data-testid="lb-read-only"]').exists()).toBe(true);
    expect(wrapper.findAll('[data-testid="harvester-lb-config"] input:not([disabled]):not([readonly])').filter((i) => ['text', 'number', null, undefined].includes(i.attributes('type') as never))).toHaveLength(0);
  });
});
