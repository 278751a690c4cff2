/**
 * The guest nodes' VMs on the Harvester host: where each was created (the topology copied onto it then) and
 * where it runs now. Both the host cluster (VMs, VMIs) and the guest clusters (node labels) are built from this.
 */
import { Topology } from './builders/harvester';
import {
  K3S_GUEST, K3S_NODES, REGIONS, RKE2_GUEST, RKE2_NODES, VM_UIDS, ZONES
} from './ids';

export interface GuestVmFacts {
  guestCluster: string;
  name: string;
  uid: string;
  createdWith?: Topology;
  hostNow: string;
  ip: string;
  roles: ('control-plane' | 'etcd' | 'worker' | 'master')[];
}

/** Host nodes and their topology labels. */
export const HOST_TOPOLOGY: Record<string, Topology> = {
  'hh-node-1': { region: REGIONS.east, zone: ZONES.east1a },
  'hh-node-2': { region: REGIONS.east, zone: ZONES.east1b },
  'hh-node-3': { region: REGIONS.west, zone: ZONES.west1a },
  'hh-node-4': { region: REGIONS.west, zone: ZONES.west1a },
};

const [a, b, c, d, e, f] = RKE2_NODES;
const [k1, k2, k3] = K3S_NODES;
const ALL_ROLES: GuestVmFacts['roles'] = ['control-plane', 'etcd', 'worker'];

export const GUEST_VMS: GuestVmFacts[] = [
  {
    guestCluster: RKE2_GUEST.name, name: a, uid: VM_UIDS[a], createdWith: HOST_TOPOLOGY['hh-node-1'], hostNow: 'hh-node-1', ip: '192.168.100.11', roles: ALL_ROLES
  },
  {
    guestCluster: RKE2_GUEST.name, name: b, uid: VM_UIDS[b], createdWith: HOST_TOPOLOGY['hh-node-2'], hostNow: 'hh-node-2', ip: '192.168.100.12', roles: ALL_ROLES
  },
  {
    guestCluster: RKE2_GUEST.name, name: c, uid: VM_UIDS[c], createdWith: HOST_TOPOLOGY['hh-node-3'], hostNow: 'hh-node-3', ip: '192.168.100.13', roles: ALL_ROLES
  },
  {
    guestCluster: RKE2_GUEST.name, name: d, uid: VM_UIDS[d], createdWith: HOST_TOPOLOGY['hh-node-4'], hostNow: 'hh-node-4', ip: '192.168.100.14', roles: ['worker']
  },
  // Created before the hosts were labelled: no topology was copied, so the node has none.
  {
    guestCluster: RKE2_GUEST.name, name: e, uid: VM_UIDS[e], createdWith: undefined, hostNow: 'hh-node-2', ip: '192.168.100.15', roles: ['worker']
  },
  // Created on hh-node-1 (us-east-1a), since migrated to hh-node-3 (us-west-1a): its labels are stale.
  {
    guestCluster: RKE2_GUEST.name, name: f, uid: VM_UIDS[f], createdWith: HOST_TOPOLOGY['hh-node-1'], hostNow: 'hh-node-3', ip: '192.168.100.16', roles: ['worker']
  },
  {
    guestCluster: K3S_GUEST.name, name: k1, uid: VM_UIDS[k1], createdWith: HOST_TOPOLOGY['hh-node-1'], hostNow: 'hh-node-1', ip: '192.168.100.21', roles: ['control-plane', 'master']
  },
  {
    guestCluster: K3S_GUEST.name, name: k2, uid: VM_UIDS[k2], createdWith: HOST_TOPOLOGY['hh-node-2'], hostNow: 'hh-node-2', ip: '192.168.100.22', roles: []
  },
  {
    guestCluster: K3S_GUEST.name, name: k3, uid: VM_UIDS[k3], createdWith: HOST_TOPOLOGY['hh-node-4'], hostNow: 'hh-node-4', ip: '192.168.100.23', roles: []
  },
];

export function vmsOf(guestCluster: string): GuestVmFacts[] {
  return GUEST_VMS.filter((v) => v.guestCluster === guestCluster);
}
