/**
 * The HTTP status of a failed store request. The shell's store rejects with the response body and sets `_status`
 * on it (shell/plugins/dashboard-store/actions.js `request`); axios-style errors carry `response.status`.
 */
interface RequestErrorLike {
  _status?: number;
  status?: number;
  response?: { status?: number };
}

export function requestStatus(err: unknown): number | undefined {
  const e = (err || {}) as RequestErrorLike;

  return e._status ?? e.response?.status ?? (typeof e.status === 'number' ? e.status : undefined);
}
