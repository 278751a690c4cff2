/**
 * The helm operation Rancher starts for Apply's `?action=install` (R-SET-10), followed to its end so the page says
 * whether Helm installed the charts, not only that Rancher accepted the request. Rancher answers the install with the
 * Operation's name and namespace (the release's namespace, in the cluster the charts go to: rancher
 * `pkg/api/steve/catalog/operation.go`), then runs Helm in a Pod. Its operation controller
 * (`pkg/controllers/dashboard/helm/operations.go` onOperationChange) writes the helm container's state on the
 * Operation as wrangler kstatus conditions: Reconciling=True while the Pod waits or runs; once Helm exited,
 * `podCreated` and either both False (exit code 0) or Stalled=True with "<termination message> exit code: <n>". The
 * shell image's helm-cmd writes no termination message and runs helm under xargs, so a failure reads " exit code: 123"
 * (Rancher 2.15): Helm's own words are in the Operation's log (its `logs` link, Apps → Recent Operations → View Logs),
 * whose last `Error:` line the page shows.
 */
import { StoreLike } from '../data/store';
import { CATALOG_OPERATION } from '../data/typeIds';
import { clusterTypeUrl, proxyRequest } from '../data/clusterProxy';
import { failureOf, StepFailure } from './kubeconfig';

/** How often the set-up page reads the install's operation, and for how long before it says Helm is still at it. */
export const HELM_FOLLOW = {
  intervalMs: 2000, timeoutMs: 5 * 60000, graceMs: 10000
};

export interface OperationRef {
  namespace: string;
  name: string;
}

export type OperationOutcome =
  | { state: 'running'; message?: string }
  | { state: 'done' }
  | { state: 'failed'; message: string; helm?: string }
  | ({ state: 'unreadable' } & StepFailure);

type Condition = { type?: string; status?: string; message?: string };

/** What the Operation says of Helm: still running, done, or failed with Rancher's words. */
export function operationOutcome(op: { status?: { podCreated?: boolean; conditions?: Condition[] } } | null | undefined): OperationOutcome {
  const conditions = op?.status?.conditions || [];
  const condition = (type: string) => conditions.find((c) => c.type === type);
  const stalled = condition('Stalled');
  const reconciling = condition('Reconciling');

  if (stalled?.status === 'True') {
    // Trimmed: with no termination message Rancher's words start with a space (" exit code: 1").
    return { state: 'failed', message: (stalled.message || '').trim() };
  }
  // Before the helm container has a state the controller writes no condition: the Pod is still to run.
  if (!op?.status?.podCreated || reconciling?.status !== 'False') {
    return reconciling?.message ? { state: 'running', message: reconciling.message } : { state: 'running' };
  }

  return { state: 'done' };
}

/** Helm's own words in an operation's log: its last `Error: …` line (Helm prints its failures so), else nothing. */
export function helmError(log: string): string | undefined {
  const errors = log.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('Error:'));

  return errors.length ? errors[errors.length - 1] : undefined;
}

/** The operation named in an install's answer (`chartActionOutput`), if it names one. */
export function operationOf(answer: unknown): OperationRef | null {
  const a = (answer || {}) as { operationName?: unknown; operationNamespace?: unknown };

  return typeof a.operationName === 'string' && a.operationName && typeof a.operationNamespace === 'string' && a.operationNamespace ? { namespace: a.operationNamespace, name: a.operationName } : null;
}

export interface FollowOptions {
  intervalMs: number;
  /** After this long a running operation is reported as running: the page stops looking, Helm goes on. */
  timeoutMs: number;
  /**
   * For this long a 404 means "not seen yet", not "gone": Steve may answer from its informer cache, filled by a watch
   * after Rancher created the Operation (R-VSN-16).
   */
  graceMs?: number;
  onChange?: (outcome: OperationOutcome) => void;
  /** True once nobody looks (the page was left): the reads stop. */
  stopped?: () => boolean;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Reads the Operation until Helm is done or failed, a read fails, or the time is up; returns the last outcome. */
export async function followOperation(store: StoreLike, clusterId: string, ref: OperationRef, opt: FollowOptions): Promise<OperationOutcome> {
  const sleep = opt.sleep || ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = opt.now || Date.now;
  const start = now();
  const until = start + opt.timeoutMs;
  const url = clusterTypeUrl(clusterId, `${ CATALOG_OPERATION }s`, ref.namespace, ref.name);

  for (;;) {
    let outcome: OperationOutcome;

    try {
      outcome = operationOutcome(await proxyRequest(store, { url }));
    } catch (e) {
      const failure = failureOf(e);

      outcome = failure.status === 404 && now() - start < (opt.graceMs || 0) ? { state: 'running' } : { state: 'unreadable', ...failure };
    }
    if (outcome.state === 'failed') {
      outcome = { ...outcome, ...await helmLog(store, url) };
    }
    opt.onChange?.(outcome);
    if (outcome.state !== 'running' || now() >= until || opt.stopped?.()) {
      return outcome;
    }
    await sleep(opt.intervalMs);
  }
}

/** The helm container's log through the Operation's `logs` link; nothing when it cannot be read (it is only a help). */
async function helmLog(store: StoreLike, url: string): Promise<{ helm?: string }> {
  try {
    const r = await proxyRequest<string | { data?: unknown }>(store, { url: `${ url }/logs?container=helm` });
    // The store hands a text answer over as `{ data: <text> }`.
    const text = typeof r === 'string' ? r : typeof r?.data === 'string' ? r.data : '';
    const helm = helmError(text);

    return helm ? { helm } : {};
  } catch (e) {
    return {};
  }
}
