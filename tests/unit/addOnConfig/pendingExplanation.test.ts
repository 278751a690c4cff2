/**
 * The Service detail page on the demo's Pending Services (lab/world/clusters/pendingLbs.ts, left Pending by the
 * simulator's controllers): each cause is explained from the Service's events, for an admin (who also reads the
 * Harvester host) and for a user who can read the guest cluster only. Rows R-EV-* of docs/harvester-rules.md.
 */
import { flushPromises } from '@vue/test-utils';
import { HARVESTER_HOST, IP_POOLS, RKE2_GUEST, SERVICES } from '../../../lab/world/ids';
import { startControllers } from '../../../lab/simulator/controllers';
import { POOL_TYPE } from '../../../lab/simulator/controllers/hostLoadBalancer';
import { loadBalancerName } from '../../../lab/simulator/controllers/loadBalancerName';
import { getObject, storeObject } from '../../../lab/simulator/core/state';
import { call } from '../../simulator/helpers';
import { createTestStore, loadSchemas, Locale } from '../../harness/store';
import { mountWithStore } from '../../harness/mount';
import { useDemoServer } from '../../harness/demoServer';
import LbPendingExplanation from '@pkg/addOnConfig/LbPendingExplanation.vue';
import type { WorkloadRun } from '@pkg/environment/workloadRun';

const demo = useDemoServer();
const { state } = demo;

async function show(id: string, opts: { locale?: Locale; user?: 'admin' | 'viewer'; providerRun?: WorkloadRun } = {}) {
  if (opts.user === 'viewer') {
    demo.as('viewer');
  }
  const store = createTestStore({ clusterId: RKE2_GUEST.id, locale: opts.locale || 'en-us' });

  await loadSchemas(store);
  const services = await store.dispatch('cluster/findAll', { type: 'service', opt: { watch: false } });
  const service = services.find((s: any) => `${ s.metadata.namespace }/${ s.metadata.name }` === id);
  const before = state.requests.length;
  const wrapper = mountWithStore(LbPendingExplanation, store, {
    props: {
      service, services, clusterName: RKE2_GUEST.name, providerRun: opts.providerRun || null
    }
  });

  await flushPromises();

  return { wrapper, requests: state.requests.slice(before) };
}

/** A LoadBalancer Service in default, made through the simulated Steve. */
function createLoadBalancer(name: string, annotations: Record<string, string>): void {
  expect(call(state, 'POST', `/k8s/clusters/${ RKE2_GUEST.id }/v1/services`, {
    body: {
      metadata: {
        name, namespace: 'default', annotations
      },
      spec: {
        type:  'LoadBalancer',
        ports: [{
          name: 'http', port: 80, protocol: 'TCP'
        }]
      },
    }
  }).status).toBe(201);
}

const CASES: [string, string][] = [
  ['default/shares-pending', 'The primary Service default/other-network has no address yet, so there is none to share.'],
  ['default/port-taken', 'Port 80 is already used on the shared IP by default/web-pool, whatever the protocol.'],
  ['default/other-network', "The network default/vlan300 is not one the guest's nodes share (kube-system/harvester-nad-mapping)."],
  ['default/network-changed', 'The network was changed after the load balancer was created ("default/vlan100" then, "default/vlan200" now); the provider refuses that.'],
];

describe('why is my load balancer Pending', () => {
  it('heads the section by the state: why there is no address while Pending, the address once Active (issue 34)', async() => {
    const pending = await show('default/other-network');
    const active = await show(`default/${ SERVICES.webPool }`);
    const activeZh = await show(`default/${ SERVICES.webPool }`, { locale: 'zh-hans' });

    expect(pending.wrapper.find('[data-testid="lb-pending-title"]').text()).toBe('Why this load balancer has no address');
    expect(active.wrapper.find('[data-testid="lb-pending-address"]').text()).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(active.wrapper.find('[data-testid="lb-pending-title"]').text()).toBe('The load balancer\'s address');
    expect(activeZh.wrapper.find('[data-testid="lb-pending-title"]').text()).toBe('负载均衡器的地址');
  });

  it.each(CASES)('explains %s to an admin, with what Harvester holds', async(id, what) => {
    const { wrapper, requests } = await show(id);

    expect(wrapper.find('[data-testid="lb-pending-what"]').text()).toBe(what);
    expect(wrapper.find('[data-testid="lb-pending-fix"]').text()).not.toBe('');
    // One request for the events, whatever else is read.
    expect(requests.filter((r) => r.path.includes('/v1/events'))).toHaveLength(1);
  });

  it.each(CASES)('explains %s to a user who cannot read the Harvester host', async(id, what) => {
    const { wrapper } = await show(id, { user: 'viewer' });

    expect(wrapper.find('[data-testid="lb-pending-what"]').text()).toBe(what);
    expect(wrapper.find('[data-testid="lb-host"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="lb-host-unreadable"]').text()).toContain('the explanation above comes from the Service\'s events');
  });

  it('adds the host load balancer for an admin: the one from before the network changed', async() => {
    const { wrapper } = await show('default/network-changed');
    const uid = getObject(state, RKE2_GUEST.id, 'service', 'default/network-changed')?.metadata.uid as string;

    expect(wrapper.find('[data-testid="lb-host"]').text()).toContain(loadBalancerName(RKE2_GUEST.name, 'default', SERVICES.pendingNetChanged, uid));
    // DHCP: Ready on Harvester (0.0.0.0 asks kube-vip for a lease), so no pool is in question.
    expect(wrapper.find('[data-testid="lb-host"]').text()).toContain('Ready');
    expect(wrapper.find('[data-testid="lb-host-show-pools"]').exists()).toBe(false);
  });

  // R-POOL-0: the pool is chosen on the network Harvester's webhook writes (the guest VMs' first, vlan100), not the
  // Service's: a pool on the Service's network serves nothing (load-balancer-harvester v1.8.2 mutator.go findNetwork).
  it('adds the IP pool verdicts for an admin, on the guest VMs\' network', async() => {
    const pool = getObject(state, HARVESTER_HOST.id, POOL_TYPE, IP_POOLS.rke2) as any;
    const controllers = startControllers(state, { only: ['harvester-cloud-provider-service', 'harvester-lb-controller', 'kube-vip'] });

    storeObject(state, HARVESTER_HOST.id, POOL_TYPE, { ...pool, spec: { ...pool.spec, selector: { ...pool.spec.selector, network: 'default/vlan200' } } });
    createLoadBalancer('shop', { 'cloudprovider.harvesterhci.io/ipam': 'pool', 'cloudprovider.harvesterhci.io/network': 'default/vlan200' });
    controllers.step();
    controllers.stop();
    const { wrapper } = await show('default/shop');

    expect(wrapper.find('[data-testid="lb-pending-what"]').text()).toBe('No Harvester IP pool serves this guest cluster\'s load balancers (network "default/vlan100", project "c-hh001/p-hh001dflt", namespace "default", guest cluster "rke2-guest"). Harvester takes the network from the guest cluster\'s VMs and the project from their namespace on Harvester, not from the Service.');
    // The pools are one click away: opening the page reads only the events more than before.
    expect(wrapper.find('[data-testid="lb-host-pools"]').exists()).toBe(false);
    await wrapper.find('[data-testid="lb-host-show-pools"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="lb-host-pools"]').text()).toContain('pool-rke2-guest');
    expect(wrapper.find('[data-testid="lb-host-pools"]').text()).toContain('serves network "default/vlan200", not "default/vlan100", the network of the guest cluster\'s VMs');
  });

  // Fault 1 of issue 37: the provider made the host LoadBalancer, Harvester's load balancer controller never acted.
  it('says Harvester\'s load balancer controller has not acted yet when the host load balancer has no Ready condition', async() => {
    const controllers = startControllers(state, { only: ['harvester-cloud-provider-service'] });

    createLoadBalancer('unserved', { 'cloudprovider.harvesterhci.io/ipam': 'pool' });
    controllers.step();
    controllers.stop();
    const { wrapper } = await show('default/unserved');
    const zh = await show('default/unserved', { locale: 'zh-hans' });
    const ready = await show('default/network-changed');

    expect(wrapper.find('[data-testid="lb-host-state"]').text()).toBe('Not yet processed');
    expect(wrapper.find('[data-testid="lb-host-no-controller"]').text()).toContain('check that harvester-load-balancer runs');
    expect(zh.wrapper.find('[data-testid="lb-host-state"]').text()).toBe('尚未处理');
    expect(zh.wrapper.find('[data-testid="lb-host-no-controller"]').text()).toContain('harvester-load-balancer 是否在运行');
    expect(ready.wrapper.find('[data-testid="lb-host-state"]').text()).toBe('Ready');
    expect(ready.wrapper.find('[data-testid="lb-host-no-controller"]').exists()).toBe(false);
  });

  // Fault 2 of issue 37: the provider stopped records no event; its Deployment is what says why.
  it('says the cloud provider is not running, from its Deployment, in place of "no event yet"; nothing once there is an address', async() => {
    const down: WorkloadRun = {
      running: false, available: 0, desired: 1, message: ''
    };

    createLoadBalancer('nobody-makes-it', { 'cloudprovider.harvesterhci.io/ipam': 'pool' });
    const { wrapper } = await show('default/nobody-makes-it', { providerRun: down });
    const zh = await show('default/nobody-makes-it', { providerRun: down, locale: 'zh-hans' });
    const running = await show('default/nobody-makes-it', {
      providerRun: {
        ...down, running: true, available: 1
      }
    });
    const active = await show(`default/${ SERVICES.webPool }`, { providerRun: down });

    expect(wrapper.find('[data-testid="lb-pending-provider-down"]').text()).toBe('The Harvester cloud provider is not running (its Deployment kube-system/harvester-cloud-provider has 0 of 1 replicas available): nothing makes this load balancer until it runs, and it records no event meanwhile. Once it runs, the address comes without reloading this page.');
    expect(wrapper.find('[data-testid="lb-pending-waiting"]').exists()).toBe(false);
    expect(zh.wrapper.find('[data-testid="lb-pending-provider-down"]').text()).toContain('Harvester 云提供商未在运行');
    expect(running.wrapper.find('[data-testid="lb-pending-provider-down"]').exists()).toBe(false);
    expect(running.wrapper.find('[data-testid="lb-pending-waiting"]').text()).toBe('No load balancer event has been recorded for this Service yet.');
    expect(active.wrapper.find('[data-testid="lb-pending-provider-down"]').exists()).toBe(false);
  });

  // Bench budget: the page before read the host lookup and the host load balancer; now the events come on top.
  it('costs one request more than before on opening: the events', async() => {
    const { requests } = await show('default/network-changed');

    expect(requests.map((r) => r.path)).toEqual([
      '/k8s/clusters/c-m-rke2g001/v1/events/default',
      // The host lookup (the guest's clusters are not in this test's store) and the host load balancer, as before.
      '/v1/management.cattle.io.clusters/c-m-rke2g001',
      '/v1/provisioning.cattle.io.clusters/fleet-default/rke2-guest',
      '/v3/cloudcredentials/cattle-global-data%3Acc-harvester',
      '/k8s/clusters/c-hh001/v1/loadbalancer.harvesterhci.io.loadbalancer',
    ]);
  });

  it('says the Service is Active and reads nothing from the host when it has an address', async() => {
    const { wrapper, requests } = await show('default/web-pool');

    expect(wrapper.find('[data-testid="lb-pending-address"]').text()).toBe('192.168.100.50');
    expect(wrapper.find('[data-testid="lb-pending-reason"]').exists()).toBe(false);
    expect(requests.filter((r) => r.path.includes('c-hh001'))).toEqual([]);
  });

  it('says a DHCP Service is Active with kube-vip\'s lease', async() => {
    const { wrapper } = await show('default/web-dhcp');

    expect(wrapper.find('[data-testid="lb-pending-address"]').text()).toBe('192.168.100.200');
    expect(wrapper.find('[data-testid="lb-pending-reason"]').exists()).toBe(false);
  });

  it('speaks Simplified Chinese and keeps the cluster\'s own message verbatim beside it', async() => {
    const { wrapper } = await show('default/port-taken', { locale: 'zh-hans' });

    expect(wrapper.find('[data-testid="lb-pending-what"]').text()).toBe('端口 80 已被 default/web-pool 在共享 IP 上使用（无论协议）。');
    expect(wrapper.find('[data-testid="lb-pending-message"]').text()).toContain('port 80 has been used in service default/web-pool');
  });
});
