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
 * The cluster's LoadBalancer Services (the only ones that can be a primary or share a port), without the fields
 * no rule reads. A plain request, not `findAll`: loading the whole Service collection into the store would replace
 * the objects the page holds (its `liveValue`), so the shell's conflict merge would compare against a copy no watch
 * keeps fresh, and it would download every Service of a large cluster.
 */
export function loadBalancerServicesUrl(store: StoreLike): string {
  const base = store.getters['cluster/urlFor']('service');
  const sep = base.includes('?') ? '&' : '?';

  return `${ base }${ sep }filter=spec.type=LoadBalancer&exclude=metadata.managedFields`;
}

/**
 * Everything the Add-on Config tab reads from the guest, in one place and in parallel: the LoadBalancer
 * Services, the NAD mapping and the provider's workload. At most three requests; a failure of one leaves the
 * others usable.
 */
export async function loadLbContext(store: StoreLike): Promise<LbContext> {
  const [services, configMap, provider] = await Promise.allSettled([
    store.dispatch('cluster/request', { url: loadBalancerServicesUrl(store) }).then((res) => res?.data || []),
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
