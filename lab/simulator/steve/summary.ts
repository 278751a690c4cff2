import { KubeObject } from '../core/types';

/** Steve's `metadata.state`: a one-word state plus whether it is an error or still changing. */
export interface StateSummary {
  name: string;
  error: boolean;
  transitioning: boolean;
  message: string;
}

/**
 * wrangler pkg/summary: an object with nothing to report is "active" with kstatus' message for a current
 * resource (a Service's is its own), as the recorded responses show.
 */
const ok = (name = 'active', message = 'Resource is current'): StateSummary => ({
  name, error: false, transitioning: false, message
});

function conditionsOf(obj: KubeObject): { type: string; status: string; message?: string; reason?: string }[] {
  return Array.isArray(obj.status?.conditions) ? obj.status.conditions : [];
}

/**
 * A small version of wrangler's summarizers: the cases the demo data shows (pending load balancers, failed
 * conditions, pod phases, VM status). Everything else is "active".
 */
export function summarize(typeId: string, obj: KubeObject): StateSummary {
  if (typeId === 'service' && obj.spec?.type === 'LoadBalancer' && !(obj.status?.loadBalancer?.ingress || []).length) {
    // As the real Steve v0.10.2 says it (measured by tests/real/steveDifferential.real.ts): wrangler's summary joins
    // the Service's "ready" message before the load balancer's.
    return {
      name: 'pending', error: false, transitioning: true, message: 'Service is ready:Load balancer is being provisioned'
    };
  }
  if (typeId === 'pod') {
    const phase = `${ obj.status?.phase || 'Pending' }`.toLowerCase();

    return {
      ...ok(phase, ''), transitioning: phase === 'pending', error: phase === 'failed'
    };
  }
  if ((typeId === 'persistentvolumeclaim' || typeId === 'persistentvolume') && obj.status?.phase) {
    // wrangler's checkPhase: the phase, lowercased, with no message.
    return ok(`${ obj.status.phase }`.toLowerCase(), '');
  }
  if (typeId === 'service') {
    return ok('active', 'Service is ready');
  }
  if (typeId === 'kubevirt.io.virtualmachine' && obj.status?.printableStatus) {
    return ok(`${ obj.status.printableStatus }`.toLowerCase());
  }
  if (typeId === 'kubevirt.io.virtualmachineinstance' && obj.status?.phase) {
    return ok(`${ obj.status.phase }`.toLowerCase());
  }
  if (typeId === 'node') {
    const ready = conditionsOf(obj).find((c) => c.type === 'Ready');

    if (ready && ready.status !== 'True') {
      return {
        name: 'unavailable', error: true, transitioning: false, message: ready.message || 'node is not ready'
      };
    }
    if (obj.spec?.unschedulable) {
      return ok('cordoned');
    }
  }
  if (obj.metadata.deletionTimestamp) {
    return {
      name: 'removing', error: false, transitioning: true, message: ''
    };
  }
  const failed = conditionsOf(obj).find((c) => ['Ready', 'Available'].includes(c.type) && c.status === 'False');

  if (failed) {
    // A reason and message on a False Ready condition is how controllers report errors.
    const isError = !!failed.message && typeId.startsWith('loadbalancer.harvesterhci.io');

    return {
      name: isError ? 'error' : 'pending', error: isError, transitioning: !isError, message: failed.message || ''
    };
  }
  const transitioning = conditionsOf(obj).find((c) => c.type === 'Progressing' && c.status === 'Unknown');

  if (transitioning) {
    return {
      name: 'in-progress', error: false, transitioning: true, message: transitioning.message || ''
    };
  }

  // wrangler's summary of kstatus conditions (Rancher's helm operations): Stalled=True is an error (checkErrors'
  // fallback mapping), Reconciling=True work under way (TransitioningTrue, state "reconciling").
  const stalled = conditionsOf(obj).find((c) => c.type === 'Stalled' && c.status === 'True');

  if (stalled) {
    return {
      name: 'error', error: true, transitioning: false, message: stalled.message || ''
    };
  }
  const reconciling = conditionsOf(obj).find((c) => c.type === 'Reconciling' && c.status === 'True');

  if (reconciling) {
    return {
      name: 'reconciling', error: false, transitioning: true, message: reconciling.message || ''
    };
  }

  return ok();
}
