import { KubeObject, StoreLike } from '../steve/types';
import { installedVersion } from '../steve/installedVersions';
import { findHostClusterId, hostList } from '../steve/hostCluster';
import { NAD_MAPPING_ID, NadMapping, parseNadMapping } from './nadMapping';
import { HOST_LB_TYPE, HostLbStatus, describeHostLb, hostLbSelector } from './hostLoadBalancer';

export interface LbContext {
  services: KubeObject[];
  servicesKnown: boolean;
  nadMapping: NadMapping;
  providerVersion: string | null;
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
  const [services, configMap, providerVersion] = await Promise.allSettled([
    store.dispatch('cluster/request', { url: loadBalancerServicesUrl(store) }).then((res) => res?.data || []),
    store.dispatch('cluster/find', { type: 'configmap', id: NAD_MAPPING_ID }),
    installedVersion(store, 'cloudProvider'),
  ]);

  return {
    services:        services.status === 'fulfilled' ? services.value || [] : [],
    servicesKnown:   services.status === 'fulfilled',
    nadMapping:      parseNadMapping(configMap.status === 'fulfilled' ? configMap.value : null),
    providerVersion: providerVersion.status === 'fulfilled' ? providerVersion.value : null,
  };
}

export type HostLbResult = { state: 'found'; status: HostLbStatus } | { state: 'absent' } | { state: 'unreadable' };

/** The Harvester LoadBalancer behind one guest Service, read through Rancher's proxy of the host cluster. */
export async function loadHostLoadBalancer(store: StoreLike, guestClusterId: string, clusterName: string, namespace: string, name: string): Promise<HostLbResult> {
  try {
    const hostId = await findHostClusterId(store, guestClusterId);

    if (!hostId) {
      return { state: 'unreadable' };
    }
    const lbs = await hostList(store, hostId, HOST_LB_TYPE, { labelSelector: hostLbSelector(clusterName, namespace, name) });
    const status = describeHostLb(lbs[0]);

    return status ? { state: 'found', status } : { state: 'absent' };
  } catch (e) {
    return { state: 'unreadable' };
  }
}
