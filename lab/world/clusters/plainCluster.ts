/** `plain-cluster`: an RKE2 cluster not on Harvester. The extension must add nothing here. */
import { node, service, storageClass } from '../builders';
import { PLAIN_CLUSTER, PLAIN_NODES, SERVICES } from '../ids';
import { rancherAgentParts, guestNamespaces } from './guestParts';
import { SeedCluster } from '../../simulator/core/types';

export function plainCluster(): SeedCluster {
  return {
    id:      PLAIN_CLUSTER.id,
    kind:    'guest',
    objects: [
      ...guestNamespaces(PLAIN_CLUSTER.id),
      ...rancherAgentParts(),
      ...PLAIN_NODES.map((name, i) => node(name, {
        labels:         i === 0 ? { 'node-role.kubernetes.io/control-plane': 'true', 'node-role.kubernetes.io/etcd': 'true' } : { 'node-role.kubernetes.io/worker': 'true' },
        providerID:     `rke2://${ name }`,
        internalIP:     `172.16.0.${ 11 + i }`,
        kubeletVersion: 'v1.33.5+rke2r1',
      })),
      service('default', 'kubernetes', {
        clusterIP: '10.43.0.1',
        ports:     [{
          name: 'https', port: 443, targetPort: 6443
        }],
        labels: { component: 'apiserver', provider: 'kubernetes' }
      }),
      service('default', SERVICES.plainLb, {
        type:      'LoadBalancer',
        clusterIP: '10.43.40.9',
        selector:  { app: 'public-web' },
        ports:     [{
          name: 'http', port: 80, nodePort: 30980
        }],
        ingressIPs: ['203.0.113.10']
      }),
      storageClass('local-path', 'rancher.io/local-path', {}, {
        isDefault: true, volumeBindingMode: 'WaitForFirstConsumer', allowVolumeExpansion: false
      }),
    ],
  };
}
