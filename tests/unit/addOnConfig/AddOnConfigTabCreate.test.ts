/** The Add-on Config tab on the Service create page: what Save sends, what blocks it, the network and shared IP. */
import { flushPromises } from '@vue/test-utils';
import { getObject, storeObject } from '../../../lab/simulator/core/state';
import { RKE2_GUEST, K3S_GUEST } from '../../../lab/world/ids';
import { demoStore } from '../../harness/store';
import { CREATE_ROUTE } from '../../harness/serviceTab';
import { ANNOTATIONS } from '@pkg/addOnConfig/annotations';
import {
  chooseRadio, enter, input, newService, optionTexts, useTab
} from './tab';

const { state, open, save } = useTab();

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
