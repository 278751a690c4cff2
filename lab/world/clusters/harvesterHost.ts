/** The Harvester cluster hosting the guests: host nodes, storage classes, guest VMs, load balancers, IP pools. */
import {
  guestVm, guestVmi, ipPool, loadBalancer, topologyLabels, vlanNetwork
} from '../builders/harvester';
import { namespace, node, object, storageClass } from '../builders';
import { GUEST_VMS, HOST_TOPOLOGY } from '../guestVms';
import {
  HARVESTER_HOST, HOST_NODES, HOST_STORAGE_CLASSES, IP_POOLS, K3S_GUEST, LEGACY_LB_IP, NETWORKS, RKE2_GUEST, SERVICES, VM_NAMESPACE, projectIds
} from '../ids';
import { rancherAgentParts } from './guestParts';
import { SeedCluster } from '../../simulator/core/types';
import { hostVolumes } from './guestVolumes';
import { demoUid } from '../demoUids';
import { loadBalancerName } from '../../simulator/controllers/loadBalancerName';

const LONGHORN = 'driver.longhorn.io';
const HARVESTER_VERSION = 'v1.33.5+rke2r1';

function hostNodes() {
  return HOST_NODES.map((name, i) => node(name, {
    labels: {
      ...topologyLabels(HOST_TOPOLOGY[name]),
      'node-role.kubernetes.io/control-plane': i < 3 ? 'true' : '',
      'node-role.kubernetes.io/etcd':          i < 3 ? 'true' : '',
      'harvesterhci.io/managed':               'true',
    },
    internalIP:     `10.10.0.${ 11 + i }`,
    kubeletVersion: HARVESTER_VERSION,
    cpu:            '32',
    memory:         '263850028Ki',
  })).map((n) => {
    // Workers only carry the worker-less labels Harvester sets; drop the empty role labels.
    for (const [k, v] of Object.entries(n.metadata.labels || {})) {
      if (v === '' && k.startsWith('node-role')) {
        delete (n.metadata.labels as Record<string, string>)[k];
      }
    }

    return n;
  });
}

function storageClasses() {
  return [
    storageClass(HOST_STORAGE_CLASSES.default, LONGHORN, {
      numberOfReplicas: '3', staleReplicaTimeout: '30', migratable: 'true'
    }, { isDefault: true }),
    storageClass(HOST_STORAGE_CLASSES.replica2, LONGHORN, {
      numberOfReplicas: '2', staleReplicaTimeout: '30', migratable: 'true'
    }),
    storageClass(HOST_STORAGE_CLASSES.single, LONGHORN, {
      numberOfReplicas: '1', staleReplicaTimeout: '30', migratable: 'true'
    }, { volumeBindingMode: 'WaitForFirstConsumer' }),
    // Not migratable: Longhorn shares its RWX volumes over NFS (what the CSI driver's RWX volumes need).
    storageClass(HOST_STORAGE_CLASSES.rwx, LONGHORN, {
      numberOfReplicas: '3', staleReplicaTimeout: '30', migratable: 'false', nfsOptions: 'vers=4.2,noresvport,softerr,timeo=600,retrans=5'
    }),
  ];
}

function guestMachines() {
  return GUEST_VMS.flatMap((vm) => {
    const spec = {
      namespace: VM_NAMESPACE, name: vm.name, uid: vm.uid, guestCluster: vm.guestCluster, createdWith: vm.createdWith, hostNode: vm.hostNow, ip: vm.ip, cpu: 4, memory: '8Gi'
    };

    return [guestVm(spec), guestVmi(spec)];
  });
}

/**
 * The k3s guest's load balancer, as its provider v0.1.5 made it (named after the Service's demo uid, with listeners
 * and a health check, no network or project) and the host left it: the simulator's controllers model provider v0.2.x,
 * so it is seeded as it stands.
 * The load balancers of rke2-guest are made by the simulator's controllers (lab/world/settle.ts).
 */
const K3S_LB = loadBalancerName(K3S_GUEST.name, 'default', SERVICES.legacyLb, demoUid(K3S_GUEST.id, 'service', `default/${ SERVICES.legacyLb }`));

function k3sLoadBalancer() {
  return loadBalancer({
    namespace:        VM_NAMESPACE,
    name:             K3S_LB,
    guestCluster:     K3S_GUEST.name,
    serviceNamespace: 'default',
    serviceName:      SERVICES.legacyLb,
    ipam:             'pool',
    ports:            [{
      name: 'http', port: 80, protocol: 'TCP', backendPort: 30080
    }],
    allocated:   { ip: LEGACY_LB_IP, ipPool: IP_POOLS.k3s },
    address:     LEGACY_LB_IP,
    healthCheck: {
      port: 80, successThreshold: 1, failureThreshold: 3, periodSeconds: 5, timeoutSeconds: 3
    },
  });
}

const RANGE = { subnet: '192.168.100.0/24', gateway: '192.168.100.1' };

function ipPools() {
  return [
    ipPool({
      name:   IP_POOLS.rke2,
      ranges: [{
        ...RANGE, rangeStart: '192.168.100.50', rangeEnd: '192.168.100.59'
      }],
      // The guest's VMs' management network (their first NIC): the load balancer webhook writes that network into
      // each guest LoadBalancer it admits (load-balancer-harvester pkg/webhook/loadbalancer/mutator.go findNetwork),
      // whatever network the Service names, and selectIPPool matches pools on it.
      network: NETWORKS.vlan100,
      scope:   [{
        project: '*', namespace: 'default', guestCluster: RKE2_GUEST.name
      }],
    }),
    ipPool({
      name:   IP_POOLS.k3s,
      ranges: [{
        ...RANGE, rangeStart: '192.168.100.100', rangeEnd: '192.168.100.109'
      }],
      // No network: the k3s guest's provider (v0.1.5) writes none on its LoadBalancers, and a pool matches only
      // the same network (selectIPPool, R-POOL-1).
      network: '',
      scope:   [{
        project: '*', namespace: '*', guestCluster: K3S_GUEST.name
      }],
      allocated: { [LEGACY_LB_IP]: `${ VM_NAMESPACE }/${ K3S_LB }` },
    }),
  ];
}

export function harvesterHostCluster(): SeedCluster {
  const projects = projectIds(HARVESTER_HOST.id);

  return {
    id:      HARVESTER_HOST.id,
    kind:    'harvester',
    objects: [
      namespace('default', `${ HARVESTER_HOST.id }:${ projects.default }`),
      namespace('kube-system', `${ HARVESTER_HOST.id }:${ projects.system }`),
      namespace('harvester-system', `${ HARVESTER_HOST.id }:${ projects.system }`),
      namespace('cattle-system', `${ HARVESTER_HOST.id }:${ projects.system }`),
      ...rancherAgentParts(),
      ...hostNodes(),
      ...storageClasses(),
      vlanNetwork('default', 'vlan100', 100),
      vlanNetwork('default', 'vlan200', 200),
      object('harvesterhci.io/v1beta1', 'Setting', 'server-version', {}, { value: 'v1.6.0', default: '' }),
      // Harvester's own defaults (harvester/harvester pkg/settings/settings.go CSIDriverConfig,
      // CSIOnlineExpandValidation): the CSI driver reads the first for the host snapshot classes of each provisioner.
      object('harvesterhci.io/v1beta1', 'Setting', 'csi-driver-config', {}, { value: '', default: '{"driver.longhorn.io":{"volumeSnapshotClassName":"longhorn-snapshot","backupVolumeSnapshotClassName":"longhorn"}}' }),
      object('harvesterhci.io/v1beta1', 'Setting', 'csi-online-expand-validation', {}, { value: '', default: '{"driver.longhorn.io":true}' }),
      ...guestMachines(),
      ...hostVolumes(),
      k3sLoadBalancer(),
      ...ipPools(),
    ],
  };
}
