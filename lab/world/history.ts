/**
 * The demo's past: what Harvester's components left behind before the demo starts and cannot make again from the
 * data as it stands now. One object so far: the host LoadBalancer the cloud provider made for `network-changed`
 * while that Service still named `default/vlan100` (DHCP), before it had written the address to the Service; its
 * network was then changed to `default/vlan200`. The provider finds the LoadBalancer by name
 * (`loadBalancerName` with the Service's uid) and refuses the change on every sync (v0.2.7 `checkNetworkChanged`:
 * "network annotation of service … is not same as the load balancer …"), so the Service stays Pending.
 * The demo seed adds it with the Service's demo uid (settle.ts); the real stack with the uid the Service got there
 * (lab/stack/harvester/history.ts).
 */
import { loadBalancerName } from '../simulator/controllers/loadBalancerName';
import { loadBalancer } from './builders/harvester';
import {
  HARVESTER_HOST, NETWORKS, RKE2_GUEST, SERVICES, VM_NAMESPACE, projectIds
} from './ids';
import { KubeObject } from '../simulator/core/types';

export const NETWORK_CHANGED = {
  namespace: 'default', name: SERVICES.pendingNetChanged, was: NETWORKS.vlan100, now: NETWORKS.vlan200
} as const;

/** The LoadBalancer as the provider made it, the webhook admitted it and the LB controller gave it DHCP's 0.0.0.0. */
export function networkChangedLoadBalancer(serviceUid: string): KubeObject {
  return loadBalancer({
    namespace:        VM_NAMESPACE,
    name:             loadBalancerName(RKE2_GUEST.name, NETWORK_CHANGED.namespace, NETWORK_CHANGED.name, serviceUid),
    guestCluster:     RKE2_GUEST.name,
    serviceNamespace: NETWORK_CHANGED.namespace,
    serviceName:      NETWORK_CHANGED.name,
    ipam:             'dhcp',
    // The webhook's network is the guest VMs' first (mutator.go findNetwork); the provider keeps the Service's own.
    network:          NETWORKS.vlan100,
    lbNetwork:        NETWORK_CHANGED.was,
    project:          `${ HARVESTER_HOST.id }/${ projectIds(HARVESTER_HOST.id).default }`,
    hostNamespace:    VM_NAMESPACE,
  });
}
