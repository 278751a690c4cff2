/**
 * Kubernetes' error body (a `Status`), made from the simulator's Steve error for the same failure: the API server
 * answers kubectl with `{kind: Status, status: Failure, reason, message, details, code}` where Steve wraps the same
 * message as `{type: error, code, message}`.
 */
import { SimResponse } from '../core/types';

export function status(code: number, reason: string, message: string, details?: Record<string, unknown>): SimResponse {
  return {
    status:  code,
    headers: { 'content-type': 'application/json' },
    body:    {
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, ...(details ? { details } : {}), code
    },
  };
}

/** A Steve answer as the Kubernetes API gives it: errors become Status objects, objects lose Steve's decorations. */
export function fromSteveError(res: SimResponse, details?: Record<string, unknown>): SimResponse {
  const body: any = res.body;

  return status(res.status, body?.code || 'InternalError', body?.message || '', details);
}
