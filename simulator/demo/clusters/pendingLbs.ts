/**
 * Seeded Pending LoadBalancer Services on rke2-guest, one per cause the Service detail page explains, with the
 * events the Kubernetes service controller records for them (the provider's error texts, cloud-provider-harvester
 * `loadbalancer.go` v0.2.7) and, on the Harvester host, the LoadBalancers load-balancer-harvester reports for them.
 * Static data: the simulator's controllers (simulator/controllers/) may later produce the same.
 */
import { service } from '../builders';
import { loadBalancer } from '../builders/harvester';
import { event } from './guestParts';
import { NETWORKS, RKE2_GUEST, SERVICES, VM_NAMESPACE } from '../ids';
import { KubeObject } from '../../steve/types';

const P = 'cloudprovider.harvesterhci.io';
const NS = 'default';
const CONTROLLER = 'service-controller';
const ensureFailed = (err: string) => `Error syncing load balancer: failed to ensure load balancer: ${ err }`;
const lbName = (svc: string, hash: string) => `${ RKE2_GUEST.name }-${ NS }-${ svc }-${ hash }`;

export const UNMAPPED_NETWORK = 'default/vlan300';

interface Seed {
  name: string;
  annotations: Record<string, string>;
  ports: { name: string; port: number; protocol?: 'TCP' | 'UDP'; nodePort: number }[];
  error: string;
}

const noPoolRequirement = `&{Network:${ NETWORKS.vlan100 } Project: Namespace:${ VM_NAMESPACE } Cluster:${ RKE2_GUEST.name }}`;

function seeds(): Seed[] {
  return [
    {
      name:        SERVICES.pendingNoPool,
      annotations: { [`${ P }/ipam`]: 'pool', [`${ P }/network`]: NETWORKS.vlan100 },
      ports:       [{
        name: 'http', port: 80, nodePort: 32080
      }],
      error: `update load balancer IP of service ${ NS }/${ SERVICES.pendingNoPool } failed, error: timeout waiting for IP address, last error:ip is not allocated, mode: pool, message: no matched IPPool with requirement ${ noPoolRequirement }`,
    },
    {
      name:        SERVICES.pendingPrimary,
      annotations: { [`${ P }/primary-service`]: `${ NS }/${ SERVICES.pendingNoPool }` },
      ports:       [{
        name: 'metrics', port: 9100, nodePort: 32100
      }],
      error: `primary service ${ NS }/${ SERVICES.pendingNoPool } has no ingress IP`,
    },
    {
      name:        SERVICES.pendingPort,
      annotations: { [`${ P }/primary-service`]: `${ NS }/${ SERVICES.webPool }` },
      ports:       [{
        name: 'dns', port: 80, protocol: 'UDP', nodePort: 32053
      }],
      error: `check port overlap failed, primary service: ${ NS }/${ SERVICES.webPool }, secondary service: ${ NS }/${ SERVICES.pendingPort }, error: port 80 has been used in service ${ NS }/${ SERVICES.webPool }`,
    },
    {
      name:        SERVICES.pendingNetwork,
      annotations: { [`${ P }/ipam`]: 'dhcp', [`${ P }/network`]: UNMAPPED_NETWORK },
      ports:       [{
        name: 'http', port: 80, nodePort: 32081
      }],
      error: `network ${ UNMAPPED_NETWORK } not found in NAD mapping for service ${ NS }/${ SERVICES.pendingNetwork }`,
    },
    {
      name:        SERVICES.pendingNetChanged,
      annotations: { [`${ P }/ipam`]: 'dhcp', [`${ P }/network`]: NETWORKS.vlan200 },
      ports:       [{
        name: 'http', port: 80, nodePort: 32082
      }],
      error: `network annotation of service ${ NS }/${ SERVICES.pendingNetChanged } is not same as the load balancer ${ VM_NAMESPACE }/${ lbName(SERVICES.pendingNetChanged, '0d2e4f6a') }, service: '${ NETWORKS.vlan200 }', lb: '${ NETWORKS.vlan100 }'`,
    },
    {
      name:        SERVICES.pendingNoVm,
      annotations: { [`${ P }/ipam`]: 'pool' },
      ports:       [{
        name: 'http', port: 80, nodePort: 32083
      }],
      error: `create or update lb ${ VM_NAMESPACE }/${ lbName(SERVICES.pendingNoVm, '7a9b1c3d') } failed, error: admission webhook "validator.harvester-load-balancer.harvesterhci.io" denied the request: create loadbalancer ${ VM_NAMESPACE }/${ lbName(SERVICES.pendingNoVm, '7a9b1c3d') } failed with guest cluster check: it has no running vm`,
    },
  ];
}

/** The DHCP Service that waits for a lease (the demo's `web-dhcp`). */
export const DHCP_TIMEOUT_ERROR = `update load balancer IP of service ${ NS }/${ SERVICES.webDhcp } failed, error: timeout waiting for IP address, last error:ip is not allocated, mode: dhcp, message: `;

export function pendingGuestObjects(): KubeObject[] {
  return seeds().flatMap((s, i) => [
    service(NS, s.name, {
      type: 'LoadBalancer', clusterIP: `10.43.30.${ 11 + i }`, selector: { app: 'web' }, annotations: s.annotations, ports: s.ports,
    }),
    event(NS, { kind: 'Service', name: s.name }, 'Normal', 'EnsuringLoadBalancer', 'Ensuring load balancer', CONTROLLER, 9),
    event(NS, { kind: 'Service', name: s.name }, 'Warning', 'SyncLoadBalancerFailed', ensureFailed(s.error), CONTROLLER, 9),
  ]);
}

/** What Harvester holds for them: the pool LB with no matching pool, and the one whose network changed. */
export function pendingHostObjects(): KubeObject[] {
  return [
    loadBalancer({
      namespace:        VM_NAMESPACE,
      name:             lbName(SERVICES.pendingNoPool, '5b7c9d1e'),
      guestCluster:     RKE2_GUEST.name,
      serviceNamespace: NS,
      serviceName:      SERVICES.pendingNoPool,
      ipam:             'pool',
      network:          NETWORKS.vlan100,
      ports:            [{
        name: 'http', port: 80, protocol: 'TCP', backendPort: 32080
      }],
      pendingMessage: `no matched IPPool with requirement ${ noPoolRequirement }`,
    }),
    loadBalancer({
      namespace:        VM_NAMESPACE,
      name:             lbName(SERVICES.pendingNetChanged, '0d2e4f6a'),
      guestCluster:     RKE2_GUEST.name,
      serviceNamespace: NS,
      serviceName:      SERVICES.pendingNetChanged,
      ipam:             'dhcp',
      network:          NETWORKS.vlan100,
      ports:            [{
        name: 'http', port: 80, protocol: 'TCP', backendPort: 32082
      }],
    }),
  ];
}
