/**
 * What the Service detail page reads to explain a Pending load balancer: always, the Service's events: one list
 * request, Steve `filter=` on the involved object's kind and uid (indexed; Steve's SQL cache ignores
 * `fieldSelector`); filtered again here, so nothing foreign is ever shown. What only the host knows is lbHost.ts,
 * loaded with LbHostStatus.vue only for a Service without an address.
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { EVENT } from '../data/typeIds';
import { guestList, guestListUrl } from '../data/guest';
import { eq } from '../data/steve';
import { ServiceEvent, loadBalancerEvents } from './pendingReasons';
import { serviceRef } from './services';
import { ANNOTATIONS } from './annotations';

export type EventsResult = { state: 'read'; events: ServiceEvent[] } | { state: 'unreadable' };

/**
 * The Service's events: its namespace, its kind and uid, the fields Steve's SQL cache indexes for Events (rancher/steve
 * v0.10.2 proxy_store.go TypeSpecificIndexedFields; `involvedObject.name` is not, and Steve refuses it with a 422).
 */
function eventsQuery(svc: KubeObject) {
  return {
    namespace: svc.metadata.namespace || 'default',
    filters:   [eq('involvedObject.kind', 'Service'), eq('involvedObject.uid', svc.metadata.uid || '')],
  };
}

/** `<cluster>/v1/events/<namespace>?filter=…`, keeping the query the store's own URL carries. */
export function eventsUrl(store: StoreLike, svc: KubeObject): string {
  return guestListUrl(store, EVENT, eventsQuery(svc));
}

export async function loadServiceEvents(store: StoreLike, svc: KubeObject): Promise<EventsResult> {
  // A Service not stored yet has no uid and no events.
  if (!svc.metadata.uid) {
    return { state: 'read', events: [] };
  }
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
