/**
 * Kubernetes watches over HTTP (`?watch=1`): a chunked stream of `{"type": ADDED|MODIFIED|DELETED, "object": …}`
 * lines from the simulator's change feed, for one resource type, optionally one namespace, one name
 * (`fieldSelector=metadata.name=…`) or a label selector. Without a resourceVersion (or "0") the existing objects
 * come first as ADDED, as the API server does. Events between a list and a watch from its resourceVersion are
 * not replayed (the simulator keeps no watch cache here): the window is one event loop turn.
 */
import { ServerResponse } from 'node:http';
import { canSeeObject } from '../steve/access';
import { fieldSelectorMatcher, labelSelectorMatcher } from '../steve/selectors';
import { listObjects, SimState } from '../steve/state';
import { ChangeEvent, KubeObject } from '../steve/types';
import { SimUser } from '../steve/users';
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
