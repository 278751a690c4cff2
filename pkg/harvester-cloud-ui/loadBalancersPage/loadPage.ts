/**
 * The Load Balancers page's requests, all plain guest / host requests of partial objects (never into the store; see
 * addOnConfig/lbContext.ts why), the Steve queries written with data/steve.ts:
 * - one page of LoadBalancer Services, server-side paginated like the shell's lists: `spec.type=LoadBalancer`, the
 *   page and its size, and the sort and filters Steve indexes (listControls.ts), only the fields the rows read;
 * - ONE events list per page, only when the page has Pending rows: their load-balancer events, filtered on fields
 *   Steve's SQL cache indexes for Events (`involvedObject.kind`, `involvedObject.uid`, `reason`);
 * - per page, the host's LoadBalancers of that page's Services, and the host's IP pools, when the host is readable.
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { EVENT, HOST_IP_POOL, HOST_LB, SERVICE } from '../data/typeIds';
import { GuestQuery, guestCollection, guestList } from '../data/guest';
import { hostList } from '../data/clusterProxy';
import { classifyHttpFailure } from '../data/failure';
import {
  Filter, eq, label, listUrl, oneOf
} from '../data/steve';
import { lookUpHost } from '../environment/host';
import { LB_LABELS } from '../addOnConfig/hostLoadBalancer';
import { SERVICE_FIELDS } from '../addOnConfig/serviceFields';
import { ANNOTATIONS } from '../addOnConfig/annotations';
import { ingressAddress } from '../addOnConfig/services';
import { FAILURE_REASONS } from '../addOnConfig/pendingReasons';
import { HostView } from './rows';
import { Controls, serverQuery } from './listControls';
import { LbHostProblem } from './access';

export const PAGE_SIZE = 100;

export const EVENT_FIELDS = ['involvedObject', 'reason', 'message', 'type', 'count', 'lastTimestamp', 'eventTime', 'firstTimestamp'];
export const HOST_LB_FIELDS = ['metadata.name', 'metadata.namespace', 'metadata.labels', 'metadata.annotations', 'spec.ipPool', 'spec.workloadType', 'status.allocatedAddress'];
export const POOL_FIELDS = ['metadata.name', 'metadata.labels', 'spec.selector'];

export interface PageQuery {
  page: number;
  controls: Controls;
}

function servicesPageQuery(q: PageQuery, pageSize = PAGE_SIZE): GuestQuery {
  const { sort, filters } = serverQuery(q.controls);

  return {
    include: SERVICE_FIELDS, pageSize, page: Math.max(1, q.page), sort, filters: [eq('spec.type', 'LoadBalancer'), ...filters]
  };
}

/** `base`: the Services' collection URL. */
export function servicesPageUrl(base: string, q: PageQuery, pageSize = PAGE_SIZE): string {
  return listUrl(base, servicesPageQuery(q, pageSize));
}

/** The reasons `currentFailure` reads: the failures and the success that ends them. */
export const EVENT_REASONS = [...FAILURE_REASONS, 'EnsuredLoadBalancer'];

/** The load-balancer events of the given Services (by uid: a recreated Service's old events stay out). */
function eventsQuery(uids: string[]): GuestQuery {
  return { include: EVENT_FIELDS, filters: [eq('involvedObject.kind', 'Service'), oneOf('involvedObject.uid', uids), oneOf('reason', EVENT_REASONS)] };
}

/** `base`: the Events' collection URL. */
export function eventsUrl(base: string, uids: string[]): string {
  return listUrl(base, eventsQuery(uids));
}

export interface ServicesPage {
  services: KubeObject[];
  count: number;
  pages: number;
}

export async function loadServicesPage(store: StoreLike, q: PageQuery): Promise<ServicesPage> {
  const res = await guestCollection(store, SERVICE, servicesPageQuery(q));
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
    return await guestList(store, EVENT, eventsQuery(uids));
  } catch (e) {
    return null;
  }
}

/**
 * The host filters for the LoadBalancers of one page: this guest's (`cloudprovider.harvesterhci.io/cluster`, when the
 * provider's cluster name is known) of the page's Services and their primaries, by `serviceName IN (…)` (provider
 * v0.2.0+ labels): a page of 100 asks for at most about 100 LoadBalancers, whatever the cluster's size.
 */
export function hostLbFilters(clusterName: string | null, services: KubeObject[]): Filter[] {
  const names = new Set<string>();

  services.forEach((s) => {
    names.add(s.metadata.name);
    const primary = s.metadata.annotations?.[ANNOTATIONS.primaryService];

    if (primary) {
      names.add(primary.split('/').pop() || primary);
    }
  });
  const byName = oneOf(label(LB_LABELS.serviceName), [...names].sort());

  return clusterName === null ? [byName] : [eq(label(LB_LABELS.cluster), clusterName), byName];
}

export interface HostRead {
  /** null when the host is not readable: `problem` says why. */
  view: HostView | null;
  problem: LbHostProblem | null;
}

/** The page's LoadBalancers and the IP pools on this guest's Harvester host, or why they cannot be read. */
export async function loadHost(store: StoreLike, guestClusterId: string, clusterName: string | null, services: KubeObject[]): Promise<HostRead> {
  try {
    const { id: hostId, unknown } = await lookUpHost(store, guestClusterId);

    if (!hostId) {
      return { view: null, problem: unknown };
    }
    const [lbs, pools] = await Promise.all([
      services.length ? hostList(store, hostId, HOST_LB, { include: HOST_LB_FIELDS, filters: hostLbFilters(clusterName, services) }) : Promise.resolve([]),
      hostList(store, hostId, HOST_IP_POOL, { include: POOL_FIELDS }),
    ]);

    return {
      view: {
        lbs, pools, clusterName
      },
      problem: null
    };
  } catch (e) {
    return { view: null, problem: classifyHttpFailure(e).failure === 'forbidden' ? 'forbidden' : 'unreachable' };
  }
}

/** What a page shows after its Services: the host's LoadBalancers and pools, and the Pending rows' events. */
export async function loadPageDetails(store: StoreLike, guestClusterId: string, clusterName: Promise<string | null>, services: KubeObject[]): Promise<{ host: HostRead; events: KubeObject[] | null }> {
  const [host, events] = await Promise.all([
    clusterName.then((name) => loadHost(store, guestClusterId, name, services)),
    loadEvents(store, services),
  ]);

  return { host, events };
}
