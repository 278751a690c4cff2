/**
 * The Load Balancers page against the demo simulator: every LoadBalancer Service of rke2-guest with its pool and the
 * rule, Pending ones with the detail page's reason, in both languages; and at 5,000 Services, what it transfers.
 */
import { demoSeed } from '../../../lab/world/seed';
import { scaleLbHostObjects, scaleLbServices } from '../../../lab/world/clusters/scaleServices';
import { HARVESTER_HOST, PLAIN_CLUSTER, RKE2_GUEST } from '../../../lab/world/ids';
import LoadBalancersPage from '@pkg/loadBalancersPage/LoadBalancersPage.vue';
import { RouterLinkStub } from '@vue/test-utils';
import { mountDemo, mountWithStore, settle } from '../../harness/mount';
import { useDemoServer } from '../../harness/demoServer';
import { demoStore } from '../../harness/store';

const demo = useDemoServer(demoSeed([]));

const rowText = (wrapper: any, name: string) => wrapper.find(`[data-testid="lb-row-default-${ name }"]`).text().replace(/\s+/g, ' ');

describe('Load Balancers page', () => {
  it('lists every LoadBalancer Service with address, pool and why, and Pending reasons', async() => {
    const { wrapper } = await mountDemo(LoadBalancersPage, RKE2_GUEST.id);

    const rows = wrapper.findAll('tbody tr');

    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rowText(wrapper, 'web-pool')).toContain('192.168.100.50');
    // web-pool names vlan200, but its load balancer is on the guest VMs' network (vlan100, the webhook's), which
    // pool-rke2-guest serves for rke2-guest: "from pool" and "why" agree.
    expect(rowText(wrapper, 'web-pool')).toContain('pool-rke2-guest — network and scope match');
    // DHCP: kube-vip's lease, no pool.
    expect(rowText(wrapper, 'web-dhcp')).toContain('192.168.100.200');
    expect(rowText(wrapper, 'web-dhcp')).toContain('— (DHCP)');
    expect(rowText(wrapper, 'other-network')).toContain('Network not in the NAD mapping');
    expect(rowText(wrapper, 'network-changed')).toContain('Network changed after creation');
    // A primary names the Services sharing its IP, with the ports each holds.
    expect(rowText(wrapper, 'web-pool')).toMatch(/Primary: default\/port-taken \(80\/UDP\), default\/web-shared \(8080\/TCP\) share its IP/);
    expect(rowText(wrapper, 'web-shared')).toContain('Shares the IP of default/web-pool');
  });

  it('speaks Chinese', async() => {
    const { wrapper } = await mountDemo(LoadBalancersPage, RKE2_GUEST.id, 'zh-hans');

    expect(wrapper.find('h1').text()).toBe('Harvester 负载均衡器');
    expect(rowText(wrapper, 'other-network')).toContain('等待中');
  });

  it('tells a cluster not on Harvester so, without listing anything', async() => {
    const { wrapper } = await mountDemo(LoadBalancersPage, PLAIN_CLUSTER.id);

    expect(wrapper.text()).toContain('does not run on Harvester');
    expect(wrapper.findAll('tbody tr')).toHaveLength(0);
  });
});

describe('Load Balancers page at 5,000 LoadBalancer Services', () => {
  it('shows one page of 100 and transfers < 100 KiB gzipped', async() => {
    const big = demoSeed([]);

    big.clusters.find((c) => c.id === RKE2_GUEST.id)!.objects.push(...scaleLbServices(5000));
    big.clusters.find((c) => c.id === HARVESTER_HOST.id)!.objects.push(...scaleLbHostObjects(5000));
    demo.load(big);
    // Entering the cluster explorer (schemas, clusters) is not the page's: count from the mount on.
    const store = await demoStore(RKE2_GUEST.id);
    const sent = demo.record();
    const wrapper = mountWithStore(LoadBalancersPage, store, { global: { stubs: { RouterLink: RouterLinkStub } } });

    await settle();
    const total = sent.reduce((a, b) => a + b.gzip, 0);

    expect(wrapper.findAll('tbody tr')).toHaveLength(100);
    // The host's LoadBalancers of this page only, and each row's pool from its LoadBalancer.
    expect(wrapper.find('[data-testid="lb-row-scale-lb-lb-00000"] [data-testid="lb-row-pool"]').text()).toContain('pool-rke2-guest — network and scope match');
    expect(wrapper.find('[data-testid="lb-page-pager"]').text()).toMatch(/of 51 \(50\d\d Services\)/);
    expect(total).toBeLessThan(100 * 1024);
    // eslint-disable-next-line no-console
    console.log(`lb page at 5,000 Services: ${ sent.length } requests, ${ (total / 1024).toFixed(1) } KiB gzipped\n${ sent.map((r) => `${ (r.gzip / 1024).toFixed(1) } KiB ${ r.url }`).join('\n') }`);
  }, 60000);
});
