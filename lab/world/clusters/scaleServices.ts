/**
 * Opt-in scale for the Load Balancers page (issue 20): `SIM_SCALE_SERVICES=5000` adds that many LoadBalancer Services
 * to rke2-guest, in namespace `scale-lb`: pool IPAM on vlan100 or vlan200 (every 3rd), every 50th a secondary of the
 * Service before it, each with its address. They are added as the controllers leave them (running 5,000 Services
 * through the simulator's controllers would cost the demo seconds at every start): each primary's LoadBalancer on
 * harvester-host, named after the Service's demo uid, with the webhook's requirement (the guest VMs' network, the
 * host namespace's project), so from the pool every rke2-guest LoadBalancer comes from, `pool-rke2-guest`, which
 * gets a range of 172.20.0.0/16 for them. No events (the provider's "Ensured" of each would only fill the list).
 * Without the variable the demo is unchanged.
 */
import { service } from '../builders';
import { loadBalancer } from '../builders/harvester';
import {
  HARVESTER_HOST, IP_POOLS, NETWORKS, RKE2_GUEST, VM_NAMESPACE, projectIds
} from '../ids';
import { demoUid } from '../demoUids';
import { loadBalancerName } from '../../simulator/controllers/loadBalancerName';
import { poolTotal } from '../../simulator/controllers/ipAllocator';
import { KubeObject, Seed } from '../../simulator/core/types';

const P = 'cloudprovider.harvesterhci.io';
const CLEANUP = 'service.kubernetes.io/load-balancer-cleanup';
const IFACE: Record<string, string> = { [NETWORKS.vlan100]: 'enp1s0', [NETWORKS.vlan200]: 'enp2s0' };
const SCALE_RANGE = {
  subnet: '172.20.0.0/16', rangeStart: '172.20.0.1', rangeEnd: '172.20.255.254', gateway: '172.20.255.255'
};

export const SCALE_LB_NAMESPACE = 'scale-lb';

/** The number asked for in SIM_SCALE_SERVICES (a positive integer), 0 when unset or invalid. */
export function scaleServiceCount(env: string | undefined = process.env.SIM_SCALE_SERVICES): number {
  const n = Number((env || '').trim());

  return Number.isInteger(n) && n > 0 ? n : 0;
}

const name = (i: number) => `lb-${ String(i).padStart(5, '0') }`;
const isSecondary = (i: number) => i % 50 === 49;
const primaryOf = (i: number) => (isSecondary(i) ? i - 1 : i);
const address = (i: number) => `172.20.${ Math.floor(i / 250) }.${ i % 250 + 1 }`;
const networkOf = (i: number) => (primaryOf(i) % 3 === 2 ? NETWORKS.vlan200 : NETWORKS.vlan100);
const uidOf = (i: number) => demoUid(RKE2_GUEST.id, 'service', `${ SCALE_LB_NAMESPACE }/${ name(i) }`);
const lbName = (i: number) => loadBalancerName(RKE2_GUEST.name, SCALE_LB_NAMESPACE, name(i), uidOf(i));

/** The Services, as the provider and kube-vip leave them (a secondary: the primary's label, IP and network). */
export function scaleLbServices(n: number): KubeObject[] {
  return Array.from({ length: n }, (_, i) => {
    const ip = address(primaryOf(i));
    const annotations: Record<string, string> = isSecondary(i) ? {
      [`${ P }/primary-service`]: `${ SCALE_LB_NAMESPACE }/${ name(i - 1) }`, [`${ P }/network`]: networkOf(i), 'kube-vip.io/loadbalancerIPs': ip
    } : {
      [`${ P }/ipam`]: 'pool', [`${ P }/network`]: networkOf(i), 'kube-vip.io/loadbalancerIPs': ip, 'kube-vip.io/serviceInterface': IFACE[networkOf(i)]
    };
    const svc = service(SCALE_LB_NAMESPACE, name(i), {
      type:       'LoadBalancer',
      clusterIP:  `10.43.${ 100 + Math.floor(i / 250) }.${ i % 250 + 1 }`,
      annotations,
      ...(isSecondary(i) ? { labels: { [`${ P }/primary-service`]: `${ SCALE_LB_NAMESPACE }.${ name(i - 1) }` } } : {}),
      ports:      [{ name: 'http', port: isSecondary(i) ? 8080 : 80 }],
      ingressIPs: [ip],
    });

    svc.metadata.uid = uidOf(i);
    svc.metadata.finalizers = [CLEANUP];

    return svc;
  });
}

const primaries = (n: number) => Array.from({ length: n }, (_, i) => i).filter((i) => !isSecondary(i));

/** harvester-host's LoadBalancers of the scale Services (one per primary). */
export function scaleLbHostObjects(n: number): KubeObject[] {
  return primaries(n).map((i) => loadBalancer({
    namespace:        VM_NAMESPACE,
    name:             lbName(i),
    guestCluster:     RKE2_GUEST.name,
    serviceNamespace: SCALE_LB_NAMESPACE,
    serviceName:      name(i),
    ipam:             'pool',
    network:          NETWORKS.vlan100,
    lbNetwork:        networkOf(i),
    project:          `${ HARVESTER_HOST.id }/${ projectIds(HARVESTER_HOST.id).default }`,
    hostNamespace:    VM_NAMESPACE,
    allocated:        { ip: address(i), ipPool: IP_POOLS.rke2 },
    address:          address(i),
  }));
}

/** pool-rke2-guest with the scale range and the scale LoadBalancers' addresses in its status. */
function withScaleRange(pool: KubeObject, n: number): KubeObject {
  const out: KubeObject = { ...pool, spec: { ...pool.spec, ranges: [...pool.spec.ranges, SCALE_RANGE] } };
  const status = { ...pool.status, allocated: { ...pool.status.allocated } };

  primaries(n).forEach((i) => {
    status.allocated[address(i)] = `${ VM_NAMESPACE }/${ lbName(i) }`;
  });
  const total = poolTotal(out);

  out.status = {
    ...status, total, available: total - Object.keys(status.allocated).length
  };

  return out;
}

/** The demo seed with `n` scale Services (changes `seed` in place). */
export function addScaleServices(seed: Seed, n: number): void {
  if (!n) {
    return;
  }
  const guest = seed.clusters.find((c) => c.id === RKE2_GUEST.id);
  const host = seed.clusters.find((c) => c.id === HARVESTER_HOST.id);

  guest?.objects.push(...scaleLbServices(n));
  if (host) {
    host.objects = host.objects.map((o) => (o.kind === 'IPPool' && o.metadata.name === IP_POOLS.rke2 ? withScaleRange(o, n) : o));
    host.objects.push(...scaleLbHostObjects(n));
  }
}
