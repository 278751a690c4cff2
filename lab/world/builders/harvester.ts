/** Builders for Harvester host objects: VMs of guest nodes, their instances, load balancers, IP pools, networks. */
import { KubeObject } from '../../simulator/core/types';
import { Labels, object } from '../../simulator/kube/builders';
import { poolTotal } from '../../simulator/controllers/ipAllocator';

export interface Topology {
  region: string;
  zone: string;
}

export const REGION_LABEL = 'topology.kubernetes.io/region';
export const ZONE_LABEL = 'topology.kubernetes.io/zone';

export function topologyLabels(t?: Topology): Labels {
  return t ? { [REGION_LABEL]: t.region, [ZONE_LABEL]: t.zone } : {};
}

export interface GuestVmSpec {
  namespace: string;
  name: string;
  uid: string;
  guestCluster: string;
  /** Host labels copied onto the VM by the node driver when it was created (none when the host had none). */
  createdWith?: Topology;
  /** Host the VM runs on now. */
  hostNode: string;
  ip: string;
  cpu: number;
  memory: string;
}

/**
 * The networks a guest node's VM is made with, as the node driver attaches them: the first is the management
 * network (the cloud provider takes node addresses from it; the load balancer webhook takes a guest cluster's
 * network from it, `findNetwork`), then any others. The guest sees them as enp1s0, enp2s0, … (virtio order).
 */
export const GUEST_VM_NETWORKS = ['default/vlan100', 'default/vlan200'];

/** A guest node's VM: topology annotations are what the cloud provider copies onto the guest node. */
export function guestVm(spec: GuestVmSpec): KubeObject {
  const labels = { 'harvesterhci.io/creator': 'docker-machine-driver-harvester', 'guestcluster.harvesterhci.io/name': spec.guestCluster };

  return object('kubevirt.io/v1', 'VirtualMachine', spec.name, {
    namespace:   spec.namespace,
    uid:         spec.uid,
    labels,
    annotations: {
      'harvesterhci.io/vmRunStrategy': 'RerunOnFailure',
      ...topologyLabels(spec.createdWith),
    },
  }, {
    spec: {
      runStrategy: 'RerunOnFailure',
      template:    {
        // The node driver labels the instance too: the provider and the LB webhook find a guest's VMIs by them.
        metadata: { labels: { 'harvesterhci.io/vmName': spec.name, ...labels }, annotations: topologyLabels(spec.createdWith) },
        spec:     {
          domain: {
            cpu: {
              cores: spec.cpu, sockets: 1, threads: 1
            },
            memory:    { guest: spec.memory },
            resources: { limits: { cpu: `${ spec.cpu }`, memory: spec.memory } },
            devices:   {
              disks:      [{ name: 'disk-0', disk: { bus: 'virtio' } }],
              interfaces: GUEST_VM_NETWORKS.map((_, i) => ({
                name: `nic-${ i }`, bridge: {}, model: 'virtio'
              })),
            }
          },
          networks: GUEST_VM_NETWORKS.map((networkName, i) => ({ name: `nic-${ i }`, multus: { networkName } })),
        },
      },
    },
    status: {
      ready: true, created: true, printableStatus: 'Running', conditions: [{ type: 'Ready', status: 'True' }]
    },
  });
}

/** The guest's address on each of its VM's networks: the demo's on the first, the same host part on the others. */
export function guestVmAddresses(ip: string, count: number): string[] {
  const last = ip.split('.').pop();

  return Array.from({ length: count }, (_, i) => (i === 0 ? ip : `192.168.${ (i + 1) * 100 }.${ last }`));
}

function macOf(ip: string, nic: number): string {
  const hex = ip.split('.').map((x) => Number(x).toString(16).padStart(2, '0'));

  return `52:54:${ nic.toString(16).padStart(2, '0') }:${ hex[1] }:${ hex[2] }:${ hex[3] }`;
}

/**
 * The running instance of a VM, as KubeVirt fills it in: its template's labels, annotations and spec, a controller
 * reference to the VM (pkg/virt-controller/watch/vm.go `setupVMIFromVM`), the node it runs on (`kubevirt.io/nodeName`
 * label, `status.nodeName`), and the guest agent's view of each interface: the network's name, the guest's
 * interface name and its addresses. Used by the demo data and by the real stack's KubeVirt stand-in alike.
 */
export function vmiFromVm(vm: KubeObject, hostNode: string, addresses: string[]): KubeObject {
  const template = vm.spec?.template || {};
  const networks: { name: string }[] = template.spec?.networks || [];
  const vmi = object('kubevirt.io/v1', 'VirtualMachineInstance', vm.metadata.name, {
    namespace:   vm.metadata.namespace,
    labels:      { ...(template.metadata?.labels || {}), 'kubevirt.io/nodeName': hostNode },
    annotations: { ...(template.metadata?.annotations || {}) },
  }, {
    spec:   JSON.parse(JSON.stringify(template.spec || {})),
    status: {
      phase:      'Running',
      nodeName:   hostNode,
      interfaces: networks.map((n, i) => ({
        name:          n.name,
        interfaceName: `enp${ i + 1 }s0`,
        ipAddress:     addresses[i] || '',
        ipAddresses:   addresses[i] ? [addresses[i]] : [],
        mac:           macOf(addresses[0] || '0.0.0.0', i),
        infoSource:    'domain, guest-agent',
      })),
      conditions: [{ type: 'Ready', status: 'True' }, { type: 'LiveMigratable', status: 'True' }],
    },
  });

  vmi.metadata.ownerReferences = [{
    apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachine', name: vm.metadata.name, uid: vm.metadata.uid, controller: true, blockOwnerDeletion: true
  }];

  return vmi;
}

/** The demo's instance of a guest node's VM (the topology it was created with, on the host it runs on now). */
export function guestVmi(spec: GuestVmSpec): KubeObject {
  return vmiFromVm(guestVm(spec), spec.hostNode, guestVmAddresses(spec.ip, GUEST_VM_NETWORKS.length));
}

export interface LoadBalancerSpec {
  namespace: string;
  name: string;
  guestCluster: string;
  serviceNamespace: string;
  serviceName: string;
  ipam: 'pool' | 'dhcp';
  /** `loadbalancer.harvesterhci.io/network`: for a v0.2.x provider's load balancer, what the webhook wrote there (the guest VMs' first network). */
  network?: string;
  /** `cloudprovider.harvesterhci.io/lb-network`: the network the Service named when the provider made it (v0.2.7); absent: not written. */
  lbNetwork?: string;
  /** `loadbalancer.harvesterhci.io/project` and `/namespace`: the webhook's (the host namespace's Rancher project, the namespace). */
  project?: string;
  hostNamespace?: string;
  /** Listeners: a v0.1.x provider writes them; v0.2.x `constructLB` writes none for a guest cluster's load balancer. */
  ports?: { name: string; port: number; protocol: string; backendPort: number }[];
  /** What the IPAM gave it: a pool's address (none: not allocated, Ready False); DHCP always asks with 0.0.0.0. */
  allocated?: { ip: string; ipPool: string };
  /** `status.address`: kube-vip's address, which the provider writes back on its next sync. */
  address?: string;
  healthCheck?: { port: number; successThreshold: number; failureThreshold: number; periodSeconds: number; timeoutSeconds: number };
}

/**
 * A guest Service's load balancer on the host as the components left it: the cloud provider's labels and
 * annotations (`constructLB`), the webhook's requirement annotations, the LB controller's status (`Address4AskDHCP`
 * for DHCP, Ready once an address is allocated).
 */
export function loadBalancer(spec: LoadBalancerSpec): KubeObject {
  const allocated = spec.ipam === 'dhcp' ? { ip: '0.0.0.0' } : spec.allocated && {
    ip: spec.allocated.ip, ipPool: spec.allocated.ipPool, mask: '255.255.255.0', gateway: '192.168.100.1'
  };

  return object('loadbalancer.harvesterhci.io/v1beta1', 'LoadBalancer', spec.name, {
    namespace:   spec.namespace,
    annotations: {
      'loadbalancer.harvesterhci.io/network':   spec.network || '',
      'loadbalancer.harvesterhci.io/project':   spec.project || '',
      'loadbalancer.harvesterhci.io/namespace': spec.hostNamespace || '',
      'loadbalancer.harvesterhci.io/cluster':   spec.guestCluster,
      ...(spec.lbNetwork !== undefined ? { 'cloudprovider.harvesterhci.io/lb-network': spec.lbNetwork } : {}),
    },
    labels: {
      'cloudprovider.harvesterhci.io/cluster':          spec.guestCluster,
      'cloudprovider.harvesterhci.io/serviceNamespace': spec.serviceNamespace,
      'cloudprovider.harvesterhci.io/serviceName':      spec.serviceName,
    },
  }, {
    spec: {
      workloadType: 'cluster',
      ipam:         spec.ipam,
      ...(spec.ports ? {
        listeners: spec.ports.map((p) => ({
          name: p.name, port: p.port, protocol: p.protocol, backendPort: p.backendPort
        }))
      } : {}),
      ...(spec.healthCheck ? { healthCheck: spec.healthCheck } : {}),
    },
    status: {
      ...(spec.address ? { address: spec.address } : {}),
      ...(allocated ? { allocatedAddress: allocated } : {}),
      conditions: [{ type: 'Ready', status: allocated ? 'True' : 'False' }],
    },
  });
}

export interface IpPoolSpec {
  name: string;
  ranges: { subnet: string; rangeStart: string; rangeEnd: string; gateway: string }[];
  network: string;
  scope: { project: string; namespace: string; guestCluster: string }[];
  priority?: number;
  /** Addresses given before the demo starts (`<lb namespace>/<lb name>` each); none: the controllers allocate. */
  allocated?: Record<string, string>;
}

/** An IP pool with the status the IPPool controller keeps (`total`: the ranges' addresses, less the gateway). */
export function ipPool(spec: IpPoolSpec): KubeObject {
  const pool = object('loadbalancer.harvesterhci.io/v1beta1', 'IPPool', spec.name, {}, {
    spec: {
      ranges:   spec.ranges,
      selector: {
        network: spec.network, scope: spec.scope, ...(spec.priority ? { priority: spec.priority } : {})
      }
    },
  });
  const total = poolTotal(pool);
  const allocated = spec.allocated || {};

  pool.status = {
    total, available: total - Object.keys(allocated).length, allocated, lastAllocated: Object.keys(allocated).pop() || '', conditions: [{ type: 'Ready', status: 'True' }],
  };

  return pool;
}

export function vlanNetwork(namespace: string, name: string, vlanId: number): KubeObject {
  return object('k8s.cni.cncf.io/v1', 'NetworkAttachmentDefinition', name, {
    namespace,
    labels: {
      'network.harvesterhci.io/clusternetwork': 'mgmt', 'network.harvesterhci.io/type': 'L2VlanNetwork', 'network.harvesterhci.io/vlan-id': `${ vlanId }`
    }
  }, {
    spec: {
      config: JSON.stringify({
        cniVersion: '0.3.1', name, type: 'bridge', bridge: 'mgmt-br', promiscMode: true, vlan: vlanId, ipam: {}
      })
    },
  });
}
