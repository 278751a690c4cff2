/**
 * The demo's Pending LoadBalancer Services on rke2-guest, as their users made them: the simulator's controllers
 * (lab/world/settle.ts) leave each Pending for a cause the real components give it (cloud-provider-harvester
 * v0.2.7, load-balancer-harvester v1.8.2; the texts are those tests/fixtures/harvester-messages recorded):
 * - `other-network`: its network is not in the guest's NAD mapping (`resolveNetworkInterface`);
 * - `shares-pending`: shares the IP of `other-network`, which has none (`ensureSecondaryLoadBalancer`);
 * - `port-taken`: shares `web-pool`'s IP with UDP/80 beside its TCP/80 (`checkPortOverlap`: port numbers only);
 * - `network-changed`: its network changed after its load balancer was made (`checkNetworkChanged`; the load
 *   balancer is the demo's history, history.ts).
 * A Service cannot be left without a pool on its own: the webhook gives every load balancer of a guest the guest
 * VMs' network and the host namespace's project, and pools are chosen on those, so "no matched IPPool" would stop
 * every pool Service of rke2-guest.
 */
import { service } from '../builders';
import { NETWORKS, SERVICES } from '../ids';
import { NETWORK_CHANGED } from '../history';
import { KubeObject } from '../../simulator/core/types';

const P = 'cloudprovider.harvesterhci.io';
const NS = 'default';

/** A network the host has no NAD for and the guest's NAD mapping does not list. */
export const UNMAPPED_NETWORK = 'default/vlan300';

interface Pending {
  name: string;
  annotations: Record<string, string>;
  ports: { name: string; port: number; protocol?: 'TCP' | 'UDP'; nodePort: number }[];
}

const PENDING: Pending[] = [
  {
    name:        SERVICES.pendingNetwork,
    annotations: { [`${ P }/ipam`]: 'dhcp', [`${ P }/network`]: UNMAPPED_NETWORK },
    ports:       [{
      name: 'http', port: 80, nodePort: 32081
    }],
  },
  {
    name:        SERVICES.pendingPrimary,
    annotations: { [`${ P }/primary-service`]: `${ NS }/${ SERVICES.pendingNetwork }` },
    ports:       [{
      name: 'metrics', port: 9100, nodePort: 32100
    }],
  },
  {
    name:        SERVICES.pendingPort,
    annotations: { [`${ P }/primary-service`]: `${ NS }/${ SERVICES.webPool }` },
    ports:       [{
      name: 'dns', port: 80, protocol: 'UDP', nodePort: 32053
    }],
  },
  {
    name:        NETWORK_CHANGED.name,
    annotations: { [`${ P }/ipam`]: 'dhcp', [`${ P }/network`]: NETWORKS.vlan200 },
    ports:       [{
      name: 'http', port: 80, nodePort: 32082
    }],
  },
];

export function pendingGuestObjects(): KubeObject[] {
  return PENDING.map((s, i) => service(NS, s.name, {
    type: 'LoadBalancer', clusterIP: `10.43.30.${ 11 + i }`, selector: { app: 'web' }, annotations: s.annotations, ports: s.ports,
  }));
}
