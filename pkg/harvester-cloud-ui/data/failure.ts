import { requestStatus } from '../shellAdapter/requestError';

/**
 * How a read failed: the one model of a read that may fail (the shell's store rejects with the response, its status set):
 * - absent: 404, the object (or the type) is not there;
 * - forbidden: 401/403, the user may not read it (through Rancher's proxy a 401 means "not allowed there");
 * - unreachable: no answer (the cluster reads' timeout included), the proxy could not reach the cluster's agent
 *   (502/503/504), or the server says it could not connect (namesNoConnection);
 * - error: anything else, with the server's message.
 */
export type ReadFailure = 'absent' | 'forbidden' | 'unreachable' | 'error';

/** A failure of a request that had to succeed (a list, a write): a 404 there is an error like any other. */
export type HttpFailure = Exclude<ReadFailure, 'absent'>;

export interface FailureInfo<F extends ReadFailure = ReadFailure> {
  failure: F;
  status?: number;
  /** The server's message, shown as text. */
  detail?: string;
}

interface RequestError {
  message?: string;
  /** A plain-text answer, as the shell's store hands it on (`{ data }`). */
  data?: unknown;
}

export function httpStatusOf(err: unknown): number | undefined {
  return requestStatus(err);
}

/**
 * Go's words for a connection that failed (net.Dial, a reset, a dial timeout), as a server that could not reach the
 * cluster's kube-apiserver passes them on: Harvester's kubeconfig endpoint answers them as a 422 (R-SET-9), Steve as
 * a 500 or 503; and Rancher's, a 500 `lost connection to cluster: failed to find Session for client stv-cluster-<id>`
 * after 15 s when the cluster's agent is not connected (rancher pkg/api/steve/proxy/proxy.go `dialer`). Whatever the
 * status, the cluster was not reached.
 */
const NO_CONNECTION = /\bdial tcp\b|connection refused|connection reset by peer|no route to host|i\/o timeout|lost connection to cluster/;

export function namesNoConnection(detail: string | undefined): boolean {
  return !!detail && NO_CONNECTION.test(detail);
}

/** What a failed request says, 404 included (`absent`). */
export function readFailureOf(err: unknown): FailureInfo {
  const e = (err || {}) as RequestError;
  const status = httpStatusOf(err);
  const text = typeof e.message === 'string' && e.message ? e.message : typeof e.data === 'string' && e.data ? e.data : undefined;
  const detail = text || (status ? `HTTP ${ status }` : undefined);
  const failure: ReadFailure = status === 404 ? 'absent' : status === 401 || status === 403 ? 'forbidden' : status === undefined || status === 0 || status === 502 || status === 503 || status === 504 || namesNoConnection(detail) ? 'unreachable' : 'error';

  return {
    failure, status, detail
  };
}

/** The same for a request that had to succeed: `absent` is an `error` there. */
export function classifyHttpFailure(err: unknown): FailureInfo<HttpFailure> {
  const f = readFailureOf(err);

  return { ...f, failure: f.failure === 'absent' ? 'error' : f.failure };
}

/** The value, or `fallback` when the read answered 404 (a type the cluster does not have); other failures go on. */
export async function orWhenAbsent<T>(load: Promise<T>, fallback: T): Promise<T> {
  try {
    return await load;
  } catch (e) {
    if (readFailureOf(e).failure === 'absent') {
      return fallback;
    }
    throw e;
  }
}
