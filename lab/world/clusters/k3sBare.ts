/**
 * `k3s-bare`: K3s on Harvester VMs, provisioned by Rancher with the Harvester node driver (a HarvesterConfig machine
 * pool), which sets up the cloud provider for RKE2 only: no provider, no CSI driver, the nodes' providerIDs are
 * K3s' own `k3s://<node>`. Rancher's `rancher-charts` repository is there, as in every downstream cluster. The
 * overview's Set up flow starts here (tests/e2e/specs/setup.spec.ts).
 */
import {
  gitClusterRepo, harvesterMachineConfig, mgmtCluster, namespace, node, object, project, provCluster, service
} from '../builders';
import {
  FLEET_DEFAULT, K3S_BARE, NETWORKS, VM_NAMESPACE, projectIds
} from '../ids';
import { guestNamespaces, rancherAgentParts } from './guestParts';
import { KubeObject, SeedCluster } from '../../simulator/core/types';
import { RANCHER_CHARTS } from '../../simulator/catalog/guestCharts';

export const K3S_BARE_VERSION = 'v1.32.5+k3s1';
export const K3S_BARE_NODES = ['k3s-bare-pool1-a', 'k3s-bare-pool1-b'] as const;
const MACHINE_CONFIG = 'nc-k3s-bare-pool1';

export function k3sBareCluster(): SeedCluster {
  return {
    id:      K3S_BARE.id,
    kind:    'guest',
    objects: [
      ...guestNamespaces(K3S_BARE.id),
      ...rancherAgentParts(),
      ...K3S_BARE_NODES.map((name, i) => node(name, {
        labels:         { 'node-role.kubernetes.io/control-plane': 'true', 'node.kubernetes.io/instance-type': 'k3s' },
        providerID:     `k3s://${ name }`,
        internalIP:     `192.168.100.${ 31 + i }`,
        kubeletVersion: K3S_BARE_VERSION,
      })),
      service('default', 'kubernetes', {
        clusterIP: '10.43.0.1',
        ports:     [{
          name: 'https', port: 443, targetPort: 6443
        }],
        labels: { component: 'apiserver', provider: 'kubernetes' }
      }),
      gitClusterRepo(RANCHER_CHARTS.name, RANCHER_CHARTS.gitRepo, RANCHER_CHARTS.gitBranch, '5f0c1d2e3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d'),
    ],
  };
}

/** Its records in Rancher's own cluster: management and provisioning clusters, projects, the machine config. */
export function k3sBareLocalObjects(): KubeObject[] {
  const p = projectIds(K3S_BARE.id);

  return [
    mgmtCluster({
      id: K3S_BARE.id, displayName: K3S_BARE.name, provider: 'k3s', driver: 'k3s', machineProvider: 'harvester', kubernetesVersion: K3S_BARE_VERSION, nodeCount: K3S_BARE_NODES.length, provClusterId: `${ FLEET_DEFAULT }/${ K3S_BARE.name }`
    }),
    provCluster(FLEET_DEFAULT, K3S_BARE.name, K3S_BARE.id, {
      kubernetesVersion: K3S_BARE_VERSION,
      rkeConfig:         {
        machineGlobalConfig: { 'disable-apiserver': false },
        machinePools:        [{
          name: 'pool1', quantity: K3S_BARE_NODES.length, controlPlaneRole: true, etcdRole: true, workerRole: true, machineConfigRef: { kind: 'HarvesterConfig', name: MACHINE_CONFIG }
        }],
      },
    }),
    harvesterMachineConfig(FLEET_DEFAULT, MACHINE_CONFIG, {
      vmNamespace: VM_NAMESPACE, cpuCount: '2', memorySize: '4', diskSize: '40', imageName: 'default/image-ubuntu-2404', networkName: NETWORKS.vlan100, sshUser: 'ubuntu'
    }),
    namespace(K3S_BARE.id), project(K3S_BARE.id, p.default, 'Default'), project(K3S_BARE.id, p.system, 'System', true),
  ];
}

/** What Harvester ships that its kubeconfig endpoint needs: the VIP ConfigMap and the two ClusterRoles. */
export function harvesterKubeconfigParts(): KubeObject[] {
  const role = (name: string, rules: unknown[]) => object('rbac.authorization.k8s.io/v1', 'ClusterRole', name, {}, { rules });

  return [
    object('v1', 'ConfigMap', 'vip', { namespace: 'harvester-system' }, {
      data: {
        enabled: 'true', ip: '10.10.0.10', mode: 'static', serviceType: 'LoadBalancer'
      }
    }),
    // harvester/harvester v1.8.2 deploy/charts/harvester/templates/rbac.yaml. The real provider lists the VMs and
    // VMIs of its namespace (node addresses, topology, the NAD mapping): with only the first rule it was refused.
    role('harvesterhci.io:cloudprovider', [
      {
        apiGroups: ['loadbalancer.harvesterhci.io'], resources: ['loadbalancers'], verbs: ['get', 'list', 'watch', 'update', 'create', 'delete']
      },
      {
        apiGroups: ['subresources.kubevirt.io'], resources: ['virtualmachines/addvolume', 'virtualmachines/removevolume', 'virtualmachineinstances/addvolume', 'virtualmachineinstances/removevolume', 'virtualmachineinstances/guestosinfo'], verbs: ['get', 'update']
      },
      {
        apiGroups: ['kubevirt.io'], resources: ['virtualmachines', 'virtualmachineinstances'], verbs: ['get', 'list', 'watch']
      },
      {
        apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch']
      },
      {
        apiGroups: [''], resources: ['persistentvolumeclaims', 'persistentvolumeclaims/status'], verbs: ['*']
      },
    ]),
    role('harvesterhci.io:csi-driver', [{
      apiGroups: ['storage.k8s.io'], resources: ['storageclasses'], verbs: ['get', 'list', 'watch']
    }]),
  ];
}
