/**
 * The Add-on Config tab in a guest cluster with 5,000 Services (4,000 ClusterIP + 1,000 LoadBalancer, issue 13):
 * its requests stay under 100 KiB in all as Rancher sends them (gzipped, rancher/steve's GzipWriter), because it asks
 * Steve only for LoadBalancer Services and only the fields the rules read (lbContext.ts SERVICE_FIELDS); the rules
 * still work on those partial objects, and the partial objects never reach the store.
 */
import { flushPromises } from '@vue/test-utils';
import { demoSeed } from '../../../lab/world/seed';
import { RKE2_GUEST } from '../../../lab/world/ids';
import { createTestStore, loadSchemas } from '../../harness/store';
import { mountWithStore } from '../../harness/mount';
import { editPageFor } from '../../harness/editPage';
import { useDemoServer } from '../../harness/demoServer';
import { CREATE_ROUTE, newLoadBalancer } from '../../harness/serviceTab';
import { manyServices, withObjects } from '../../harness/manyServices';
import AddOnConfigTab from '@pkg/addOnConfig/AddOnConfigTab.vue';
import { SERVICE_FIELDS } from '@pkg/addOnConfig/lbContext';

const demo = useDemoServer(withObjects(demoSeed(), RKE2_GUEST.id, manyServices(4000, 1000)));

async function openCreateTab() {
  const store = createTestStore({ clusterId: RKE2_GUEST.id });

  await loadSchemas(store);
  const svc = await newLoadBalancer(store, { name: 'new-lb', namespace: 'ns-0' }, [{
    name: 'http', port: 80, protocol: 'TCP'
  }]);
  // What the browser downloads (the harness gzips each answer as Rancher does).
  const recorded = demo.record();
  const wrapper = mountWithStore(editPageFor(AddOnConfigTab), store, {
    props: {
      value: svc, mode: 'create', realMode: 'create'
    },
    global: { mocks: { $route: CREATE_ROUTE, $router: { replace: jest.fn() } } },
  });

  await flushPromises();
  const answers = [...recorded];

  return {
    store, wrapper, tab: wrapper.findComponent({ name: 'AddOnConfigTab' }).vm as any, answers
  };
}

describe('Add-on Config tab with 5,000 Services in the cluster', () => {
  it('makes at most 3 requests, under 100 KiB in all as sent (gzipped)', async() => {
    const { answers } = await openCreateTab();
    const total = answers.reduce((n, a) => n + a.gzip, 0);
    const services = answers.find((a) => a.url.includes('/services?'));

    expect(answers.length).toBeLessThanOrEqual(3);
    expect(services?.url).toContain('filter=spec.type=LoadBalancer');
    expect(SERVICE_FIELDS.every((f) => services?.url.includes(`include=${ f }`))).toBe(true);
    expect(total).toBeLessThan(100 * 1024);
  });

  it('still applies the rules: primaries are the LoadBalancers with an address that share no one\'s IP; port overlaps are found', async() => {
    const { tab, wrapper } = await openCreateTab();

    // As the user does it: the "Share" radio, then the primary select's options.
    await wrapper.findAll('[data-testid="lb-source"] label.radio-container').find((l: any) => l.text().includes('Share'))?.trigger('click');
    await flushPromises();
    const toggle = wrapper.find('[data-testid="lb-primary"] .vs__dropdown-toggle');

    await toggle.trigger('mousedown');
    await flushPromises();
    const list = document.getElementById(toggle.attributes('aria-owns') as string);
    const options = Array.from(list?.querySelectorAll('li.vs__dropdown-option') || []) as HTMLElement[];
    const values = options.map((o) => (o.textContent || '').trim().split(' ')[0]);

    // lb-0 has an address; lb-1 is Pending; lb-19 shares lb-18's IP (every 10th), so neither can be a primary.
    expect(values).toContain('ns-0/lb-0');
    expect(values).not.toContain('ns-1/lb-1');
    expect(values).not.toContain('ns-19/lb-19');
    // The 500 with an address (every other one) and the demo's default/web-pool and default/web-dhcp.
    expect(values).toHaveLength(502);
    // lb-0 has port 80, as the new Service: the provider would refuse it.
    const lb0 = options[values.indexOf('ns-0/lb-0')];

    lb0.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    lb0.click();
    await flushPromises();
    expect(wrapper.find('[data-testid="lb-primary-error"]').text()).toBe('These ports are already used on the shared IP: 80 (ns-0/lb-0).');
    // Every field a rule reads came with the objects.
    const someService = tab.context.services.find((s: any) => s.metadata.name === 'lb-9');

    expect(someService.metadata.uid).toBeTruthy();
    expect(Object.keys(someService).sort()).toEqual(['id', 'links', 'metadata', 'spec', 'status', 'type']);
    expect(Object.keys(someService.spec)).toEqual(['type', 'ports']);
    expect(SERVICE_FIELDS.every((f) => f.split('.').reduce((o: any, k) => o?.[k], someService) !== undefined)).toBe(true);
  });

  it('keeps the partial Services out of the store (they would replace whole objects there)', async() => {
    const { store } = await openCreateTab();

    expect(store.getters['cluster/byId']('service', 'ns-0/lb-0')).toBeUndefined();
    expect(store.getters['cluster/typeRegistered']('service') ? store.getters['cluster/all']('service').length : 0).toBeLessThanOrEqual(1);
  });
});
