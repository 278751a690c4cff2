import { KubeObject } from '../data/types';
import { StoreLike, find } from '../data/store';
import { CONFIG_MAP, SERVICE } from '../data/typeIds';
import { GuestQuery, guestList } from '../data/guest';
import { eq } from '../data/steve';
import { installedWorkload, versionFromWorkload } from '../environment/installedVersions';
import { NAD_MAPPING_ID, NadMapping, parseNadMapping } from './nadMapping';
import { clusterNameFromWorkload } from './hostLbName';
import { WorkloadRun, workloadRun } from '../environment/workloadRun';
import { SERVICE_FIELDS } from './serviceFields';

export interface LbContext {
  services: KubeObject[];
  servicesKnown: boolean;
  nadMapping: NadMapping;
  providerVersion: string | null;
  /** The provider's `--cluster-name` (it names the Harvester LoadBalancers after it); null when unknown. */
  providerClusterName: string | null;
  /** Whether the provider's Pods run (its Deployment's status); null when unknown. */
  providerRun: WorkloadRun | null;
}

export { SERVICE_FIELDS } from './serviceFields';

/**
 * The cluster's LoadBalancer Services (the only ones that can be a primary or share a port), with only the fields
 * the rules read: Steve's `include=` keeps just those paths (rancher/steve pkg/resources/common/formatter.go
 * includeFields: one dotted path per `include` value; the resource's id, type and links stay). With 5,000 Services
 * in a cluster this is what keeps the tab's requests small (docs/performance.md).
 *
 * A plain request (data/guest.ts), never `findAll`/`find`: these objects are partial, and put into the store
 * they would replace the objects the page holds (its `liveValue`) with copies lacking most fields, so a save or
 * the shell's conflict merge would drop what they lack. They stay in this tab's context only.
 */
export const LOAD_BALANCER_SERVICES: GuestQuery = { filters: [eq('spec.type', 'LoadBalancer')], include: SERVICE_FIELDS };

export function listLoadBalancerServices(store: StoreLike): Promise<KubeObject[]> {
  return guestList(store, SERVICE, LOAD_BALANCER_SERVICES);
}

/**
 * Everything the Add-on Config tab reads from the guest, in one place and in parallel: the LoadBalancer
 * Services, the NAD mapping and the provider's workload. At most three requests; a failure of one leaves the
 * others usable.
 */
export async function loadLbContext(store: StoreLike): Promise<LbContext> {
  const [services, configMap, provider] = await Promise.allSettled([
    listLoadBalancerServices(store),
    find(store, 'cluster', CONFIG_MAP, NAD_MAPPING_ID),
    installedWorkload(store, 'cloudProvider'),
  ]);
  const workload = provider.status === 'fulfilled' ? provider.value : null;

  return {
    services:            services.status === 'fulfilled' ? services.value || [] : [],
    servicesKnown:       services.status === 'fulfilled',
    nadMapping:          parseNadMapping(configMap.status === 'fulfilled' ? configMap.value : null),
    providerVersion:     versionFromWorkload(workload, 'cloudProvider'),
    providerClusterName: clusterNameFromWorkload(workload),
    providerRun:         workloadRun(workload),
  };
}
