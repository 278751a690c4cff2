/**
 * Whether a component's Pods run, from its workload's status as Kubernetes' controllers write it: a Deployment's
 * `status.availableReplicas` of `spec.replicas` (default 1) and its `Available` condition (kube-controller-manager
 * `pkg/controller/deployment`: False, "Deployment does not have minimum availability." when too few are available),
 * a DaemonSet's `status.numberAvailable` of `status.desiredNumberScheduled` (`pkg/controller/daemon`; none desired:
 * not known). Nothing available, or a Deployment scaled to 0, is not running: the provider then makes no load balancer, and the Services stay
 * Pending without a single event (issue 37, fault 2).
 */
import { KubeObject } from '../data/types';

export interface WorkloadRun {
  running: boolean;
  available: number;
  desired: number;
  /** The `Available` condition's message when it is False (a Deployment's), else ''. */
  message: string;
}

export function workloadRun(w: KubeObject | null | undefined): WorkloadRun | null {
  if (!w?.status) {
    return null;
  }
  const daemonSet = (w as { kind?: string }).kind === 'DaemonSet' || w.status.desiredNumberScheduled !== undefined;
  const desired = daemonSet ? w.status.desiredNumberScheduled || 0 : w.spec?.replicas ?? 1;

  // A DaemonSet meant for no node says nothing of whether it would run (no node matched yet, or no controller wrote
  // its status yet): not known, rather than "0 of 0".
  if (daemonSet && desired === 0) {
    return null;
  }
  const available = (daemonSet ? w.status.numberAvailable : w.status.availableReplicas) || 0;
  const condition = (w.status.conditions || []).find((c: { type?: string; status?: string }) => c.type === 'Available' && c.status === 'False');

  return {
    running: desired > 0 && available > 0, available, desired, message: condition?.message || ''
  };
}
