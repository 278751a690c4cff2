/**
 * The Load Balancers page's requests, all plain `cluster/request` / host requests of partial objects (never into the
 * store; see addOnConfig/lbContext.ts why):
 * - one page of LoadBalancer Services, server-side paginated like the shell's lists: Steve `filter=spec.type=
 *   LoadBalancer`, `pagesize`/`page`, and the sort and filters Steve indexes (listControls.ts), `include=` only the
 *   fields the rows read;
 * - ONE events list per page, only when the page has Pending rows: their load-balancer events, by Steve `filter=` on
 *   fields its SQL cache indexes for Events (`involvedObject.kind`, `involvedObject.uid`, `reason`). Steve's SQL cache
 *   ignores `fieldSelector` (rancher/steve v0.10.2 listprocessor `ParseQuery` never reads it): it would answer every
 *   event of the cluster;
 * - per page, the host's LoadBalancers of that page's Services, and the host's IP pools, when the host is readable.
 */
import { KubeObject, StoreLike } from '../environment/types';
import { findHostClusterId, hostRequest, hostListUrl } from '../environment/hostCluster';
import { withQuery } from '../topology/slimQuery';
import { HOST_LB_TYPE, LB_LABELS } from '../addOnConfig/hostLoadBalancer';
import { HOST_IP_POOL_TYPE } from '../addOnConfig/ipPoolMatch';
import { SERVICE_FIELDS } from '../addOnConfig/lbContext';
import { ANNOTATIONS } from '../addOnConfig/annotations';
import { ingressAddress } from '../addOnConfig/services';
import { FAILURE_REASONS } from '../addOnConfig/pendingReasons';
import { HostView } from './rows';
import { Controls, serverQuery } from './listControls';

export const PAGE_SIZE = 100;

export const EVENT_FIELDS = ['involvedObject', 'reason', 'message', 'type', 'count', 'lastTimestamp', 'eventTime', 'firstTimestamp'];
export const HOST_LB_FIELDS = ['metadata.name', 'metadata.namespace', 'metadata.labels', 'metadata.annotations', 'spec.ipPool', 'spec.workloadType', 'status.allocatedAddress'];
export const POOL_FIELDS = ['metadata.name', 'metadata.labels', 'spec.selector'];

export interface PageQuery {
  page: number;
  controls: Controls;
}

const param = (k: string, v: string) => `&${ k }=${ encodeURIComponent(v) }`;

export function servicesPageUrl(base: string, q: PageQuery, pageSize = PAGE_SIZE): string {
  const { sort, filters } = serverQuery(q.controls);
  const url = withQuery(base, SERVICE_FIELDS, {
    pagesize: `${ pageSize }`, page: `${ Math.max(1, q.page) }`, sort
  });

  return url + ['spec.type=LoadBalancer', ...filters].map((f) => param('filter', f)).join('');
}

/** The reasons `currentFailure` reads: the failures and the success that ends them. */
export const EVENT_REASONS = [...FAILURE_REASONS, 'EnsuredLoadBalancer'];

/** The load-balancer events of the given Services (by uid: a recreated Service's old events stay out). */
export function eventsUrl(base: string, uids: string[]): string {
  return withQuery(base, EVENT_FIELDS) + [
    'involvedObject.kind=Service', `involvedObject.uid IN (${ uids.join(',') })`, `reason IN (${ EVENT_REASONS.join(',') })`
  ].map((f) => param('filter', f)).join('');
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

/** The events of the page's Pending Services (no request when none is Pending), or null when events are not readable. */
export async function loadEvents(store: StoreLike, services: KubeObject[]): Promise<KubeObject[] | null> {
  const uids = services.filter((s) => !ingressAddress(s) && s.metadata.uid).map((s) => s.metadata.uid as string);

  if (!uids.length) {
    return [];
  }
  try {
    return (await store.dispatch('cluster/request', { url: eventsUrl(store.getters['cluster/urlFor']('event'), uids) }))?.data || [];
  } catch (e) {
    return null;
  }
}

/**
 * The host filters for the LoadBalancers of one page: this guest's (`cloudprovider.harvesterhci.io/cluster`, when the
 * provider's cluster name is known) of the page's Services and their primaries, by `serviceName IN (…)` (provider
 * v0.2.0+ labels): a page of 100 asks for at most about 100 LoadBalancers, whatever the cluster's size. As Steve
 * `filter=metadata.labels[…]` terms: its SQL cache indexes labels but never reads `labelSelector`.
 */
export function hostLbFilters(clusterName: string | null, services: KubeObject[]): string[] {
  const names = new Set<string>();

  services.forEach((s) => {
    names.add(s.metadata.name);
    const primary = s.metadata.annotations?.[ANNOTATIONS.primaryService];

    if (primary) {
      names.add(primary.split('/').pop() || primary);
    }
  });
  const byName = `metadata.labels[${ LB_LABELS.serviceName }] IN (${ [...names].sort().join(',') })`;

  return clusterName === null ? [byName] : [`metadata.labels[${ LB_LABELS.cluster }]=${ clusterName }`, byName];
}

/** The page's LoadBalancers and the IP pools on this guest's Harvester host; null when the host is not readable. */
export async function loadHost(store: StoreLike, guestClusterId: string, clusterName: string | null, services: KubeObject[]): Promise<HostView | null> {
  try {
    const hostId = await findHostClusterId(store, guestClusterId);

    if (!hostId) {
      return null;
    }
    const lbUrl = withQuery(hostListUrl(hostId, HOST_LB_TYPE), HOST_LB_FIELDS) + hostLbFilters(clusterName, services).map((f) => param('filter', f)).join('');
    const [lbs, pools] = await Promise.all([
      services.length ? hostRequest(store, lbUrl) : Promise.resolve({ data: [] }),
      hostRequest(store, withQuery(hostListUrl(hostId, HOST_IP_POOL_TYPE), POOL_FIELDS)),
    ]);

    return {
      lbs: lbs?.data || [], pools: pools?.data || [], clusterName
    };
  } catch (e) {
    return null;
  }
}

/** What a page shows after its Services: the host's LoadBalancers and pools, and the Pending rows' events. */
export async function loadPageDetails(store: StoreLike, guestClusterId: string, clusterName: Promise<string | null>, services: KubeObject[]): Promise<{ host: HostView | null; events: KubeObject[] | null }> {
  const [host, events] = await Promise.all([
    clusterName.then((name) => loadHost(store, guestClusterId, name, services)),
    loadEvents(store, services),
  ]);

  return { host, events };
}
