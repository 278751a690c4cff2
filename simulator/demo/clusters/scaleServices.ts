/**
 * Opt-in scale for the Load Balancers page (issue 20): `SIM_SCALE_SERVICES=5000` adds that many LoadBalancer Services
 * to rke2-guest, in namespace `scale-lb`: pool IPAM on vlan100 or vlan200 (every 3rd), every 50th a secondary of the
 * Service before it, each with an address already. Without the variable the demo is unchanged.
 */
import { service } from '../builders';
import { NETWORKS } from '../ids';
import { KubeObject } from '../../steve/types';

const P = 'cloudprovider.harvesterhci.io';

export const SCALE_LB_NAMESPACE = 'scale-lb';

/** The number asked for in SIM_SCALE_SERVICES (a positive integer), 0 when unset or invalid. */
export function scaleServiceCount(env: string | undefined = process.env.SIM_SCALE_SERVICES): number {
  const n = Number((env || '').trim());

  return Number.isInteger(n) && n > 0 ? n : 0;
}

export function scaleLbServices(n: number): KubeObject[] {
  return Array.from({ length: n }, (_, i) => {
    const name = `lb-${ String(i).padStart(5, '0') }`;
    const secondary = i % 50 === 49;
    const annotations: Record<string, string> = secondary ? { [`${ P }/primary-service`]: `${ SCALE_LB_NAMESPACE }/lb-${ String(i - 1).padStart(5, '0') }` } : { [`${ P }/ipam`]: 'pool', [`${ P }/network`]: i % 3 === 2 ? NETWORKS.vlan200 : NETWORKS.vlan100 };

    return service(SCALE_LB_NAMESPACE, name, {
      type:       'LoadBalancer',
      clusterIP:  `10.43.${ 100 + Math.floor(i / 250) }.${ i % 250 + 1 }`,
      annotations,
      ports:      [{ name: 'http', port: secondary ? 8080 : 80 }],
      ingressIPs: [`172.20.${ Math.floor((secondary ? i - 1 : i) / 250) }.${ (secondary ? i - 1 : i) % 250 + 1 }`],
    });
  });
}
