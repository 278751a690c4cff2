/**
 * What the Service detail page reads to explain a Pending load balancer, in one place:
 * - always, the Service's events: one list request, Steve `filter=` on the involved object's kind and uid (indexed;
 *   Steve's SQL cache ignores `fieldSelector`); filtered again here, so nothing foreign is ever shown;
 * - only while the Service has no address and the host is readable, the Harvester LoadBalancer (found by the name
 *   the provider gives it), as the page did before;
 * - the host's IP pools only on demand (`loadPoolVerdicts`), offered when the LoadBalancer's Ready message is about
 *   pools: opening the page costs one request more than before, the events.
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { EVENT, HOST_IP_POOL, HOST_LB } from '../data/typeIds';
import { guestList, guestListUrl } from '../data/guest';
import { hostList } from '../data/clusterProxy';
import { eq } from '../data/steve';
import { classifyHttpFailure } from '../data/failure';
import { findHostClusterId } from '../environment/hostCluster';
import { HostLbStatus, LB_LABELS, describeHostLb, hostLbFilter } from './hostLoadBalancer';
import { loadBalancerName } from './hostLbName';
import { PoolVerdict, matchPoolsWithRule } from './ipPoolMatch';
import { ServiceEvent, explainMessage, loadBalancerEvents } from './pendingReasons';
import { serviceRef } from './services';
import { ANNOTATIONS } from './annotations';

export type EventsResult = { state: 'read'; events: ServiceEvent[] } | { state: 'unreadable' };

/** The Service's events: its namespace, its kind and uid (its name before it has one). */
function eventsQuery(svc: KubeObject) {
  return {
    namespace: svc.metadata.namespace || 'default',
    filters:   [eq('involvedObject.kind', 'Service'), svc.metadata.uid ? eq('involvedObject.uid', svc.metadata.uid) : eq('involvedObject.name', svc.metadata.name)],
  };
}

/** `<cluster>/v1/events/<namespace>?filter=…`, keeping the query the store's own URL carries. */
export function eventsUrl(store: StoreLike, svc: KubeObject): string {
  return guestListUrl(store, EVENT, eventsQuery(svc));
}

export async function loadServiceEvents(store: StoreLike, svc: KubeObject): Promise<EventsResult> {
  try {
    return { state: 'read', events: loadBalancerEvents(await guestList(store, EVENT, eventsQuery(svc)), svc) };
  } catch (e) {
    return { state: 'unreadable' };
  }
}

/** The Service whose Harvester LoadBalancer serves this one: itself, or its primary for a secondary. */
export function loadBalancerOwner(svc: KubeObject, services: KubeObject[]): KubeObject | null {
  const primary = svc.metadata.annotations?.[ANNOTATIONS.primaryService];

  if (primary === undefined) {
    return svc;
  }

  return services.find((s) => serviceRef(s) === primary) || null;
}

export type HostLbResult =
  | { state: 'found'; status: HostLbStatus; hostId: string; lb: KubeObject; poolsRelevant: boolean }
  | { state: 'absent'; expectedName: string | null }
  | { state: 'unreadable'; reason: 'noHost' | 'forbidden' | 'unreachable' | 'error' };

/** Picks the provider's LoadBalancer for `owner` among those listed: by its exact name, else by its labels. */
export function pickHostLb(lbs: KubeObject[], owner: KubeObject, clusterName: string | null): KubeObject | null {
  const ns = owner.metadata.namespace || 'default';
  const expected = clusterName !== null && owner.metadata.uid ? loadBalancerName(clusterName, ns, owner.metadata.name, owner.metadata.uid) : null;

  return lbs.find((lb) => expected && lb.metadata.name === expected) ||
    lbs.find((lb) => lb.metadata.labels?.[LB_LABELS.serviceNamespace] === ns && lb.metadata.labels?.[LB_LABELS.serviceName] === owner.metadata.name) ||
    null;
}

export async function loadHostLoadBalancer(store: StoreLike, guestClusterId: string, owner: KubeObject, clusterName: string | null): Promise<HostLbResult> {
  let hostId: string | null;

  try {
    hostId = await findHostClusterId(store, guestClusterId);
  } catch (e) {
    hostId = null;
  }
  if (!hostId) {
    return { state: 'unreadable', reason: 'noHost' };
  }
  const ns = owner.metadata.namespace || 'default';

  try {
    const lbs = await hostList(store, hostId, HOST_LB, { filters: hostLbFilter(clusterName, ns, owner.metadata.name) });
    const lb = pickHostLb(lbs, owner, clusterName);
    const status = describeHostLb(lb);

    if (!lb || !status) {
      const expectedName = clusterName !== null && owner.metadata.uid ? loadBalancerName(clusterName, ns, owner.metadata.name, owner.metadata.uid) : null;

      return { state: 'absent', expectedName };
    }
    // Pools are the question for a pool load balancer without an address whose Ready message is about pools.
    const aboutPools = !status.messages.length || status.messages.some((m) => ['noMatchingPool', 'poolExhausted'].includes(explainMessage(m).cause));

    return {
      state: 'found', status, hostId, lb, poolsRelevant: !status.address && status.ipam !== 'dhcp' && aboutPools
    };
  } catch (e) {
    return { state: 'unreadable', reason: classifyHttpFailure(e).failure };
  }
}

/** The host's IP pools, each with its verdict for this LoadBalancer; null when they cannot be read. */
export async function loadPoolVerdicts(store: StoreLike, hostId: string, lb: KubeObject): Promise<PoolVerdict[] | null> {
  try {
    return matchPoolsWithRule(await hostList(store, hostId, HOST_IP_POOL), lb);
  } catch (e) {
    return null;
  }
}
