/**
 * The binding progress of a PVC restored from a snapshot (R-VSN-14), decided from what Kubernetes says of it:
 * - `status.phase`: Pending until the PV controller binds it to a volume (Bound); Lost when that volume is gone;
 * - while Pending, the claim's latest event of the PV controller or the external-provisioner (kubernetes
 *   pkg/controller/volume/persistentvolume/pv_controller.go `emitEventForUnboundDelayBindingClaim`,
 *   `provisionClaimOperationExternal`; reasons in pkg/controller/volume/events/event.go): `WaitForFirstConsumer`
 *   ("waiting for first consumer to be created before binding"), `WaitForPodScheduled`, `ExternalProvisioning`,
 *   `Provisioning`, `ProvisioningFailed`, `FailedBinding`;
 * - no such event readable: the StorageClass's `volumeBindingMode: WaitForFirstConsumer` without the scheduler's
 *   `volume.kubernetes.io/selected-node` annotation says the same as the event (Kubernetes' volume binding mode:
 *   binding and provisioning wait for a Pod that uses the claim).
 */
import { KubeObject } from '../data/types';

export type BindingPhase = 'pending' | 'bound' | 'lost' | 'missing' | 'unreadable';

export interface ClaimEvent {
  type?: string;
  reason?: string;
  message?: string;
  lastTimestamp?: string;
  eventTime?: string;
  firstTimestamp?: string;
  metadata?: { creationTimestamp?: string };
}

export interface BindingView {
  phase: BindingPhase;
  color: 'success' | 'info' | 'error' | 'warning';
  /** Why it is not Bound yet, in words (`message`: the event's own text, rendered as text). */
  reason: { key: string; message: string } | null;
  /** Look again later: anything but Bound may still become Bound. */
  polling: boolean;
}

const KEY = 'harvesterVolumeSnapshot.binding.reason';

export const SELECTED_NODE = 'volume.kubernetes.io/selected-node';
export const WAIT_FOR_FIRST_CONSUMER = 'WaitForFirstConsumer';

/** The event reasons that explain a Pending claim, the weightiest first (a failure outranks progress of the same second). */
const REASONS: Record<string, { key: string; rank: number; keepMessage: boolean }> = {
  ProvisioningFailed: {
    key: `${ KEY }.provisioningFailed`, rank: 6, keepMessage: true
  },
  FailedBinding: {
    key: `${ KEY }.failedBinding`, rank: 5, keepMessage: true
  },
  WaitForPodScheduled: {
    key: `${ KEY }.podScheduled`, rank: 4, keepMessage: true
  },
  WaitForFirstConsumer: {
    key: `${ KEY }.firstConsumer`, rank: 3, keepMessage: false
  },
  Provisioning: {
    key: `${ KEY }.provisioning`, rank: 2, keepMessage: false
  },
  ExternalProvisioning: {
    key: `${ KEY }.externalProvisioning`, rank: 1, keepMessage: false
  },
};

function when(e: ClaimEvent): string {
  return e.lastTimestamp || e.eventTime || e.firstTimestamp || e.metadata?.creationTimestamp || '';
}

/** The latest event that explains a Pending claim; of the same second, the weightiest. */
export function pendingReason(events: ClaimEvent[]): BindingView['reason'] {
  const known = events.filter((e) => e.reason && REASONS[e.reason]);
  const latest = known.sort((a, b) => when(b).localeCompare(when(a)) || REASONS[b.reason as string].rank - REASONS[a.reason as string].rank)[0];

  if (!latest) {
    return null;
  }
  const rule = REASONS[latest.reason as string];

  return { key: rule.key, message: rule.keepMessage ? latest.message || '' : '' };
}

export function bindingView(
  pvc: KubeObject | null,
  opts: { failure?: 'missing' | 'unreadable'; events?: ClaimEvent[] | null; bindingMode?: string } = {}
): BindingView {
  if (!pvc) {
    // Steve's cache may not hold a claim created a moment ago (404), and a failed read may pass: look again.
    return {
      phase: opts.failure === 'missing' ? 'missing' : 'unreadable', color: 'warning', reason: null, polling: true
    };
  }
  const phase = pvc.status?.phase;

  if (phase === 'Bound') {
    return {
      phase: 'bound', color: 'success', reason: null, polling: false
    };
  }
  if (phase === 'Lost') {
    // Kubernetes binds a Lost claim again if its volume comes back (pv_controller `syncBoundClaim`): keep looking.
    return {
      phase: 'lost', color: 'error', reason: { key: `${ KEY }.lost`, message: '' }, polling: true
    };
  }
  const fromEvents = pendingReason(opts.events || []);
  const waitsForPod = opts.bindingMode === WAIT_FOR_FIRST_CONSUMER && !pvc.metadata.annotations?.[SELECTED_NODE];

  return {
    phase:   'pending',
    color:   'info',
    reason:  fromEvents || { key: `${ KEY }.${ waitsForPod ? 'firstConsumer' : 'waiting' }`, message: '' },
    polling: true,
  };
}

/** How often the tab looks at the restored claim again: binding takes seconds, a wait for a Pod may take hours. */
export const BINDING_POLL_MS = 3000;
