/**
 * The Load Balancers page's requests, all plain `cluster/request` / host requests of partial objects (never into the
 * store; see loadbalancer/lbContext.ts why):
 * - one page of LoadBalancer Services, server-side paginated like the shell's lists: Steve `filter=spec.type=
 *   LoadBalancer`, `pagesize`/`page`, `sort`, and a name filter (`filter=metadata.name~<text>`), `include=` only
 *   the fields the rows read;
 * - ONE events list for the whole page (Services' events only, `fieldSelector=involvedObject.kind=Service`, slim);
 * - per page, the host's LoadBalancers of that page's Services, and the host's IP pools, when the host is readable.
 */
import { KubeObject, StoreLike } from '../cluster/types';
import { findHostClusterId, hostRequest, hostListUrl } from '../cluster/hostCluster';
import { withQuery } from '../topology/slimQuery';
import { HOST_LB_TYPE, LB_LABELS } from '../loadbalancer/hostLoadBalancer';
import { HOST_IP_POOL_TYPE } from '../loadbalancer/ipPoolMatch';
import { SERVICE_FIELDS } from '../loadbalancer/lbContext';
import { ANNOTATIONS } from '../loadbalancer/annotations';
import { HostView } from './rows';

export const PAGE_SIZE = 100;

export const EVENT_FIELDS = ['involvedObject', 'reason', 'message', 'type', 'count', 'lastTimestamp', 'eventTime', 'firstTimestamp'];
export const HOST_LB_FIELDS = ['metadata.name', 'metadata.namespace', 'metadata.labels', 'metadata.annotations', 'spec.ipPool', 'spec.workloadType', 'status.allocatedAddress'];
export const POOL_FIELDS = ['metadata.name', 'metadata.labels', 'spec.selector'];

export interface PageQuery {
  page: number;
  sort: 'metadata.name' | 'metadata.namespace' | '-metadata.name' | '-metadata.namespace';
  text: string;
}

export function servicesPageUrl(base: string, q: PageQuery, pageSize = PAGE_SIZE): string {
  const url = withQuery(base, SERVICE_FIELDS, {
    pagesize: `${ pageSize }`, page: `${ Math.max(1, q.page) }`, sort: q.sort
  });
  const name = q.text.trim().replace(/[,()]/g, '');

  return `${ url }&filter=${ encodeURIComponent('spec.type=LoadBalancer') }${ name ? `&filter=${ encodeURIComponent(`metadata.name~${ name }`) }` : '' }`;
}

export function eventsUrl(base: string): string {
  return withQuery(base, EVENT_FIELDS, { fieldSelector: 'involvedObject.kind=Service' });
}

export interface ServicesPage {
  services: KubeObject[];
  count: number;
  pages: number;
}

export async function loadServicesPage(store: StoreLike, q: PageQuery): Promise<ServicesPage> {
  const res = await store.dispatch('cluster/request', { url: servicesPageUrl(store.getters['cluster/urlFor']('service'), q) });
  const services: KubeObject[] = res?.data || [];
  const count = Number(res?.count ?? services.length);

  return {
    services, count, pages: Number(res?.pages ?? Math.max(1, Math.ceil(count / PAGE_SIZE)))
  };
}

/** The Services' events, or null when the user cannot list events. */
export async function loadEvents(store: StoreLike): Promise<KubeObject[] | null> {
  try {
    return (await store.dispatch('cluster/request', { url: eventsUrl(store.getters['cluster/urlFor']('event')) }))?.data || [];
  } catch (e) {
    return null;
  }
}

/**
 * The host label selector for the LoadBalancers of one page: this guest's (`cloudprovider.harvesterhci.io/cluster`,
 * when the provider's cluster name is known) of the page's Services and their primaries, by `serviceName in (…)`
 * (provider v0.2.0+ labels): a page of 100 asks for at most about 100 LoadBalancers, whatever the cluster's size.
 */
export function hostLbSelector(clusterName: string | null, services: KubeObject[]): string {
  const names = new Set<string>();

  services.forEach((s) => {
    names.add(s.metadata.name);
    const primary = s.metadata.annotations?.[ANNOTATIONS.primaryService];

    if (primary) {
      names.add(primary.split('/').pop() || primary);
    }
  });
  const byName = `${ LB_LABELS.serviceName } in (${ [...names].sort().join(',') })`;

  return clusterName === null ? byName : `${ LB_LABELS.cluster }=${ clusterName },${ byName }`;
}

/** The page's LoadBalancers and the IP pools on this guest's Harvester host; null when the host is not readable. */
export async function loadHost(store: StoreLike, guestClusterId: string, clusterName: string | null, services: KubeObject[]): Promise<HostView | null> {
  try {
    const hostId = await findHostClusterId(store, guestClusterId);

    if (!hostId) {
      return null;
    }
    const lbUrl = hostListUrl(hostId, HOST_LB_TYPE, { labelSelector: hostLbSelector(clusterName, services) });
    const [lbs, pools] = await Promise.all([
      services.length ? hostRequest(store, withQuery(lbUrl, HOST_LB_FIELDS)) : Promise.resolve({ data: [] }),
      hostRequest(store, withQuery(hostListUrl(hostId, HOST_IP_POOL_TYPE), POOL_FIELDS)),
    ]);

    return {
      lbs: lbs?.data || [], pools: pools?.data || [], clusterName
    };
  } catch (e) {
    return null;
  }
}
