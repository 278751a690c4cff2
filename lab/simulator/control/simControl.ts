/** `/__sim/*`: the simulator's own control API for tests (faults, state reads, reset). Not part of Rancher. */
import { errorResponse } from '../core/errors';
import { isFault } from './faults';
import { lookupType } from '../core/registry';
import {
  compactHistory, getObject, listObjects, resetState, SimState
} from '../core/state';
import { SimResponse } from '../core/types';
import { ok } from '../core/responses';

export const SIM_PREFIX = '/__sim';

export function handleSimControl(state: SimState, method: string, segments: string[], body: unknown): SimResponse {
  const [what, ...rest] = segments;

  if (what === 'faults') {
    if (method === 'GET') {
      return ok(state.faults);
    }
    if (method === 'DELETE') {
      state.faults.length = 0;

      return ok({ cleared: true });
    }
    const faults = Array.isArray(body) ? body : [body];

    if (method !== 'POST' || !faults.every(isFault)) {
      return errorResponse(400, 'BadRequest', 'POST a fault { match: { method?, path?, cluster?, type? }, respond: 409|403|404|422|500|503|"drop"|{ delayMs }, times? } or an array of them');
    }
    state.faults.push(...(faults as any[]));

    return ok({ queued: state.faults.length }, 201);
  }
  if (what === 'reset' && method === 'POST') {
    resetState(state);

    return ok({ reset: true });
  }
  if (what === 'watch' && rest[0] === 'compact' && method === 'POST') {
    compactHistory(state);

    return ok({ compacted: true });
  }
  if (what === 'requests' && method === 'GET') {
    return ok(state.requests);
  }
  if (what === 'state' && method === 'GET') {
    const [cluster, typeName, ...idParts] = rest;
    const c = cluster ? state.clusters[cluster] : undefined;

    if (!c) {
      return errorResponse(404, 'NotFound', `cluster "${ cluster }" not found`);
    }
    const t = typeName ? lookupType(typeName, c.kind) : undefined;

    if (!t) {
      return typeName ? errorResponse(404, 'NotFound', `type "${ typeName }" not found in ${ cluster }`) : ok({
        id: c.id, kind: c.kind, revision: `${ c.revision }`, types: Object.keys(c.objects)
      });
    }
    if (!idParts.length) {
      return ok(listObjects(state, c.id, t.id));
    }
    const obj = getObject(state, c.id, t.id, idParts.join('/'));

    return obj ? ok(obj) : errorResponse(404, 'NotFound', `${ t.id } "${ idParts.join('/') }" not found in ${ cluster }`);
  }

  const extra = what ? state.controls[what] : undefined;

  if (extra) {
    return extra(method, rest, body);
  }

  return errorResponse(404, 'NotFound', `${ SIM_PREFIX }/${ segments.join('/') } not found`);
}
