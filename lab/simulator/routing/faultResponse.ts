/** Faults injected through the control API (control/faults.ts), answered as Steve or Norman would answer that status. */
import {
  conflict, errorResponse, forbidden, invalid, notFound
} from '../core/errors';
import { Fault, SimResponse, Verb, SimUser } from '../core/types';
import { SteveTarget } from './steveTarget';

function verbFor(method: string, hasId: boolean): Verb {
  switch (method) {
  case 'POST':
    return 'create';
  case 'PUT':
    return 'update';
  case 'PATCH':
    return 'patch';
  case 'DELETE':
    return 'delete';
  default:
    return hasId ? 'get' : 'list';
  }
}

/** What an injected fault answers in place of the real handler. */
export function faultResponse(fault: Fault, user: SimUser, target: SteveTarget | null, method: string): SimResponse | null {
  const r = fault.respond;
  const t = target?.t;
  const name = target?.name || '';

  if (typeof r === 'object') {
    return null; // delays are applied by the caller around the real answer
  }
  if (r === 'drop') {
    return {
      status: 0, headers: {}, body: null, drop: true
    };
  }
  switch (r) {
  case 409:
    return t ? conflict(t, name) : errorResponse(409, 'Conflict', 'the object has been modified; please apply your changes to the latest version and try again');
  case 403:
    return t ? forbidden(user, t, verbFor(method, !!target?.id), target?.namespace, target?.name) : errorResponse(403, 'Forbidden', 'forbidden');
  case 404:
    return notFound(t, name);
  case 422:
    return t ? invalid(t, name, ['metadata: Invalid value: "simulated": rejected by a fault injected for a test']) : errorResponse(422, 'Invalid', 'rejected by a fault injected for a test');
  case 502:
    // Rancher's cluster proxy when the cluster's connection closes before it answers (what a user meets of a drop:
    // the browser itself retries a request whose kept-alive connection was closed unanswered).
    return errorResponse(502, 'BadGateway', 'bad gateway: the connection to the cluster closed before it answered');
  case 503:
    return errorResponse(503, 'ServiceUnavailable', 'the server is currently unable to handle the request');
  default:
    return errorResponse(r, 'ServerError', 'Internal error occurred: a fault injected for a test');
  }
}
