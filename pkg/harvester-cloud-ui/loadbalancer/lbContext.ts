import { KubeObject, StoreLike } from '../steve/types';
import { installedWorkload, versionFromWorkload } from '../steve/installedVersions';
import { NAD_MAPPING_ID, NadMapping, parseNadMapping } from './nadMapping';
import { clusterNameFromWorkload } from './hostLbName';

export interface LbContext {
  services: KubeObject[];
  servicesKnown: boolean;
  nadMapping: NadMapping;
  providerVersion: string | null;
  /** The provider's `--cluster-name` (it names the Harvester LoadBalancers after it); null when unknown. */
  providerClusterName: string | null;
}

/**
 * Everything the Add-on Config tab reads from the guest, in one place and in parallel: the Services (usually
 * already in the store from the list page), the NAD mapping and the provider's workload. At most three
 * requests; a failure of one leaves the others usable.
 */
export async function loadLbContext(store: StoreLike): Promise<LbContext> {
  const [services, configMap, provider] = await Promise.allSettled([
    store.dispatch('cluster/findAll', { type: 'service' }),
    store.dispatch('cluster/find', { type: 'configmap', id: NAD_MAPPING_ID }),
    installedWorkload(store, 'cloudProvider'),
  ]);
  const workload = provider.status === 'fulfilled' ? provider.value : null;

  return {
    services:            services.status === 'fulfilled' ? services.value || [] : [],
    servicesKnown:       services.status === 'fulfilled',
    nadMapping:          parseNadMapping(configMap.status === 'fulfilled' ? configMap.value : null),
    providerVersion:     versionFromWorkload(workload, 'cloudProvider'),
    providerClusterName: clusterNameFromWorkload(workload),
  };
}
