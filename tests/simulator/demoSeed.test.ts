/**
 * @jest-environment node
 *
 * The demo seed as the simulator's load balancer controllers leave it (lab/world/settle.ts): what a user of the
 * demo sees on rke2-guest's LoadBalancer Services and on harvester-host, the same in every run, and nothing the
 * controllers would still change.
 */
import { demoSeed, demoSeedBeforeControllers } from '../../lab/world/seed';
import { settleSeed } from '../../lab/world/settle';
import { demoUid } from '../../lab/world/demoUids';
import { loadBalancerName } from '../../lab/simulator/controllers/loadBalancerName';
import { startControllers } from '../../lab/simulator/controllers';
import { createState, listObjects } from '../../lab/simulator/core/state';
import {
  HARVESTER_HOST, RKE2_GUEST, SERVICES, WEB_DHCP_IP, WEB_POOL_IP
} from '../../lab/world/ids';
import { KubeObject, Seed } from '../../lab/simulator/core/types';

const ofCluster = (seed: Seed, id: string) => seed.clusters.find((c) => c.id === id)?.objects || [];
const lbServices = (seed: Seed) => ofCluster(seed, RKE2_GUEST.id).filter((o) => o.kind === 'Service' && o.spec?.type === 'LoadBalancer');
const hostLbs = (seed: Seed) => ofCluster(seed, HARVESTER_HOST.id).filter((o) => o.kind === 'LoadBalancer');
const ingress = (svc: KubeObject | undefined) => svc?.status?.loadBalancer?.ingress?.[0]?.ip || null;
const svcNamed = (seed: Seed, name: string) => lbServices(seed).find((s) => s.metadata.name === name);

/** The newest SyncLoadBalancerFailed of a Service, without the service controller's prefix. */
function lastFailure(seed: Seed, name: string): string | null {
  const failures = ofCluster(seed, RKE2_GUEST.id)
    .filter((e) => e.kind === 'Event' && e.involvedObject?.name === name && e.reason === 'SyncLoadBalancerFailed')
    .sort((a, b) => `${ b.lastTimestamp }`.localeCompare(`${ a.lastTimestamp }`));

  return failures[0]?.message.replace('Error syncing load balancer: failed to ensure load balancer: ', '') ?? null;
}

describe('the demo seed', () => {
  const seed = demoSeed([]);

  it('gives web-pool the first address of its pool, web-dhcp a lease, web-shared web-pool\'s address', () => {
    expect(ingress(svcNamed(seed, SERVICES.webPool))).toBe(WEB_POOL_IP);
    expect(ingress(svcNamed(seed, SERVICES.webDhcp))).toBe(WEB_DHCP_IP);
    expect(ingress(svcNamed(seed, SERVICES.webShared))).toBe(WEB_POOL_IP);
    // The pool is chosen on the webhook's network (the guest VMs' first, vlan100), not the Service's vlan200.
    const webPoolLb = hostLbs(seed).find((l) => l.metadata.labels?.['cloudprovider.harvesterhci.io/serviceName'] === SERVICES.webPool);

    expect(webPoolLb?.metadata.annotations).toMatchObject({ 'loadbalancer.harvesterhci.io/network': 'default/vlan100', 'cloudprovider.harvesterhci.io/lb-network': 'default/vlan200' });
    expect(webPoolLb?.status.allocatedAddress).toMatchObject({ ip: WEB_POOL_IP, ipPool: 'pool-rke2-guest' });
    // DHCP: Ready with 0.0.0.0 on the host at once; kube-vip's lease is the Service's address.
    const dhcpLb = hostLbs(seed).find((l) => l.metadata.labels?.['cloudprovider.harvesterhci.io/serviceName'] === SERVICES.webDhcp);

    expect(dhcpLb?.status).toMatchObject({ allocatedAddress: { ip: '0.0.0.0' }, conditions: [expect.objectContaining({ type: 'Ready', status: 'True' })] });
  });

  it.each([
    [SERVICES.pendingNetwork, 'network default/vlan300 not found in NAD mapping for service default/other-network'],
    [SERVICES.pendingPrimary, 'primary service default/other-network has no ingress IP'],
    [SERVICES.pendingPort, 'check port overlap failed, primary service: default/web-pool, secondary service: default/port-taken, error: port 80 has been used in service default/web-pool'],
  ])('leaves %s Pending with the provider\'s failure', (name, message) => {
    expect(ingress(svcNamed(seed, name))).toBeNull();
    expect(lastFailure(seed, name)).toBe(message);
  });

  it('leaves network-changed Pending: its load balancer, from when it named vlan100, is found by its uid', () => {
    const svc = svcNamed(seed, SERVICES.pendingNetChanged) as KubeObject;
    const lb = loadBalancerName(RKE2_GUEST.name, 'default', SERVICES.pendingNetChanged, svc.metadata.uid as string);

    expect(ingress(svc)).toBeNull();
    expect(hostLbs(seed).map((l) => l.metadata.name)).toContain(lb);
    expect(lastFailure(seed, SERVICES.pendingNetChanged)).toBe(`network annotation of service default/network-changed is not same as the load balancer default/${ lb }, service: 'default/vlan200', lb: 'default/vlan100'`);
  });

  it('is the same in every run: uids, load balancer names, addresses, event names', () => {
    const again = settleSeed(demoSeedBeforeControllers(), [RKE2_GUEST.id]);
    const facts = (s: Seed) => JSON.stringify([
      lbServices(s).map((o) => [o.metadata.uid, ingress(o)]),
      hostLbs(s).map((o) => [o.metadata.name, o.metadata.uid, o.status.allocatedAddress]),
      ofCluster(s, RKE2_GUEST.id).filter((o) => o.kind === 'Event').map((o) => [o.metadata.name, o.metadata.uid, o.reason, o.message]),
    ]);

    expect(facts(again)).toBe(facts(seed));
    expect(svcNamed(seed, SERVICES.webPool)?.metadata.uid).toBe(demoUid(RKE2_GUEST.id, 'service', `default/${ SERVICES.webPool }`));
  });

  it('is where the host\'s controller and kube-vip rest: started on it, they change no Service, load balancer or pool', () => {
    const state = createState(demoSeed([]));
    const controllers = startControllers(state, { only: ['harvester-lb-controller', 'kube-vip'] });
    const snapshot = () => JSON.stringify([RKE2_GUEST.id, HARVESTER_HOST.id].map((id) => ['service', 'loadbalancer.harvesterhci.io.loadbalancer', 'loadbalancer.harvesterhci.io.ippool']
      .map((t) => listObjects(state, id, t).map((o) => [o.metadata.name, o.metadata.annotations, o.metadata.labels, o.status]))));
    const before = snapshot();

    controllers.resyncAll();
    controllers.step();
    controllers.stop();
    expect(snapshot()).toBe(before);
  });

  it('seeds no state of the load balancer controllers before they act, only the history', () => {
    const before = demoSeedBeforeControllers();

    expect(hostLbs(before).map((l) => l.metadata.labels?.['cloudprovider.harvesterhci.io/serviceName'])).toEqual(['legacy-lb', SERVICES.pendingNetChanged]);
    lbServices(before).forEach((s) => {
      expect(s.status).toEqual({ loadBalancer: {} }); // what the API server stores for a new one
      expect(Object.keys(s.metadata.annotations || {}).filter((k) => k.startsWith('kube-vip.io/'))).toEqual([]);
    });
    expect(ofCluster(before, RKE2_GUEST.id).filter((e) => e.kind === 'Event' && e.involvedObject?.kind === 'Service')).toEqual([]);
  });
});
