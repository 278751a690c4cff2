/** `k3s-guest`: an imported K3s cluster on Harvester VMs; recognisable only by its nodes' providerIDs. */
import { service, storageClass } from '../builders';
import {
  COMPONENT_VERSIONS, K3S_GUEST, K3S_NODES, LEGACY_LB_IP, SERVICES
} from '../ids';
import { rancherAgentParts, guestNamespaces, guestNodes, harvesterComponents } from './guestParts';
import { SeedCluster } from '../../simulator/core/types';
import { K3S_CONFIG_PATH } from '../../simulator/catalog/cloudConfig';

const KUBELET = 'v1.31.9+k3s1';
const HEALTH = 'cloudprovider.harvesterhci.io/healthcheck';

export function k3sGuestCluster(): SeedCluster {
  return {
    id:      K3S_GUEST.id,
    kind:    'guest',
    objects: [
      ...guestNamespaces(K3S_GUEST.id),
      ...rancherAgentParts(),
      ...guestNodes(K3S_GUEST.name, KUBELET),
      service('default', 'kubernetes', {
        clusterIP: '10.43.0.1',
        ports:     [{
          name: 'https', port: 443, targetPort: 6443
        }],
        labels: { component: 'apiserver', provider: 'kubernetes' }
      }),
      // An older provider (0.1.5) still reads the health-check annotations.
      service('default', SERVICES.legacyLb, {
        type:        'LoadBalancer',
        clusterIP:   '10.43.30.5',
        selector:    { app: 'legacy' },
        annotations: {
          'cloudprovider.harvesterhci.io/ipam': 'pool',
          [`${ HEALTH }-port`]:                 '80',
          [`${ HEALTH }-success-threshold`]:    '1',
          [`${ HEALTH }-failure-threshold`]:    '3',
          [`${ HEALTH }-periodseconds`]:        '5',
          [`${ HEALTH }-timeoutseconds`]:       '3',
        },
        ports: [{
          name: 'http', port: 80, nodePort: 30080
        }],
        ingressIPs: [LEGACY_LB_IP],
      }),
      storageClass('harvester', 'driver.harvesterhci.io', {}, { isDefault: true }),
      storageClass('local-path', 'rancher.io/local-path', {}, { volumeBindingMode: 'WaitForFirstConsumer', allowVolumeExpansion: false }),
      // Its provider reads the file K3s's cloud-init put on the nodes, not RKE2's (there is no RKE2 here).
      ...harvesterComponents(COMPONENT_VERSIONS.k3s, K3S_NODES.length, K3S_GUEST.name, K3S_CONFIG_PATH),
    ],
  };
}
