/** The Add-on Config tab on the Service edit page: locked fields, annotations kept or removed, failed saves, stale keys. */
import { flushPromises } from '@vue/test-utils';
import { getObject, storeObject } from '../../../lab/simulator/core/state';
import { RKE2_GUEST, K3S_GUEST } from '../../../lab/world/ids';
import { demoStore } from '../../harness/store';
import { EDIT_ROUTE } from '../../harness/serviceTab';
import { ANNOTATIONS } from '@pkg/addOnConfig/annotations';
import { input, useTab } from './tab';

const { state, open, save } = useTab();

describe('Add-on Config tab, edit', () => {
  // R-IPAM-2 (load-balancer-harvester webhook `checkIPAM`), R-NET-4 (provider v0.2.7 `checkNetworkChanged`), R-HC-3.
  it('locks the IP source, names the provider version that ignores health checks, and keeps unrelated annotations', async() => {
    const store = await demoStore(RKE2_GUEST.id);
    const live = await store.dispatch('cluster/find', {
      type: 'service', id: 'default/web-pool', opt: { watch: false }
    });
    const before = { ...live.metadata.annotations };
    const { wrapper } = await open(store, live, EDIT_ROUTE);

    expect(wrapper.find('[data-testid="lb-source-locked"]').text()).toContain('create a new Service');
    expect(wrapper.find('[data-testid="hc-support"]').text()).toContain('v0.2.7 in this cluster ignores these settings');

    await wrapper.find('[data-testid="hc-enabled"] .checkbox-container').trigger('click');
    (wrapper.findComponent({ name: 'HealthCheckEditor' }).vm as any).update('port', '443');
    await flushPromises();
    const writes = await save(wrapper);

    expect(writes[0].method).toBe('PUT');
    const sent = (writes[0].body as any).metadata.annotations;

    Object.entries(before).forEach(([k, v]) => expect(sent[k]).toBe(v));
    expect(sent[ANNOTATIONS.healthCheckPort]).toBe('443');
  });

  it('opening and saving an untouched Service sends its annotations unchanged', async() => {
    const store = await demoStore(RKE2_GUEST.id);
    const live = await store.dispatch('cluster/find', {
      type: 'service', id: 'default/web-dhcp', opt: { watch: false }
    });
    const before = { ...live.metadata.annotations };
    const { wrapper } = await open(store, live, EDIT_ROUTE);
    const writes = await save(wrapper);

    expect((writes[0].body as any).metadata.annotations).toEqual(before);
  });

  it('turning the health check off removes all five keys (k3s guest, provider v0.1.5 enforces them)', async() => {
    const store = await demoStore(K3S_GUEST.id);
    const { wrapper, svc } = await open(store, await store.dispatch('cluster/find', {
      type: 'service', id: 'default/legacy-lb', opt: { watch: false }
    }), EDIT_ROUTE);

    expect(wrapper.find('[data-testid="hc-support"]').text()).toContain('v0.1.5 in this cluster probes each backend');
    await wrapper.find('[data-testid="hc-enabled"] .checkbox-container').trigger('click');
    const writes = await save(wrapper);
    const sent = (writes[0].body as any).metadata.annotations || {};

    expect(Object.keys(sent).filter((k) => k.includes('healthcheck'))).toEqual([]);
    expect(sent[ANNOTATIONS.ipam]).toBe('pool');
    expect(svc.metadata.annotations[ANNOTATIONS.healthCheckPort]).toBeUndefined();
  });

  it.each([409, 403, 'drop'] as const)('keeps every edit on screen and says what happened when the save fails with %p', async(fault) => {
    const store = await demoStore(RKE2_GUEST.id);
    const { wrapper, svc } = await open(store, await store.dispatch('cluster/find', {
      type: 'service', id: 'default/web-pool', opt: { watch: false, force: true }
    }), EDIT_ROUTE);

    await wrapper.find('[data-testid="hc-enabled"] .checkbox-container').trigger('click');
    (wrapper.findComponent({ name: 'HealthCheckEditor' }).vm as any).update('port', '80');
    await input(wrapper, 'hc-periodSeconds').setValue('7');
    state.faults.push({
      match: { method: 'PUT' }, respond: fault, times: fault === 409 ? 2 : 1
    });
    await save(wrapper);

    expect(wrapper.find('.page-errors').text()).not.toBe('');
    expect(input(wrapper, 'hc-periodSeconds').element.value).toBe('7');
    expect(svc.metadata.annotations[ANNOTATIONS.periodSeconds]).toBe('7');
    // A retry after the fault goes through with the same edits.
    const retry = await save(wrapper);

    expect((retry.find((r) => r.method === 'PUT')?.body as any)?.metadata.annotations[ANNOTATIONS.periodSeconds]).toBe('7');
  });
});

describe('Add-on Config tab, stale health-check keys (provider v0.2.7 ignores them)', () => {
  // R-HC-3: cloud-provider-harvester v0.2.0+ never reads health-check annotations.
  it('never lets them block Save and offers to remove them', async() => {
    const svc = getObject(state, RKE2_GUEST.id, 'service', 'default/web-pool') as any;

    storeObject(state, RKE2_GUEST.id, 'service', {
      ...svc,
      metadata: {
        ...svc.metadata,
        annotations: {
          ...svc.metadata.annotations, [ANNOTATIONS.healthCheckPort]: 'abc', [ANNOTATIONS.periodSeconds]: ' 7'
        }
      }
    });
    const store = await demoStore(RKE2_GUEST.id);
    const live = await store.dispatch('cluster/find', {
      type: 'service', id: 'default/web-pool', opt: { watch: false }
    });
    const { wrapper } = await open(store, live, EDIT_ROUTE);

    // Flagged beside the field, yet saving is not blocked.
    expect(wrapper.find('[data-testid="hc-port-error"]').text()).toBe('Enter a whole number of 1 or more.');
    expect(wrapper.find('[data-testid="hc-stale"]').text()).toContain(`${ ANNOTATIONS.healthCheckPort }, ${ ANNOTATIONS.periodSeconds }`);
    expect((await save(wrapper))[0].method).toBe('PUT');

    await wrapper.find('[data-testid="hc-remove-stale"]').trigger('click');
    const writes = await save(wrapper);
    const sent = (writes[0].body as any).metadata.annotations;

    expect(Object.keys(sent).filter((k) => k.includes('healthcheck'))).toEqual([]);
    expect(sent['example.com/owner']).toBe('team-a');
  });
});
