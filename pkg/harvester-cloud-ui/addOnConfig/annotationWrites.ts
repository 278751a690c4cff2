/**
 * The Add-on Config tab's writes of the provider's annotations (annotations.ts reads them: the Service list's columns
 * in the entry chunk need only that side).
 */
import {
  ANNOTATIONS, Annotations, HEALTH_CHECK_FIELDS, LbConfig, readLbConfig
} from './annotations';

export const HEALTH_CHECK_KEYS: string[] = [ANNOTATIONS.healthCheckPort, ...HEALTH_CHECK_FIELDS.map((f) => ANNOTATIONS[f])];

/** The health-check keys a Service carries (shown when a provider that ignores them offers to remove them). */
export function presentHealthCheckKeys(annotations: Annotations | null | undefined): string[] {
  return HEALTH_CHECK_KEYS.filter((k) => k in (annotations || {}));
}

/** Health-check keys the Service carried when opened and still carries: the ones just added are not stale yet. */
export function carriedHealthCheckKeys(original: Annotations | null | undefined, current: Annotations | null | undefined): string[] {
  const carried = presentHealthCheckKeys(original);

  return presentHealthCheckKeys(current).filter((k) => carried.includes(k));
}

function setOrDelete(out: Annotations, key: string, value: string): void {
  if (value) {
    out[key] = value;
  } else {
    delete out[key];
  }
}

/**
 * Returns the annotations with the form's changes applied: `original` is what the Service carried when the form
 * opened and `next` what the form shows now. Keys outside the provider's are never touched; provider keys whose
 * field the user left alone stay byte for byte.
 */
export function writeLbConfig(original: Annotations | null | undefined, next: LbConfig): Annotations {
  const out: Annotations = { ...(original || {}) };
  const before = readLbConfig(original);

  if (next.sharing) {
    if (!before.sharing || next.primaryService !== before.primaryService) {
      out[ANNOTATIONS.primaryService] = next.primaryService;
    }
    if (!before.sharing) {
      // A secondary has no IPAM of its own and uses the primary's network (the provider copies it).
      delete out[ANNOTATIONS.ipam];
      delete out[ANNOTATIONS.network];
    }
  } else {
    if (before.sharing) {
      delete out[ANNOTATIONS.primaryService];
    }
    if (before.sharing || next.ipam !== before.ipam) {
      out[ANNOTATIONS.ipam] = next.ipam;
    }
    // The network applies to pool and DHCP alike (provider v0.2.7 resolves kube-vip's interface from it; the pool is
    // chosen on the network Harvester's webhook takes from the guest's VMs): it is kept whatever the IPAM.
    if (before.sharing || next.network !== before.network) {
      setOrDelete(out, ANNOTATIONS.network, next.network);
    }
  }

  const hc = next.healthCheck;

  if (!hc.enabled) {
    // Removing the stale keys also takes thresholds left without a port; turning the check back on undoes it.
    if (before.healthCheck.enabled || next.dropHealthCheckKeys) {
      HEALTH_CHECK_KEYS.forEach((k) => delete out[k]);
    }
  } else {
    const wasOn = before.healthCheck.enabled;

    // Written exactly as typed: a value the provider cannot parse is flagged beside its field, never rewritten.
    if (!wasOn || hc.port !== before.healthCheck.port) {
      out[ANNOTATIONS.healthCheckPort] = hc.port;
    }
    HEALTH_CHECK_FIELDS.forEach((f) => {
      if (!wasOn || hc[f] !== before.healthCheck[f]) {
        out[ANNOTATIONS[f]] = hc[f];
      }
    });
  }

  return out;
}

const OWNED_KEYS = Object.values(ANNOTATIONS) as string[];

/** True for the keys this form owns. */
export function isLbAnnotation(key: string): boolean {
  return OWNED_KEYS.includes(key);
}

/**
 * Applies one form edit (`prev` -> `next`) to the Service's current annotations. Only the owned keys whose
 * written value that edit changes are touched, so edits made meanwhile elsewhere on the page (the Labels &
 * Annotations tab) survive, and undoing a change restores the original bytes.
 */
export function applyLbEdit(current: Annotations | null | undefined, original: Annotations | null | undefined, prev: LbConfig, next: LbConfig): Annotations {
  const out: Annotations = { ...(current || {}) };
  const before = writeLbConfig(original, prev);
  const after = writeLbConfig(original, next);

  OWNED_KEYS.forEach((k) => {
    if (before[k] === after[k]) {
      return;
    }
    if (k in after) {
      out[k] = after[k];
    } else {
      delete out[k];
    }
  });

  return out;
}
