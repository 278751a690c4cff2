/** The Harvester cluster hosting the guests: host nodes, storage classes, guest VMs, load balancers, IP pools. */
import {
  guestVm, guestVmi, ipPool, loadBalancer, topologyLabels, vlanNetwork
} from '../builders/harvester';
import { namespace, node, object, storageClass } from '../builders';
import { GUEST_VMS, HOST_TOPOLOGY } from '../guestVms';
import {
  HARVESTER_HOST, HOST_NODES, HOST_STORAGE_CLASSES, IP_POOLS, K3S_GUEST, LEGACY_LB_IP, NETWORKS, RKE2_GUEST, SERVICES, VM_NAMESPACE, WEB_POOL_IP, projectIds
} from '../ids';
import { rancherAgentParts } from './guestParts';
import { SeedCluster } from '../../steve/types';
import { pendingHostObjects } from './pendingLbs';
import { hostVolumes } from './guestVolumes';

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

function loadBalancers() {
  return [
    loadBalancer({
      namespace:        VM_NAMESPACE,
      name:             `${ RKE2_GUEST.name }-default-${ SERVICES.webPool }-4c1a2b3d`,
      guestCluster:     RKE2_GUEST.name,
      serviceNamespace: 'default',
      serviceName:      SERVICES.webPool,
      ipam:             'pool',
      network:          NETWORKS.vlan200,
      ports:            [{
        name: 'http', port: 80, protocol: 'TCP', backendPort: 31080
      }, {
        name: 'https', port: 443, protocol: 'TCP', backendPort: 31443
      }],
      address: WEB_POOL_IP,
      ipPool:  IP_POOLS.rke2,
    }),
    // Pending: the guest's DHCP service waits for a lease on vlan100.
    loadBalancer({
      namespace:        VM_NAMESPACE,
      name:             `${ RKE2_GUEST.name }-default-${ SERVICES.webDhcp }-9e8f7a6b`,
      guestCluster:     RKE2_GUEST.name,
      serviceNamespace: 'default',
      serviceName:      SERVICES.webDhcp,
      ipam:             'dhcp',
      network:          NETWORKS.vlan100,
      ports:            [{
        name: 'http', port: 80, protocol: 'TCP', backendPort: 31081
      }],
    }),
    ...pendingHostObjects(),
    loadBalancer({
      namespace:        VM_NAMESPACE,
      name:             `${ K3S_GUEST.name }-default-${ SERVICES.legacyLb }-1f2e3d4c`,
      guestCluster:     K3S_GUEST.name,
      serviceNamespace: 'default',
      serviceName:      SERVICES.legacyLb,
      ipam:             'pool',
      ports:            [{
        name: 'http', port: 80, protocol: 'TCP', backendPort: 30080
      }],
      address:     LEGACY_LB_IP,
      ipPool:      IP_POOLS.k3s,
      healthCheck: {
        port: 80, successThreshold: 1, failureThreshold: 3, periodSeconds: 5, timeoutSeconds: 3
      },
    }),
  ];
}

function ipPools() {
  return [
    ipPool({
      name:  IP_POOLS.rke2,
      range: {
        subnet: '192.168.100.0/24', rangeStart: '192.168.100.50', rangeEnd: '192.168.100.59', gateway: '192.168.100.1'
      },
      // The guest's VMs' management network (their first NIC): the load balancer webhook writes that network into
      // each guest LoadBalancer it admits (load-balancer-harvester pkg/webhook/loadbalancer/mutator.go findNetwork),
      // whatever network the Service names, and selectIPPool matches pools on it.
      network: NETWORKS.vlan100,
      scope:   [{
        project: '*', namespace: 'default', guestCluster: RKE2_GUEST.name
      }],
      allocated: { [WEB_POOL_IP]: `default/${ RKE2_GUEST.name }-default-${ SERVICES.webPool }-4c1a2b3d` },
      total:     10,
    }),
    ipPool({
      name:  IP_POOLS.k3s,
      range: {
        subnet: '192.168.100.0/24', rangeStart: '192.168.100.100', rangeEnd: '192.168.100.109', gateway: '192.168.100.1'
      },
      // No network: the k3s guest's provider (v0.1.5) writes none on its LoadBalancers, and a pool matches only
      // the same network (selectIPPool, R-POOL-1).
      network: '',
      scope:   [{
        project: '*', namespace: '*', guestCluster: K3S_GUEST.name
      }],
      allocated: { [LEGACY_LB_IP]: `default/${ K3S_GUEST.name }-default-${ SERVICES.legacyLb }-1f2e3d4c` },
      total:     10,
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
      ...loadBalancers(),
      ...ipPools(),
    ],
  };
}
