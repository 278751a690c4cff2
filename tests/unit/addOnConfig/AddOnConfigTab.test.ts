import { reactive } from 'vue';
import { flushPromises } from '@vue/test-utils';
import { getObject, storeObject } from '../../../simulator/core/state';
import { RKE2_GUEST, K3S_GUEST } from '../../../simulator/demo/ids';
import { demoStore } from '../../harness/store';
import { mountWithStore } from '../../harness/mount';
import { useDemoServer } from '../../harness/demoServer';
import {
  CREATE_ROUTE, EDIT_ROUTE, newLoadBalancer, PortSpec, VIEW_ROUTE
} from '../../harness/serviceTab';
import { editPageFor } from '../../harness/editPage';
import AddOnConfigTab from '@pkg/addOnConfig/AddOnConfigTab.vue';
import { ANNOTATIONS } from '@pkg/addOnConfig/annotations';

// Every test starts from the demo data (the harness puts it back, faults and the request log cleared).
const demo = useDemoServer();
const { state } = demo;

function newService(store: any, ports: PortSpec[] = [{
  name: 'http', port: 80, protocol: 'TCP', targetPort: 8080
}]) {
  return newLoadBalancer(store, { name: `lb-${ Math.random().toString(36).slice(2, 7) }`, namespace: 'default' }, ports, { app: 'web' });
}

// The shell's pages hold the resource in component data, which makes it reactive: so does this stand-in.
// Like the shell's ResourceDetail, edit pages get a clone to edit, a clone of the original and the live object.
async function open(store: any, plain: any, route: any) {
  const isEdit = route !== CREATE_ROUTE;
  const resource = reactive(isEdit ? await store.dispatch('cluster/clone', { resource: plain }) : plain);
  const initialValue = isEdit ? await store.dispatch('cluster/clone', { resource: plain }) : null;
  const requestsBefore = state.requests.length;
  const Page = editPageFor(AddOnConfigTab);
  const mode = route === CREATE_ROUTE ? 'create' : route === EDIT_ROUTE ? 'edit' : 'view';
  const wrapper = mountWithStore(Page, store, {
    props: {
      value: resource, initialValue, liveValue: isEdit ? plain : null, mode, realMode: mode
    },
    global: { mocks: { $route: route, $router: { replace: jest.fn() } } },
  });

  await flushPromises();

  return {
    wrapper, svc: resource, requestsOnOpen: state.requests.slice(requestsBefore)
  };
}

// Shell inputs put a test id either on their wrapper or on the <input> itself.
const input = (w: any, testid: string) => {
  const el = w.find(`[data-testid="${ testid }"]`);

  return el.exists() && el.element.tagName === 'INPUT' ? el : w.find(`[data-testid="${ testid }"] input`);
};

// What a user does: click a radio by its label; type into a text field, or open a select and click its option.
async function chooseRadio(w: any, testid: string, label: string) {
  const option = w.findAll(`[data-testid="${ testid }"] label.radio-container`).find((l: any) => l.text().includes(label));

  expect(option).toBeDefined();
  await option.trigger('click');
  await flushPromises();
}

async function enter(w: any, testid: string, value: string) {
  const text = input(w, testid);

  if (text.exists() && !text.classes().includes('vs__search')) {
    await text.setValue(value);
  } else {
    await w.find(`[data-testid="${ testid }"] .vs__dropdown-toggle`).trigger('mousedown');
    await flushPromises();
    const option = Array.from(document.body.querySelectorAll('ul.vs__dropdown-menu li.vs__dropdown-option'))
      .find((o) => o.textContent?.trim() === value) as HTMLElement | undefined;

    expect(option?.textContent?.trim()).toBe(value);
    option?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    option?.click();
  }
  await flushPromises();
}

// The options a select offers, as the user sees them when it opens (closed again afterwards).
async function optionTexts(w: any, testid: string): Promise<string[]> {
  const toggle = w.find(`[data-testid="${ testid }"] .vs__dropdown-toggle`);

  await toggle.trigger('mousedown');
  await flushPromises();
  // vue-select appends its menu to <body>; the toggle names it (aria-owns / aria-controls).
  const listId = toggle.attributes('aria-owns') || w.find(`[data-testid="${ testid }"] input`).attributes('aria-controls');
  const list = document.getElementById(listId);

  expect(list).not.toBeNull();
  const texts = Array.from(list?.querySelectorAll('li.vs__dropdown-option') || []).map((o) => o.textContent?.trim() || '');

  await toggle.trigger('mousedown');
  await flushPromises();

  return texts;
}

async function save(wrapper: any) {
  const before = state.requests.length;

  await wrapper.find('.page-save').trigger('click');
  await flushPromises();

  return state.requests.slice(before).filter((r) => r.method !== 'GET');
}

describe('Add-on Config tab, create', () => {
  it('creates a DHCP load balancer with a health check: the exact annotations Steve receives', async() => {
    const store = await demoStore(RKE2_GUEST.id);
    const svc = await newService(store);
    const { wrapper, requestsOnOpen } = await open(store, svc, CREATE_ROUTE);

    // Services are not in the store yet: the tab asks for them, the NAD mapping and the provider's workload.
    expect(requestsOnOpen.length).toBeLessThanOrEqual(3);

    await chooseRadio(wrapper, 'lb-source', 'DHCP');
    expect(wrapper.find('[data-testid="lb-source"] label.radio-button-checked').text()).toContain('DHCP');
    await enter(wrapper, 'lb-network', 'default/vlan200 (enp2s0)');
    await wrapper.find('[data-testid="hc-enabled"] .checkbox-container').trigger('click');
    await enter(wrapper, 'hc-port', '80');
    await input(wrapper, 'hc-periodSeconds').setValue('10');

    const writes = await save(wrapper);

    expect(writes).toHaveLength(1);
    expect(writes[0].method).toBe('POST');
    expect((writes[0].body as any).metadata.annotations).toEqual({
      [ANNOTATIONS.ipam]:             'dhcp',
      [ANNOTATIONS.network]:          'default/vlan200',
      [ANNOTATIONS.healthCheckPort]:  '80',
      [ANNOTATIONS.successThreshold]: '1',
      [ANNOTATIONS.failureThreshold]: '3',
      [ANNOTATIONS.periodSeconds]:    '10',
      [ANNOTATIONS.timeoutSeconds]:   '3',
    });
  });

  it('writes no annotation at all when the user leaves the tab alone (pool is the provider default)', async() => {
    const store = await demoStore(RKE2_GUEST.id);
    const svc = await newService(store);
    const { wrapper } = await open(store, svc, CREATE_ROUTE);

    expect(wrapper.find('[data-testid="lb-source"]').text()).toContain('IP pool (provider default)');
    // R-NET-2: the network picks kube-vip's interface; Harvester picks the pool on the guest VMs' network.
    expect(wrapper.find('[data-testid="lb-network-pool-note"]').text()).toContain('It does not pick the IP pool');
    const writes = await save(wrapper);

    expect((writes[0].body as any).metadata.annotations).toBeUndefined();
  });

  // k3s-guest runs provider v0.1.5, which reads health checks (cloud-provider-harvester v0.1.5 `getNodePort`).
  it('blocks Save with a message beside the field while the health-check port is not a Service TCP port', async() => {
    const store = await demoStore(K3S_GUEST.id);
    const svc = await newService(store, [{
      name: 'dns', port: 53, protocol: 'UDP', targetPort: 53
    } as any, {
      name: 'http', port: 80, protocol: 'TCP', targetPort: 80
    }]);
    const { wrapper } = await open(store, svc, CREATE_ROUTE);

    await wrapper.find('[data-testid="hc-enabled"] .checkbox-container').trigger('click');
    (wrapper.findComponent({ name: 'HealthCheckEditor' }).vm as any).update('port', '53');
    await input(wrapper, 'hc-timeoutSeconds').setValue('0');
    await flushPromises();

    expect(wrapper.find('[data-testid="hc-port-error"]').text()).toBe("The port must be one of the Service's TCP ports: 80.");
    expect(wrapper.find('[data-testid="hc-timeoutSeconds-error"]').text()).toBe('Enter a whole number of 1 or more.');

    const writes = await save(wrapper);

    expect(writes).toEqual([]);
    expect(wrapper.find('.page-errors').text()).toContain('The Add-on Config tab has errors; fix them before saving.');
    // The user's input is still there.
    expect(input(wrapper, 'hc-timeoutSeconds').element.value).toBe('0');
  });

  it('shows the messages in Simplified Chinese', async() => {
    const store = await demoStore(RKE2_GUEST.id, 'zh-hans');
    const svc = await newService(store);
    const { wrapper } = await open(store, svc, CREATE_ROUTE);

    await wrapper.find('[data-testid="hc-enabled"] .checkbox-container').trigger('click');
    await input(wrapper, 'hc-failureThreshold').setValue('x');
    await flushPromises();

    expect(wrapper.find('[data-testid="hc-failureThreshold-error"]').text()).toBe('请输入大于或等于 1 的整数。');
    expect(wrapper.find('[data-testid="hc-port-error"]').text()).toBe('健康检查需要一个端口。');
    expect(wrapper.text()).toContain('健康检查');
  });

  it('shares an IP only without overlapping ports, and gives the secondary no IPAM', async() => {
    const store = await demoStore(RKE2_GUEST.id);
    const { wrapper, svc } = await open(store, await newService(store, [{
      name: 'https', port: 443, protocol: 'TCP', targetPort: 8443
    }]), CREATE_ROUTE);

    await chooseRadio(wrapper, 'lb-source', 'Share the IP of another Service');
    // Only Services with an address can be primaries (web-pool, web-dhcp's lease; the Pending ones are not offered).
    expect(await optionTexts(wrapper, 'lb-primary')).toEqual(['default/web-dhcp (192.168.100.200)', 'default/web-pool (192.168.100.50)']);
    await enter(wrapper, 'lb-primary', 'default/web-pool (192.168.100.50)');
    expect(wrapper.find('[data-testid="lb-primary-error"]').text()).toBe('These ports are already used on the shared IP: 443 (default/web-pool).');
    expect(await save(wrapper)).toEqual([]);

    svc.spec.ports = [{
      name: 'alt', port: 9443, protocol: 'TCP', targetPort: 8443
    }];
    await flushPromises();
    expect(wrapper.find('[data-testid="lb-primary-error"]').exists()).toBe(false);
    const writes = await save(wrapper);

    expect((writes[0].body as any).metadata.annotations).toEqual({ [ANNOTATIONS.primaryService]: 'default/web-pool' });
  });

  // cloud-provider-harvester v0.2.7 `GetNADInterfaceMapping`: invalid JSON refuses every network.
  it('warns about a malformed NAD mapping and refuses any network, since the provider would', async() => {
    const cm = getObject(state, RKE2_GUEST.id, 'configmap', 'kube-system/harvester-nad-mapping') as any;
    const saved = cm.data['interface-nad-mapping'];

    storeObject(state, RKE2_GUEST.id, 'configmap', { ...cm, data: { 'interface-nad-mapping': '{"default/vlan100": ' } });
    try {
      const store = await demoStore(RKE2_GUEST.id);
      const svc = await newService(store);
      const { wrapper, svc: onPage } = await open(store, svc, CREATE_ROUTE);

      await chooseRadio(wrapper, 'lb-source', 'DHCP');
      expect(wrapper.find('[data-testid="lb-network-malformed"]').text()).toContain('does not hold valid JSON');
      // The mapping offers no network to pick: one typed in the Labels & Annotations tab is flagged here.
      expect(await optionTexts(wrapper, 'lb-network')).toEqual(['Provider default']);
      onPage.metadata.annotations = { ...onPage.metadata.annotations, [ANNOTATIONS.network]: 'default/vlan100' };
      await flushPromises();
      expect(wrapper.find('[data-testid="lb-network-error"]').text()).toContain('not valid JSON, so the provider refuses every network');
      expect(await save(wrapper)).toEqual([]);
      await enter(wrapper, 'lb-network', 'Provider default');
      const writes = await save(wrapper);

      expect((writes[0].body as any).metadata.annotations[ANNOTATIONS.network]).toBeUndefined();
    } finally {
      storeObject(state, RKE2_GUEST.id, 'configmap', { ...cm, data: { 'interface-nad-mapping': saved } });
    }
  });
});

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

describe('Add-on Config tab, a health check turned on where the provider ignores it (v0.2.7)', () => {
  it('warns that the provider ignores it, and does not call the keys just added stale', async() => {
    const store = await demoStore(RKE2_GUEST.id);
    const svc = await newService(store);
    const { wrapper } = await open(store, svc, CREATE_ROUTE);

    await wrapper.find('[data-testid="hc-enabled"] .checkbox-container').trigger('click');
    await enter(wrapper, 'hc-port', '80');
    await flushPromises();

    expect(wrapper.find('[data-testid="hc-support"]').text()).toContain('ignores these settings');
    expect(wrapper.find('[data-testid="hc-stale"]').exists()).toBe(false);
  });
});

describe('Add-on Config tab, detail', () => {
  // A DHCP load balancer is Ready with 0.0.0.0 on Harvester at once (load-balancer-harvester v1.8.2
  // `ensureAllocatedAddressDHCP`); the address is kube-vip's lease, and nothing is Pending.
  it('is read-only and shows the address a DHCP load balancer leased, with nothing to explain', async() => {
    const store = await demoStore(RKE2_GUEST.id);
    const svc = await store.dispatch('cluster/find', {
      type: 'service', id: 'default/web-dhcp', opt: { watch: false }
    });
    const { wrapper } = await open(store, svc, VIEW_ROUTE);

    await flushPromises();
    expect(wrapper.findAll('input:not([disabled])').filter((i) => i.attributes('type') === 'text')).toHaveLength(0);
    expect(wrapper.find('[data-testid="lb-pending-address"]').text()).toBe('192.168.100.200');
    expect(wrapper.find('[data-testid="lb-pending-reason"]').exists()).toBe(false);
  });

  it('shows a secondary whose primary has no address, in Simplified Chinese', async() => {
    const store = await demoStore(RKE2_GUEST.id, 'zh-hans');
    const svc = await store.dispatch('cluster/find', {
      type: 'service', id: 'default/shares-pending', opt: { watch: false }
    });
    const { wrapper } = await open(store, svc, VIEW_ROUTE);

    await flushPromises();
    expect(wrapper.find('[data-testid="lb-pending-what"]').text()).toBe('主服务 default/other-network 还没有地址，因此没有可共享的地址。');
  });
});

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
