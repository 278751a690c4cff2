import { requestStatus } from '../shellAdapter/requestError';

/**
 * The one classifier of failed requests (the shell's store rejects with the response, `_status` set):
 * - forbidden: 401/403, the user may not read it (through Rancher's proxy a 401 means "not allowed there");
 * - unreachable: no answer, or the proxy could not reach the cluster's agent (502/503/504);
 * - error: anything else, with the server's message.
 */
export type HttpFailure = 'forbidden' | 'unreachable' | 'error';

interface RequestError {
  message?: string;
}

export function httpStatusOf(err: unknown): number | undefined {
  return requestStatus(err);
}

export function classifyHttpFailure(err: unknown): { failure: HttpFailure; status?: number; detail?: string } {
  const e = (err || {}) as RequestError;
  const status = httpStatusOf(err);
  const detail = typeof e.message === 'string' && e.message ? e.message : (status ? `HTTP ${ status }` : undefined);

  if (status === 401 || status === 403) {
    return {
      failure: 'forbidden', status, detail
    };
  }
  if (status === undefined || status === 0 || status === 502 || status === 503 || status === 504) {
    return {
      failure: 'unreachable', status, detail
    };
  }

  return {
    failure: 'error', status, detail
  };
}
