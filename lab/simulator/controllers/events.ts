/**
 * Kubernetes' event recorder (client-go tools/record): an Event in the object's namespace with the object as
 * `involvedObject`; a repeat of the same reason and message on the same object raises `count` and
 * `lastTimestamp` instead of adding an event (the recorder's EventCorrelator).
 */
import { newUid } from '../core/ids';
import { getObject, listObjects, SimState, storeObject } from '../core/state';
import { KubeObject } from '../core/types';

export interface EventSource {
  component: string;
  host?: string;
}

/**
 * Where event times come from: the wall clock, or a clock of its own while the demo seed replays the past
 * (lab/world/settle.ts), so the events of one sync keep their order to the second.
 */
export const eventClock = { now: (): number => Date.now() };

function now(): string {
  return new Date(eventClock.now()).toISOString().replace(/\.\d+Z$/, 'Z');
}

/** client-go names events `<object name>.<unix nanoseconds in hex>`; milliseconds and a counter here (exact in a JS number). */
let sequence = 0;

export function recordEvent(state: SimState, clusterId: string, obj: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string, source: EventSource): KubeObject {
  const ns = obj.metadata.namespace || 'default';
  const same = listObjects(state, clusterId, 'event').find((e) => e.involvedObject?.uid === obj.metadata.uid && e.reason === reason && e.message === message);
  const at = now();

  if (same) {
    const next = {
      ...same, count: (same.count || 1) + 1, lastTimestamp: at
    };

    return storeObject(state, clusterId, 'event', next);
  }
  let name = '';

  do {
    name = `${ obj.metadata.name }.${ eventClock.now().toString(16) }${ (sequence++ % 0x10000).toString(16).padStart(4, '0') }`;
  } while (getObject(state, clusterId, 'event', `${ ns }/${ name }`));
  const event: KubeObject = {
    apiVersion: 'v1',
    kind:       'Event',
    metadata:   {
      name, namespace: ns, uid: newUid(`${ clusterId }/event/${ name }`), creationTimestamp: at
    },
    involvedObject: {
      kind: obj.kind, namespace: ns, name: obj.metadata.name, uid: obj.metadata.uid, apiVersion: obj.apiVersion, resourceVersion: obj.metadata.resourceVersion
    },
    type,
    reason,
    message,
    source,
    firstTimestamp:     at,
    lastTimestamp:      at,
    count:              1,
    reportingComponent: source.component,
    reportingInstance:  source.host || '',
  };

  return storeObject(state, clusterId, 'event', event);
}
