/**
 * The simulator's Harvester load balancer controllers and IPAM, stepped by hand over the demo data: what a user of the
 * guest cluster sees after creating a LoadBalancer Service; and the provider's load balancer names.
 */
import { crc32, loadBalancerName } from '../../lab/simulator/controllers/loadBalancerName';
import { call, RKE2 } from './helpers';
import { HOST, useControllerSteps } from './controllerSteps';

const LBS = `${ HOST }/loadbalancer.harvesterhci.io.loadbalancers`;
const NETWORK = 'cloudprovider.harvesterhci.io/network';

const {
  world, step, get, eventsOf
} = useControllerSteps();

function lbService(name: string, annotations: Record<string, string>, port = 8080): any {
  const res = call(world.state, 'POST', `${ RKE2 }/services`, {
    body: {
      metadata: {
        name, namespace: 'default', annotations
      },
      spec: {
        type:     'LoadBalancer',
        selector: { app: name },
        ports:    [{
          name: 'http', port, targetPort: port, protocol: 'TCP'
        }]
      },
    }
  });

  expect(res.status).toBe(201);

  return res.body;
}

describe('Harvester load balancers and IPAM', () => {
  it('a Service on a network a pool serves gets the pool\'s next address, kube-vip\'s ingress and the provider\'s events', () => {
    const created = lbService('shop', { [NETWORK]: 'default/vlan200' });

    expect(get(`${ RKE2 }/services/default/shop`).status.loadBalancer).toEqual({});
    step();

    const svc = get(`${ RKE2 }/services/default/shop`);
    const lbName = loadBalancerName('rke2-guest', 'default', 'shop', created.metadata.uid);
    const lb = get(`${ LBS }/default/${ lbName }`);

    // web-pool holds .50, the first address of pool-rke2-guest's range: the next one is .51.
    expect(svc.metadata.annotations['kube-vip.io/loadbalancerIPs']).toBe('192.168.100.51');
    expect(svc.status.loadBalancer.ingress).toEqual([{ ip: '192.168.100.51', ipMode: 'VIP' }]);
    expect(svc.metadata.finalizers).toContain('service.kubernetes.io/load-balancer-cleanup');
    expect(svc.metadata.fields[3]).toBe('192.168.100.51'); // External-IP column
    expect(lb.metadata.labels).toEqual({
      'cloudprovider.harvesterhci.io/cluster': 'rke2-guest', 'cloudprovider.harvesterhci.io/serviceNamespace': 'default', 'cloudprovider.harvesterhci.io/serviceName': 'shop'
    });
    // The load balancer webhook's network is the guest VMs' first (vlan100), whatever the Service names (findNetwork).
    expect(lb.metadata.annotations).toMatchObject({ 'loadbalancer.harvesterhci.io/network': 'default/vlan100', 'loadbalancer.harvesterhci.io/cluster': 'rke2-guest' });
    // The guest interface of the Service's own network, from the NAD mapping.
    expect(svc.metadata.annotations['kube-vip.io/serviceInterface']).toBe('enp2s0');
    expect(lb.spec).toMatchObject({ ipam: 'pool', workloadType: 'cluster' });
    // kube-vip's address reaches the host LoadBalancer only on the provider's next sync (a status change starts none).
    expect(lb.status.address).toBeUndefined();
    expect(lb.status).toMatchObject({
      allocatedAddress: {
        ipPool: 'pool-rke2-guest', ip: '192.168.100.51', mask: '255.255.255.0'
      }
    });
    expect(lb.status.conditions).toEqual([expect.objectContaining({ type: 'Ready', status: 'True' })]);
    expect(get(`${ HOST }/loadbalancer.harvesterhci.io.ippools/pool-rke2-guest`).status.allocated['192.168.100.51']).toBe(`default/${ lbName }`);
    expect(eventsOf(RKE2, 'shop')).toEqual([['Normal', 'EnsuringLoadBalancer', 'Ensuring load balancer'], ['Normal', 'EnsuredLoadBalancer', 'Ensured load balancer']]);

    // Deleted now, the Service leaves its load balancer behind: provider v0.2.7's GetLoadBalancer reports none without
    // `status.address`, so the service controller only drops its finalizer (the controller differential saw it).
    expect(call(world.state, 'DELETE', `${ RKE2 }/services/default/shop`).status).toBe(204);
    step();
    expect(call(world.state, 'GET', `${ LBS }/default/${ lbName }`).status).toBe(200);
  });

  it('a Service whose load balancer carries its address releases it when deleted', () => {
    const created = lbService('cart', {});

    step();
    // Any change of the Service's spec or annotations is a new sync, which writes kube-vip's address to the host.
    expect(call(world.state, 'PATCH', `${ RKE2 }/services/default/cart`, { body: { metadata: { labels: { tier: 'web' } } } }).status).toBe(200);
    step();
    const lbName = loadBalancerName('rke2-guest', 'default', 'cart', created.metadata.uid);

    expect(get(`${ LBS }/default/${ lbName }`).status.address).toBe('192.168.100.51');
    expect(call(world.state, 'DELETE', `${ RKE2 }/services/default/cart`).status).toBe(204);
    step();
    expect(call(world.state, 'GET', `${ LBS }/default/${ lbName }`).status).toBe(404);
    expect(get(`${ HOST }/loadbalancer.harvesterhci.io.ippools/pool-rke2-guest`).status.allocated['192.168.100.51']).toBeUndefined();
  });

  /** IP pools through the simulator's control API (a name already there is replaced). */
  const pool = (name: string, subnet: string, selector: any, labels?: Record<string, string>) => expect(call(world.state, 'POST', '/__sim/controllers/pools', { as: null, body: { metadata: { name, labels }, spec: { ranges: [{ subnet, gateway: subnet.replace(/0\/24$/, '1') }], selector } } }).status).toBe(201);
  /** pool-rke2-guest moved to a network none of the guest's VMs is on: no pool serves rke2-guest any more. */
  const noPoolForTheGuest = () => pool('pool-rke2-guest', '192.168.100.0/24', {
    network: 'default/vlan900',
    scope:   [{
      project: '*', namespace: 'default', guestCluster: 'rke2-guest'
    }]
  });

  it('with no pool for its VMs\' network it stays Pending with the host\'s Ready message and the provider\'s SyncLoadBalancerFailed text; a new pool serves it', () => {
    noPoolForTheGuest();
    lbService('orders', { [NETWORK]: 'default/vlan200' });
    step();

    const svc = get(`${ RKE2 }/services/default/orders`);
    // The webhook's requirement: the VMs' network and the host namespace's Rancher project, whatever the Service asked.
    const requirement = '&{Network:default/vlan100 Project:c-hh001/p-hh001dflt Namespace:default Cluster:rke2-guest}';

    expect(svc.status.loadBalancer).toEqual({});
    expect(svc.metadata.fields[3]).toBe('<pending>');
    const lb = get(LBS).data.find((l: any) => l.metadata.labels['cloudprovider.harvesterhci.io/serviceName'] === 'orders');

    expect(lb.status.conditions).toEqual([expect.objectContaining({
      type: 'Ready', status: 'False', message: `no matched IPPool with requirement ${ requirement }`
    })]);
    expect(eventsOf(RKE2, 'orders')).toContainEqual(['Warning', 'SyncLoadBalancerFailed',
      `Error syncing load balancer: failed to ensure load balancer: update load balancer IP of service default/orders failed, error: timeout waiting for IP address, last error:ip is not allocated, mode: pool, message: no matched IPPool with requirement ${ requirement }`]);

    pool('pool-vlan100', '10.10.0.0/24', {
      network: 'default/vlan100',
      scope:   [{
        project: '*', namespace: '*', guestCluster: 'rke2-guest'
      }]
    });
    step();
    // An address of the new pool's range (the demo's other Pending Services may take one first).
    expect(get(`${ RKE2 }/services/default/orders`).status.loadBalancer.ingress).toEqual([{ ip: expect.stringMatching(/^10\.10\.0\.(\d|1\d|2\d)$/), ipMode: 'VIP' }]);
  });

  it('the highest-priority pool for the VMs\' network wins; the global pool serves when none does', () => {
    pool('low', '10.1.0.0/24', {
      network:  'default/vlan100',
      priority: 1,
      scope:    [{
        namespace: '*', project: '*', guestCluster: '*'
      }]
    });
    pool('high', '10.2.0.0/24', {
      network:  'default/vlan100',
      priority: 5,
      scope:    [{
        namespace: 'default', project: '*', guestCluster: 'rke2-guest'
      }]
    });
    lbService('prio', {});
    step();
    // An address of `high` (the demo's seeded Pending load balancers are retried on a new pool and may take one first).
    expect(get(`${ RKE2 }/services/default/prio`).metadata.annotations['kube-vip.io/loadbalancerIPs']).toMatch(/^10\.2\.0\.\d+$/);

    noPoolForTheGuest();
    // No longer for rke2-guest's VMs' network (nor global: their scope names a cluster).
    for (const [name, subnet] of [['low', '10.1.0.0/24'], ['high', '10.2.0.0/24']]) {
      pool(name, subnet, {
        network: 'default/vlan900',
        scope:   [{
          namespace: '*', project: '*', guestCluster: 'rke2-guest'
        }]
      });
    }
    // Global: one scope tuple of `*`s (the IP pool webhook labels it so, whatever label it came with).
    pool('everything', '10.9.0.0/24', {
      network: 'default/vlan200',
      scope:   [{
        project: '*', namespace: '*', guestCluster: '*'
      }]
    });
    lbService('other', {}, 8081);
    step();
    expect(get(`${ RKE2 }/services/default/other`).metadata.annotations['kube-vip.io/loadbalancerIPs']).toMatch(/^10\.9\.0\.\d+$/);
  });

  it('DHCP asks kube-vip for a lease; a secondary shares its primary\'s address and label; port clashes are refused', () => {
    lbService('dhcp', { 'cloudprovider.harvesterhci.io/ipam': 'dhcp' });
    step();
    const dhcp = get(`${ RKE2 }/services/default/dhcp`);

    // web-dhcp holds the DHCP server's first lease (.200): the next is .201.
    expect(dhcp.metadata.annotations).toMatchObject({ 'kube-vip.io/loadbalancerIPs': '0.0.0.0', 'kube-vip.io/requestedIP': '192.168.100.201' });
    expect(dhcp.status.loadBalancer.ingress[0].ip).toBe('192.168.100.201');

    lbService('side', { 'cloudprovider.harvesterhci.io/primary-service': 'default/dhcp' }, 9090);
    lbService('clash', { 'cloudprovider.harvesterhci.io/primary-service': 'default/dhcp' }, 8080);
    step();
    const side = get(`${ RKE2 }/services/default/side`);

    expect(side.metadata.labels['cloudprovider.harvesterhci.io/primary-service']).toBe('default.dhcp');
    expect(side.status.loadBalancer.ingress[0].ip).toBe('192.168.100.201');
    expect(eventsOf(RKE2, 'clash')).toContainEqual(['Warning', 'SyncLoadBalancerFailed',
      'Error syncing load balancer: failed to ensure load balancer: check port overlap failed, primary service: default/dhcp, secondary service: default/clash, error: port 8080 has been used in service default/dhcp']);
  });

  it('nothing happens until stepped, and the seeded demo load balancers are left as they are', () => {
    const before = JSON.stringify(get(LBS).data.map((l: any) => [l.id, l.status]));

    lbService('idle', { [NETWORK]: 'default/vlan200' });
    expect(get(`${ RKE2 }/services/default/idle`).metadata.annotations['kube-vip.io/loadbalancerIPs']).toBeUndefined();
    expect(world.controllers.pending()).toBeGreaterThan(0);
    step();
    expect(JSON.stringify(get(LBS).data.filter((l: any) => !l.id.includes('idle')).map((l: any) => [l.id, l.status]))).toBe(before);
  });
});

describe('loadBalancerName', () => {
  it('is the provider\'s: <cluster>-<ns>-<svc>- and the CRC-32 of that and the uid', () => {
    // The IEEE polynomial's check value (what Go's crc32.ChecksumIEEE gives for "123456789").
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(loadBalancerName('rke2-guest', 'default', 'web', '')).toMatch(/^rke2-guest-default-web-[0-9a-f]{8}$/);
    expect(loadBalancerName('1cluster', 'ns', 'svc', 'u')).toMatch(/^a1cluster-ns-svc-/);
    expect(loadBalancerName('c', 'n', 'x'.repeat(80), 'u')).toHaveLength(63);
  });
});
