/**
 * Opt-in scale for the Load Balancers page (issue 20): `SIM_SCALE_SERVICES=5000` adds that many LoadBalancer Services
 * to rke2-guest, in namespace `scale-lb`: pool IPAM on vlan100 or vlan200 (every 3rd), every 50th a secondary of the
 * Service before it, each with an address already; harvester-host gets each primary's LoadBalancer (allocated from
 * `scale-pool-vlan100` / `scale-pool-vlan200`, the pools selectIPPool picks for them: same network, scope project
 * `scale`, which the Services name in `cloudprovider.harvesterhci.io/project`, so the demo's own Services on vlan100
 * still find no pool). Without the variable the demo is unchanged.
 */
import { service } from '../builders';
import { ipPool, loadBalancer } from '../builders/harvester';
import { NETWORKS, RKE2_GUEST, VM_NAMESPACE } from '../ids';
import { KubeObject } from '../../steve/types';

const P = 'cloudprovider.harvesterhci.io';

export const SCALE_LB_NAMESPACE = 'scale-lb';
export const SCALE_PROJECT = 'scale';

/** The number asked for in SIM_SCALE_SERVICES (a positive integer), 0 when unset or invalid. */
export function scaleServiceCount(env: string | undefined = process.env.SIM_SCALE_SERVICES): number {
  const n = Number((env || '').trim());

  return Number.isInteger(n) && n > 0 ? n : 0;
}

export function scaleLbServices(n: number): KubeObject[] {
  return Array.from({ length: n }, (_, i) => {
    const name = `lb-${ String(i).padStart(5, '0') }`;
    const secondary = i % 50 === 49;
    const annotations: Record<string, string> = secondary ? { [`${ P }/primary-service`]: `${ SCALE_LB_NAMESPACE }/lb-${ String(i - 1).padStart(5, '0') }` } : {
      [`${ P }/ipam`]: 'pool', [`${ P }/network`]: i % 3 === 2 ? NETWORKS.vlan200 : NETWORKS.vlan100, [`${ P }/project`]: SCALE_PROJECT
    };

    return service(SCALE_LB_NAMESPACE, name, {
      type:       'LoadBalancer',
      clusterIP:  `10.43.${ 100 + Math.floor(i / 250) }.${ i % 250 + 1 }`,
      annotations,
      ports:      [{ name: 'http', port: secondary ? 8080 : 80 }],
      ingressIPs: [`172.20.${ Math.floor((secondary ? i - 1 : i) / 250) }.${ (secondary ? i - 1 : i) % 250 + 1 }`],
    });
  });
}

const name = (i: number) => `lb-${ String(i).padStart(5, '0') }`;

const address = (i: number) => `172.20.${ Math.floor(i / 250) }.${ i % 250 + 1 }`;
const poolOf = (i: number) => (i % 3 === 2 ? 'scale-pool-vlan200' : 'scale-pool-vlan100');
const lbName = (i: number) => `${ RKE2_GUEST.name }-${ SCALE_LB_NAMESPACE }-${ name(i) }-${ (0x10000000 + i).toString(16) }`;

/** The two pools the scale LoadBalancers came from, with their allocations. */
function scalePools(primaries: number[]): KubeObject[] {
  return (['vlan100', 'vlan200'] as const).map((vlan) => {
    const pool = `scale-pool-${ vlan }`;
    const mine = primaries.filter((i) => poolOf(i) === pool);

    return ipPool({
      name:  pool,
      range: {
        subnet: '172.20.0.0/16', rangeStart: '172.20.0.1', rangeEnd: '172.20.255.254', gateway: '172.20.255.255'
      },
      network: NETWORKS[vlan],
      scope:   [{
        project: SCALE_PROJECT, namespace: '*', guestCluster: RKE2_GUEST.name
      }],
      allocated: Object.fromEntries(mine.map((i) => [address(i), `${ VM_NAMESPACE }/${ lbName(i) }`])),
      total:     65534,
    });
  });
}

/** harvester-host's LoadBalancers of the scale Services (one per primary), as the provider and the LB controller leave them, and their pools. */
export function scaleLbHostObjects(n: number): KubeObject[] {
  const primaries = Array.from({ length: n }, (_, i) => i).filter((i) => i % 50 !== 49);

  if (!primaries.length) {
    return [];
  }

  return [...scalePools(primaries), ...primaries.map((i) => {
    const vlan200 = i % 3 === 2;

    return loadBalancer({
      namespace:        VM_NAMESPACE,
      name:             lbName(i),
      guestCluster:     RKE2_GUEST.name,
      serviceNamespace: SCALE_LB_NAMESPACE,
      serviceName:      name(i),
      ipam:             'pool',
      network:          vlan200 ? NETWORKS.vlan200 : NETWORKS.vlan100,
      project:          SCALE_PROJECT,
      ports:            [{
        name: 'http', port: 80, protocol: 'TCP', backendPort: 30000 + (i % 2000)
      }],
      address: address(i),
      ipPool:  poolOf(i),
    });
  })];
}
