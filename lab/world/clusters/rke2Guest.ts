/** `rke2-guest`: an RKE2 cluster provisioned by Rancher on Harvester, with the Harvester cloud provider. */
import {
  deployment, pod, service, storageClass, volumeSnapshotClass
} from '../builders';
import {
  COMPONENT_VERSIONS, NETWORKS, RKE2_GUEST, RKE2_NODES, SERVICES, SNAPSHOT_CLASSES
} from '../ids';
import {
  rancherAgentParts, guestNamespaces, guestNodes, harvesterComponents, nadMapping
} from './guestParts';
import { SeedCluster } from '../../simulator/core/types';
import { pendingGuestObjects } from './pendingLbs';
import { guestVolumes } from './guestVolumes';

const KUBELET = 'v1.33.5+rke2r1';
const IPAM = 'cloudprovider.harvesterhci.io/ipam';
const NETWORK = 'cloudprovider.harvesterhci.io/network';

function services() {
  return [
    service('default', 'kubernetes', {
      clusterIP: '10.43.0.1',
      ports:     [{
        name: 'https', port: 443, targetPort: 6443
      }],
      labels: { component: 'apiserver', provider: 'kubernetes' }
    }),
    service('default', 'api', {
      clusterIP: '10.43.12.7', selector: { app: 'api' }, ports: [{ name: 'http', port: 8080 }]
    }),
    // On vlan200: the provider writes vlan200's interface for kube-vip (enp2s0, from the NAD mapping); the pool is
    // chosen on the guest VMs' network, which the load balancer webhook writes on its load balancer (vlan100).
    service('default', SERVICES.webPool, {
      type:        'LoadBalancer',
      clusterIP:   '10.43.20.11',
      selector:    { app: 'web' },
      annotations: {
        [IPAM]: 'pool', [NETWORK]: NETWORKS.vlan200, 'example.com/owner': 'team-a'
      },
      ports: [{
        name: 'http', port: 80, nodePort: 31080
      }, {
        name: 'https', port: 443, nodePort: 31443
      }],
    }),
    // DHCP: Harvester gives its load balancer 0.0.0.0 at once, and kube-vip gets the address from the DHCP server.
    service('default', SERVICES.webDhcp, {
      type:        'LoadBalancer',
      clusterIP:   '10.43.20.12',
      selector:    { app: 'web' },
      annotations: { [IPAM]: 'dhcp', [NETWORK]: NETWORKS.vlan100 },
      ports:       [{
        name: 'http', port: 80, nodePort: 31081
      }],
    }),
    // Made with the network it shares anyway: the provider copies the primary's to its secondaries (v0.2.7
    // `updateSecondaryServiceLoadBalancerIP`).
    service('default', SERVICES.webShared, {
      type:        'LoadBalancer',
      clusterIP:   '10.43.20.13',
      selector:    { app: 'api' },
      annotations: { 'cloudprovider.harvesterhci.io/primary-service': `default/${ SERVICES.webPool }`, [NETWORK]: NETWORKS.vlan200 },
      ports:       [{
        name: 'api', port: 8080, nodePort: 31880
      }],
    }),
  ];
}

/** `web` (4 replicas spread over zones) and `api` (2 replicas), with pods placed on the nodes. */
function apps() {
  const webImage = 'nginx:1.27';
  const apiImage = 'traefik/whoami:v1.10';
  const [a, b, c, d, e, f] = RKE2_NODES;
  const webPods = [a, b, c, d].map((nodeName, i) => pod('default', `web-7d9c5b8f6d-${ ['x2kq9', 'p8vbn', 'm4hzt', 'r7wcl'][i] }`, {
    labels: { app: 'web' }, image: webImage, nodeName, podIP: `10.42.${ i }.21`, hostIP: `192.168.100.${ 11 + i }`, owner: { kind: 'ReplicaSet', name: 'web-7d9c5b8f6d' }
  }));
  const apiPods = [e, f].map((nodeName, i) => pod('default', `api-5f6b7c8d9-${ ['q9lmn', 'z3tkv'][i] }`, {
    labels: { app: 'api' }, image: apiImage, nodeName, podIP: `10.42.${ 4 + i }.31`, hostIP: `192.168.100.${ 15 + i }`, owner: { kind: 'ReplicaSet', name: 'api-5f6b7c8d9' }
  }));

  return [
    deployment('default', 'web', {
      image:                     webImage,
      selector:                  { app: 'web' },
      replicas:                  4,
      topologySpreadConstraints: [{
        maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } }
      }],
    }),
    deployment('default', 'api', {
      image: apiImage, selector: { app: 'api' }, replicas: 2
    }),
    ...webPods,
    ...apiPods,
  ];
}

export function rke2GuestCluster(): SeedCluster {
  return {
    id:      RKE2_GUEST.id,
    kind:    'guest',
    objects: [
      ...guestNamespaces(RKE2_GUEST.id),
      ...rancherAgentParts(),
      ...guestNodes(RKE2_GUEST.name, KUBELET),
      ...services(),
      // What the provider's VMI controller writes from the VMs' networks (not simulated: seeded as it leaves it).
      nadMapping({ [NETWORKS.vlan100]: 'enp1s0', [NETWORKS.vlan200]: 'enp2s0' }),
      storageClass('harvester', 'driver.harvesterhci.io', {}, { isDefault: true }),
      volumeSnapshotClass(SNAPSHOT_CLASSES.local, 'driver.harvesterhci.io', undefined),
      volumeSnapshotClass(SNAPSHOT_CLASSES.backup, 'driver.harvesterhci.io', { type: 'backup' }, 'Retain'),
      ...harvesterComponents(COMPONENT_VERSIONS.rke2, RKE2_NODES.length, RKE2_GUEST.name),
      ...apps(),
      ...pendingGuestObjects(),
      ...guestVolumes(),
    ],
  };
}
