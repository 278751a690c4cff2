/** `rke2-guest`: an RKE2 cluster provisioned by Rancher on Harvester, with the Harvester cloud provider. */
import {
  deployment, pod, service, storageClass, volumeSnapshotClass
} from '../builders';
import {
  COMPONENT_VERSIONS, NETWORKS, RKE2_GUEST, RKE2_NODES, SERVICES, SNAPSHOT_CLASSES, WEB_POOL_IP
} from '../ids';
import {
  event, rancherAgentParts, guestNamespaces, guestNodes, harvesterComponents, nadMapping
} from './guestParts';
import { SeedCluster } from '../../steve/types';
import { DHCP_TIMEOUT_ERROR, pendingGuestObjects } from './pendingLbs';
import { scaleLbServices, scaleServiceCount } from './scaleServices';
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
    service('default', SERVICES.webPool, {
      type:        'LoadBalancer',
      clusterIP:   '10.43.20.11',
      selector:    { app: 'web' },
      annotations: {
        [IPAM]:                         'pool',
        // On vlan200, the network pool-rke2-guest serves: selectIPPool picks that pool for it (exact match).
        [NETWORK]:                      NETWORKS.vlan200,
        'example.com/owner':            'team-a',
        // Written by the cloud provider itself (v0.2.7: the interface the NAD mapping gives vlan200); the UI must
        // keep them as they are.
        'kube-vip.io/loadbalancerIPs':  WEB_POOL_IP,
        'kube-vip.io/serviceInterface': 'enp2s0',
      },
      ports: [{
        name: 'http', port: 80, nodePort: 31080
      }, {
        name: 'https', port: 443, nodePort: 31443
      }],
      ingressIPs: [WEB_POOL_IP],
    }),
    service('default', SERVICES.webDhcp, {
      type:        'LoadBalancer',
      clusterIP:   '10.43.20.12',
      selector:    { app: 'web' },
      annotations: { [IPAM]: 'dhcp', 'cloudprovider.harvesterhci.io/network': NETWORKS.vlan100 },
      ports:       [{
        name: 'http', port: 80, nodePort: 31081
      }],
    }),
    service('default', SERVICES.webShared, {
      type:        'LoadBalancer',
      clusterIP:   '10.43.20.13',
      selector:    { app: 'api' },
      // The provider copies the primary's network to its secondaries (v0.2.7 `updateSecondaryServiceLoadBalancerIP`).
      annotations: { 'cloudprovider.harvesterhci.io/primary-service': `default/${ SERVICES.webPool }`, [NETWORK]: NETWORKS.vlan200 },
      ports:       [{
        name: 'api', port: 8080, nodePort: 31880
      }],
      ingressIPs: [WEB_POOL_IP],
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
      nadMapping({ [NETWORKS.vlan100]: 'enp1s0', [NETWORKS.vlan200]: 'enp2s0' }),
      storageClass('harvester', 'driver.harvesterhci.io', {}, { isDefault: true }),
      volumeSnapshotClass(SNAPSHOT_CLASSES.local, 'driver.harvesterhci.io', undefined),
      volumeSnapshotClass(SNAPSHOT_CLASSES.backup, 'driver.harvesterhci.io', { type: 'backup' }, 'Retain'),
      ...harvesterComponents(COMPONENT_VERSIONS.rke2, RKE2_NODES.length, RKE2_GUEST.name),
      ...apps(),
      event('default', { kind: 'Service', name: SERVICES.webPool }, 'Normal', 'EnsuredLoadBalancer', 'Ensured load balancer', 'service-controller'),
      event('default', { kind: 'Service', name: SERVICES.webDhcp }, 'Normal', 'EnsuringLoadBalancer', 'Ensuring load balancer', 'service-controller', 12),
      event('default', { kind: 'Service', name: SERVICES.webDhcp }, 'Warning', 'SyncLoadBalancerFailed',
        `Error syncing load balancer: failed to ensure load balancer: ${ DHCP_TIMEOUT_ERROR }`, 'service-controller', 12),
      ...pendingGuestObjects(),
      ...scaleLbServices(scaleServiceCount()),
      ...guestVolumes(),
    ],
  };
}
