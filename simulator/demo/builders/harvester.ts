/** Builders for Harvester host objects: VMs of guest nodes, their instances, load balancers, IP pools, networks. */
import { KubeObject } from '../../steve/types';
import { Labels, object } from './kube';

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

/** A guest node's VM: topology annotations are what the cloud provider copies onto the guest node. */
export function guestVm(spec: GuestVmSpec): KubeObject {
  return object('kubevirt.io/v1', 'VirtualMachine', spec.name, {
    namespace:   spec.namespace,
    uid:         spec.uid,
    labels:      { 'harvesterhci.io/creator': 'docker-machine-driver-harvester', 'guestcluster.harvesterhci.io/name': spec.guestCluster },
    annotations: {
      'harvesterhci.io/vmRunStrategy': 'RerunOnFailure',
      ...topologyLabels(spec.createdWith),
    },
  }, {
    spec: {
      runStrategy: 'RerunOnFailure',
      template:    {
        metadata: { labels: { 'harvesterhci.io/vmName': spec.name } },
        spec:     {
          domain: {
            cpu: {
              cores: spec.cpu, sockets: 1, threads: 1
            },
            memory:    { guest: spec.memory },
            resources: { limits: { cpu: `${ spec.cpu }`, memory: spec.memory } },
            devices:   {
              disks:      [{ name: 'disk-0', disk: { bus: 'virtio' } }],
              interfaces: [{
                name: 'nic-0', bridge: {}, model: 'virtio'
              }]
            }
          },
          networks: [{ name: 'nic-0', multus: { networkName: 'default/vlan100' } }],
        },
      },
    },
    status: {
      ready: true, created: true, printableStatus: 'Running', conditions: [{ type: 'Ready', status: 'True' }]
    },
  });
}

/**
 * The running instance: Harvester copied its host's topology labels onto it when it started (what the provider reads).
 * Owned by its VM as KubeVirt's VM controller makes it (pkg/virt-controller/watch/vm.go `setupVMIFromVM`: a controller
 * reference to the VM).
 */
export function guestVmi(spec: GuestVmSpec): KubeObject {
  const vmi = object('kubevirt.io/v1', 'VirtualMachineInstance', spec.name, {
    namespace:   spec.namespace,
    labels:      { 'harvesterhci.io/vmName': spec.name, 'kubevirt.io/nodeName': spec.hostNode },
    annotations: topologyLabels(spec.createdWith),
  }, {
    spec:   { domain: { cpu: { cores: spec.cpu } } },
    status: {
      phase:      'Running',
      nodeName:   spec.hostNode,
      interfaces: [{
        name: 'nic-0', ipAddress: spec.ip, ipAddresses: [spec.ip]
      }],
      conditions: [{ type: 'Ready', status: 'True' }, { type: 'LiveMigratable', status: 'True' }],
    },
  });

  vmi.metadata.ownerReferences = [{
    apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachine', name: spec.name, uid: spec.uid, controller: true, blockOwnerDeletion: true
  }];

  return vmi;
}

export interface LoadBalancerSpec {
  namespace: string;
  name: string;
  guestCluster: string;
  serviceNamespace: string;
  serviceName: string;
  ipam: 'pool' | 'dhcp';
  network?: string;
  /** The network the Service asked for when the load balancer was made (provider v0.2.7); defaults to `network`. */
  lbNetwork?: string;
  /** The Service's `cloudprovider.harvesterhci.io/project`, copied to the requirement (provider `constructLB`). */
  project?: string;
  ports: { name: string; port: number; protocol: string; backendPort: number }[];
  /** The address it got; none with `pendingMessage` means Pending. */
  address?: string;
  ipPool?: string;
  pendingMessage?: string;
  healthCheck?: { port: number; successThreshold: number; failureThreshold: number; periodSeconds: number; timeoutSeconds: number };
}

/**
 * A guest Service's load balancer on the host, as the Harvester cloud provider creates it (`constructLB`: the IP
 * pool requirement in `loadbalancer.harvesterhci.io/*` annotations, the Service's original network in
 * `cloudprovider.harvesterhci.io/lb-network`).
 */
export function loadBalancer(spec: LoadBalancerSpec): KubeObject {
  const ready = !!spec.address;

  return object('loadbalancer.harvesterhci.io/v1beta1', 'LoadBalancer', spec.name, {
    namespace:   spec.namespace,
    annotations: {
      'loadbalancer.harvesterhci.io/network':     spec.network || '',
      'loadbalancer.harvesterhci.io/project':     spec.project || '',
      'loadbalancer.harvesterhci.io/namespace':   '',
      'loadbalancer.harvesterhci.io/cluster':     spec.guestCluster,
      'cloudprovider.harvesterhci.io/lb-network': spec.lbNetwork ?? spec.network ?? '',
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
      listeners:    spec.ports.map((p) => ({
        name: p.name, port: p.port, protocol: p.protocol, backendPort: p.backendPort
      })),
      ...(spec.healthCheck ? { healthCheck: spec.healthCheck } : {}),
    },
    status: {
      ...(ready ? {
        address:          spec.address,
        allocatedAddress: {
          ip: spec.address, ipPool: spec.ipPool || '', mask: '255.255.255.0', gateway: '192.168.100.1'
        }
      } : spec.ipam === 'dhcp' ? { allocatedAddress: { ip: '0.0.0.0' } } : {}),
      conditions: [ready ? {
        type: 'Ready', status: 'True', lastUpdateTime: new Date().toISOString()
      } : {
        type: 'Ready', status: 'False', reason: 'AllocateIPFailed', message: spec.pendingMessage || 'waiting for an address', lastUpdateTime: new Date().toISOString()
      }],
    },
  });
}

export interface IpPoolSpec {
  name: string;
  range: { subnet: string; rangeStart: string; rangeEnd: string; gateway: string };
  network: string;
  scope: { project: string; namespace: string; guestCluster: string }[];
  allocated: Record<string, string>;
  total: number;
}

export function ipPool(spec: IpPoolSpec): KubeObject {
  return object('loadbalancer.harvesterhci.io/v1beta1', 'IPPool', spec.name, {}, {
    spec:   { ranges: [spec.range], selector: { network: spec.network, scope: spec.scope } },
    status: {
      total:         spec.total,
      available:     spec.total - Object.keys(spec.allocated).length,
      allocated:     spec.allocated,
      lastAllocated: Object.keys(spec.allocated).pop() || '',
      conditions:    [{ type: 'Ready', status: 'True' }],
    },
  });
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
