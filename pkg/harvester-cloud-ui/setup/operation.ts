/**
 * The helm operation Rancher starts for Apply's `?action=install` (R-SET-10), followed to its end so the page says
 * whether Helm installed the charts, not only that Rancher accepted the request. Rancher answers the install with the
 * Operation's name and namespace (the release's namespace, in the cluster the charts go to: rancher
 * `pkg/api/steve/catalog/operation.go`), then runs Helm in a Pod. Its operation controller
 * (`pkg/controllers/dashboard/helm/operations.go` onOperationChange) writes the helm container's state on the
 * Operation as wrangler kstatus conditions: Reconciling=True while the Pod waits or runs; once Helm exited,
 * `podCreated` and either both False (exit code 0) or Stalled=True with "<termination message> exit code: <n>".
 */
import { StoreLike } from '../data/store';
import { CATALOG_OPERATION } from '../data/typeIds';
import { clusterTypeUrl, proxyRequest } from '../data/clusterProxy';
import { failureOf, StepFailure } from './kubeconfig';

/** How often the set-up page reads the install's operation, and for how long before it says Helm is still at it. */
export const HELM_FOLLOW = { intervalMs: 2000, timeoutMs: 5 * 60000 };

export interface OperationRef {
  namespace: string;
  name: string;
}

export type OperationOutcome =
  | { state: 'running'; message?: string }
  | { state: 'done' }
  | { state: 'failed'; message: string }
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

/** The operation named in an install's answer (`chartActionOutput`), if it names one. */
export function operationOf(answer: unknown): OperationRef | null {
  const a = (answer || {}) as { operationName?: unknown; operationNamespace?: unknown };

  return typeof a.operationName === 'string' && a.operationName && typeof a.operationNamespace === 'string' && a.operationNamespace ? { namespace: a.operationNamespace, name: a.operationName } : null;
}

export interface FollowOptions {
  intervalMs: number;
  /** After this long a running operation is reported as running: the page stops looking, Helm goes on. */
  timeoutMs: number;
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
  const until = now() + opt.timeoutMs;
  const url = clusterTypeUrl(clusterId, `${ CATALOG_OPERATION }s`, ref.namespace, ref.name);

  for (;;) {
    let outcome: OperationOutcome;

    try {
      outcome = operationOutcome(await proxyRequest(store, { url }));
    } catch (e) {
      outcome = { state: 'unreadable', ...failureOf(e) };
    }
    opt.onChange?.(outcome);
    if (outcome.state !== 'running' || now() >= until || opt.stopped?.()) {
      return outcome;
    }
    await sleep(opt.intervalMs);
  }
}
