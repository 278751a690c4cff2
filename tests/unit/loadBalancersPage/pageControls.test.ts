/**
 * The Load Balancers page's sort, filter and group against the demo simulator (what a user sees change, and which
 * requests go to the server), the provider-argument notices, and at 5,000 Services with many Pending ones, what the
 * one events request costs now and what the old `fieldSelector` request costs on Steve's SQL cache (which ignores it).
 */
import zlib from 'node:zlib';
import { getObject } from '../../../lab/simulator/core/state';
import { call } from '../../simulator/helpers';
import { demoSeed } from '../../../lab/world/seed';
import { scaleLbHostObjects, scaleLbServices } from '../../../lab/world/clusters/scaleServices';
import { event } from '../../../lab/world/clusters/guestParts';
import { HARVESTER_HOST, RKE2_GUEST } from '../../../lab/world/ids';
import LoadBalancersPage from '@pkg/loadBalancersPage/LoadBalancersPage.vue';
import LbControls from '@pkg/loadBalancersPage/LbControls.vue';
import { DEFAULT_CONTROLS } from '@pkg/loadBalancersPage/listControls';
import { EVENT_FIELDS, eventsUrl } from '@pkg/loadBalancersPage/loadPage';
import { withQuery } from '@pkg/data/steve';
import { mountDemo, settle } from '../../harness/mount';
import { useDemoServer } from '../../harness/demoServer';

const demo = useDemoServer(demoSeed([]));
const { state } = demo;

const names = (wrapper: any) => wrapper.findAll('tbody tr').map((r: any) => r.attributes('data-testid').replace('lb-row-default-', ''));
const serviceRequests = () => state.requests.filter((r) => r.path.endsWith('/v1/services'));

describe('sorting, filtering and grouping the page', () => {
  it('sorts by address and filters Pending on the server, by pool on the page, and says which', async() => {
    const { wrapper } = await mountDemo(LoadBalancersPage, RKE2_GUEST.id);
    const controls = wrapper.findComponent(LbControls);

    await wrapper.find('[data-testid="lb-sort-address"]').trigger('click');
    await settle();
    expect(serviceRequests().pop()?.query.sort).toBe('metadata.fields[3]');
    // Addresses first (ascending, as text: web-dhcp's .200 before web-pool's .50), then the Pending ones (Kubernetes'
    // `<pending>` column value sorts after digits).
    expect(names(wrapper).slice(0, 3)).toEqual(['web-dhcp', 'web-pool', 'web-shared']);
    expect(wrapper.find('th[aria-sort="ascending"]').text()).toContain('Address');

    controls.vm.$emit('update:controls', { ...DEFAULT_CONTROLS, state: 'pending' });
    await settle();
    expect(names(wrapper)).not.toContain('web-pool');
    expect(names(wrapper)).toContain('other-network');
    expect(wrapper.find('[data-testid="lb-page-scope"]').text()).not.toContain('Only this page');

    const before = serviceRequests().length;

    controls.vm.$emit('update:controls', { ...DEFAULT_CONTROLS, pool: 'pool-rke2-guest' });
    await settle();
    // Back to all states: one request; the pool filter itself is applied to the rows of that page.
    expect(serviceRequests().length).toBe(before + 1);
    // web-pool and the secondaries that share its address (and so its pool).
    expect(names(wrapper)).toEqual(['port-taken', 'web-pool', 'web-shared']);
    expect(wrapper.find('[data-testid="lb-page-scope"]').text()).toContain('Only this page\'s rows: the IP pool filter');
  });

  it('groups by pool: one table per pool, a Service the host has no load balancer for yet filed as that, never as "No pool"', async() => {
    // Just made: the provider has not made its load balancer yet, so it has no pool.
    expect(call(state, 'POST', `/k8s/clusters/${ RKE2_GUEST.id }/v1/services`, {
      body: {
        metadata: { name: 'fresh', namespace: 'default' },
        spec:     {
          type:  'LoadBalancer',
          ports: [{
            name: 'http', port: 80, protocol: 'TCP'
          }]
        }
      }
    }).status).toBe(201);
    const { wrapper } = await mountDemo(LoadBalancersPage, RKE2_GUEST.id);

    wrapper.findComponent(LbControls).vm.$emit('update:groupBy', 'pool');
    await settle(2);
    const titles = wrapper.findAll('h3').map((h) => h.text());

    expect(titles).toContain('Pool pool-rke2-guest (3)');
    // web-dhcp, other-network, network-changed and shares-pending, which shares other-network's.
    expect(titles).toContain('— (DHCP) (4)');
    // Issue 34: the page names only what it read: no load balancer on the host yet, not "No pool".
    expect(titles).toContain('No Harvester load balancer yet (1)');
    expect(titles.join(' | ')).not.toMatch(/No pool/);
  });
});

describe('the cloud provider\'s arguments', () => {
  const setArgs = (args: string[]) => {
    const d = getObject(state, RKE2_GUEST.id, 'apps.deployment', 'kube-system/harvester-cloud-provider')!;

    d.spec.template.spec.containers[0].args = args;
  };

  it('says nothing for the demo\'s arguments', async() => {
    const { wrapper } = await mountDemo(LoadBalancersPage, RKE2_GUEST.id);

    expect(wrapper.findAll('[data-testid^="lb-page-arg-"]')).toHaveLength(0);
  });

  it('flags the load balancer controller switched off', async() => {
    setArgs(['--cloud-config=/etc/kubernetes/cloud-config', '--cluster-name=rke2-guest', '--controllers=cloud-node-controller,cloud-node-lifecycle-controller']);
    const { wrapper } = await mountDemo(LoadBalancersPage, RKE2_GUEST.id, 'zh-hans');

    expect(wrapper.find('[data-testid="lb-page-arg-lbControllerOff"]').text()).toContain('service-lb-controller');
    expect(wrapper.find('[data-testid="lb-page-arg-lbControllerOff"]').text()).toContain('负载均衡控制器');
  });

  it('flags a missing --cluster-name and names the guest cluster sharing the host namespace', async() => {
    setArgs(['--cloud-config=/etc/kubernetes/cloud-config']);
    const { wrapper } = await mountDemo(LoadBalancersPage, RKE2_GUEST.id);
    const text = wrapper.find('[data-testid="lb-page-arg-clusterNameShared"]').text();

    expect(text).toContain('"kubernetes"');
    expect(text).toContain('guest clusters k3s-guest also have VMs in the host namespace default');
  });
});

describe('the events request at 5,000 LoadBalancer Services, every 10th Pending', () => {
  it('asks only for the page\'s Pending Services\' load-balancer events', async() => {
    const big = demoSeed([]);
    const guest = big.clusters.find((c) => c.id === RKE2_GUEST.id)!;
    const services = scaleLbServices(5000);

    services.forEach((s, i) => {
      if (i % 10 === 0) {
        s.status = { loadBalancer: {} };
        // A failing Service: its failure, and the "Ensuring" before each attempt.
        guest.objects.push(event('scale-lb', { kind: 'Service', name: s.metadata.name }, 'Warning', 'SyncLoadBalancerFailed', 'Error syncing load balancer: failed to ensure load balancer: timeout waiting for IP address', 'service-controller', 12));
        guest.objects.push(event('scale-lb', { kind: 'Service', name: s.metadata.name }, 'Normal', 'EnsuringLoadBalancer', 'Ensuring load balancer', 'service-controller', 12));
      }
    });
    guest.objects.push(...services);
    big.clusters.find((c) => c.id === HARVESTER_HOST.id)!.objects.push(...scaleLbHostObjects(5000));
    const bigState = demo.load(big);
    const { wrapper } = await mountDemo(LoadBalancersPage, RKE2_GUEST.id);
    const eventRequests = bigState.requests.filter((r) => r.path.endsWith('/v1/events'));

    expect(wrapper.findAll('[data-testid="lb-row-reason"]')).toHaveLength(10);
    const bytes = (url: string) => zlib.gzipSync(JSON.stringify(call(bigState, 'GET', url.split('?')[0], { query: new URL(url, 'http://x').searchParams }).body)).length;
    const base = `/k8s/clusters/${ RKE2_GUEST.id }/v1/events`;
    const page1Pending = services.slice(0, 100).filter((s) => !s.status.loadBalancer.ingress).map((s) => getObject(bigState, RKE2_GUEST.id, 'service', `scale-lb/${ s.metadata.name }`)!.metadata.uid as string);

    // Every look asks for the page's 10 Pending Services' events alone: the page looks again while rows wait for an
    // address (pageModel.ts), so on a loaded machine more than one look falls within the mount.
    expect(eventRequests.length).toBeGreaterThan(0);
    for (const r of eventRequests) {
      expect(/involvedObject\.uid IN \(([^)]*)\)/.exec(String(r.query.filter))?.[1].split(',').sort()).toEqual([...page1Pending].sort());
    }
    const now = bytes(eventsUrl(base, page1Pending));
    // What Steve's SQL cache answered to the old request (`fieldSelector` is not read): every event of the cluster, slim.
    const before = bytes(withQuery(base, EVENT_FIELDS));

    expect(now).toBeLessThan(4 * 1024);
    expect(before).toBeGreaterThan(20 * now);
    // eslint-disable-next-line no-console
    console.log(`events at 5,000 Services (500 Pending, 1,000 events): ${ (now / 1024).toFixed(1) } KiB gzipped for the page's 10 Pending; the unfiltered list ${ (before / 1024).toFixed(1) } KiB`);
  }, 60000);
});
