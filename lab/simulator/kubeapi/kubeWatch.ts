/**
 * Kubernetes watches over HTTP (`?watch=1`): a chunked stream of `{"type": ADDED|MODIFIED|DELETED, "object": …}`
 * lines from the simulator's change feed, for one resource type, optionally one namespace, one name
 * (`fieldSelector=metadata.name=…`) or a label selector. Without a resourceVersion (or "0") the existing objects
 * come first as ADDED, as the API server does. From a resourceVersion, the events since are replayed from the
 * state's watch history (kubeWatchHistory, started with the servers), or a 410 Expired ERROR when it is too old.
 */
import { ServerResponse } from 'node:http';
import { EventHistory } from '../watch/eventHistory';
import { canSeeObject } from '../rancher/access';
import { fieldSelectorMatcher, labelSelectorMatcher } from '../kube/selectors';
import { listObjects, SimState } from '../core/state';
import { ChangeEvent, KubeObject, SimUser } from '../core/types';
import { KubeTarget, table } from './kubeApi';

const TYPES: Record<ChangeEvent['name'], string> = {
  'resource.create': 'ADDED', 'resource.change': 'MODIFIED', 'resource.remove': 'DELETED'
};

export function isWatch(query: URLSearchParams): boolean {
  return ['1', 'true'].includes(query.get('watch') || '');
}

export function serveKubeWatch(state: SimState, user: SimUser, clusterId: string, target: KubeTarget, query: URLSearchParams, res: ServerResponse, asTable = false): void {
  const cluster = state.clusters[clusterId];
  const { t, namespace, name } = target;
  const labels = query.get('labelSelector') ? labelSelectorMatcher(query.get('labelSelector') as string) : () => true;
  const fields = query.get('fieldSelector') ? fieldSelectorMatcher(query.get('fieldSelector') as string) : () => true;
  const wanted = (o: KubeObject) => (!namespace || o.metadata.namespace === namespace) && (!name || o.metadata.name === name) && labels(o.metadata.labels) && fields(o) && canSeeObject(user, cluster, t, o);
  // kubectl get -w asks for Tables: each event's object is then a one-row Table, as the API server sends.
  const write = (type: string, object: KubeObject) => res.write(`${ JSON.stringify({ type, object: asTable ? table(t, [object], object.metadata.resourceVersion || '') : object }) }\n`);

  res.writeHead(200, {
    'content-type': 'application/json', 'transfer-encoding': 'chunked', 'cache-control': 'no-cache'
  });
  // The API server answers a watch at once; the events follow as they happen.
  res.flushHeaders();
  const rv = query.get('resourceVersion');

  if (!rv || rv === '0') {
    listObjects(state, clusterId, t.id).filter(wanted).forEach((o) => write('ADDED', o));
  } else {
    // From a resourceVersion: what happened since, as the API server's watch cache replays it (differential test).
    const past = kubeWatchHistory(state).since(clusterId, parseInt(rv, 10) || 0);

    if (past === null) {
      res.end(`${ JSON.stringify({
        type:   'ERROR',
        object: {
          kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `too old resource version: ${ rv }`, reason: 'Expired', code: 410
        }
      }) }\n`);

      return;
    }
    past.filter((ev) => ev.type === t.id && wanted(ev.object)).forEach((ev) => write(TYPES[ev.name], ev.object));
  }
  const stop = state.on('change', (ev) => {
    if (ev.cluster === clusterId && ev.type === t.id && wanted(ev.object)) {
      write(TYPES[ev.name], ev.object);
    }
  });
  const timeout = parseInt(query.get('timeoutSeconds') || '', 10);
  const timer = Number.isFinite(timeout) && timeout > 0 ? setTimeout(() => res.end(), timeout * 1000) : null;

  res.on('close', () => {
    stop();
    if (timer) {
      clearTimeout(timer);
    }
  });
}

const histories = new WeakMap<SimState, EventHistory>();

/** The writes kube watches replay from a resourceVersion; the servers start it so it covers their whole life. */
export function kubeWatchHistory(state: SimState): EventHistory {
  let h = histories.get(state);

  if (!h) {
    h = new EventHistory(state);
    histories.set(state, h);
  }

  return h;
}
