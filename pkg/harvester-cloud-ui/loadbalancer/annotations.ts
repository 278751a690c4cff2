/**
 * The Service annotations the Harvester cloud provider reads, and the translation between them and the
 * Add-on Config form. Writing is a diff against what the Service had when the form opened, so a field the
 * user did not change keeps its annotation exactly as it was (present, absent or oddly spelled).
 */
export const PREFIX = 'cloudprovider.harvesterhci.io';

export const ANNOTATIONS = {
  ipam:             `${ PREFIX }/ipam`,
  primaryService:   `${ PREFIX }/primary-service`,
  network:          `${ PREFIX }/network`,
  healthCheckPort:  `${ PREFIX }/healthcheck-port`,
  successThreshold: `${ PREFIX }/healthcheck-success-threshold`,
  failureThreshold: `${ PREFIX }/healthcheck-failure-threshold`,
  periodSeconds:    `${ PREFIX }/healthcheck-periodseconds`,
  timeoutSeconds:   `${ PREFIX }/healthcheck-timeoutseconds`,
} as const;

/** The provider's own defaults (seeds 000-002; cloud-provider-harvester pkg/utils/consts.go). */
export const HEALTH_CHECK_DEFAULTS = {
  successThreshold: '1',
  failureThreshold: '3',
  periodSeconds:    '5',
  timeoutSeconds:   '3',
} as const;

export type Ipam = 'pool' | 'dhcp';

export interface HealthCheck {
  enabled: boolean;
  port: string;
  successThreshold: string;
  failureThreshold: string;
  periodSeconds: string;
  timeoutSeconds: string;
}

export interface LbConfig {
  ipam: Ipam;
  /** True when this Service shares the IP of a primary Service (it is a "secondary"). */
  sharing: boolean;
  primaryService: string;
  network: string;
  healthCheck: HealthCheck;
}

export type Annotations = Record<string, string>;

const HEALTH_CHECK_FIELDS = ['successThreshold', 'failureThreshold', 'periodSeconds', 'timeoutSeconds'] as const;
const HEALTH_CHECK_KEYS = [ANNOTATIONS.healthCheckPort, ...HEALTH_CHECK_FIELDS.map((f) => ANNOTATIONS[f])];

/** Reads the form's state from a Service's annotations. A missing IPAM annotation means `pool`, as in the provider. */
export function readLbConfig(annotations: Annotations | null | undefined): LbConfig {
  const a = annotations || {};
  const enabled = HEALTH_CHECK_KEYS.some((k) => k in a);

  return {
    ipam:           a[ANNOTATIONS.ipam] === 'dhcp' ? 'dhcp' : 'pool',
    sharing:        !!a[ANNOTATIONS.primaryService],
    primaryService: a[ANNOTATIONS.primaryService] || '',
    network:        a[ANNOTATIONS.network] || '',
    healthCheck:    {
      enabled,
      port:             a[ANNOTATIONS.healthCheckPort] || '',
      successThreshold: a[ANNOTATIONS.successThreshold] ?? HEALTH_CHECK_DEFAULTS.successThreshold,
      failureThreshold: a[ANNOTATIONS.failureThreshold] ?? HEALTH_CHECK_DEFAULTS.failureThreshold,
      periodSeconds:    a[ANNOTATIONS.periodSeconds] ?? HEALTH_CHECK_DEFAULTS.periodSeconds,
      timeoutSeconds:   a[ANNOTATIONS.timeoutSeconds] ?? HEALTH_CHECK_DEFAULTS.timeoutSeconds,
    },
  };
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
      setOrDelete(out, ANNOTATIONS.primaryService, next.primaryService);
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
    const network = next.ipam === 'dhcp' ? next.network : '';

    if (network !== before.network && (next.ipam === 'dhcp' || next.ipam !== before.ipam)) {
      setOrDelete(out, ANNOTATIONS.network, network);
    }
  }

  const hc = next.healthCheck;

  if (!hc.enabled) {
    if (before.healthCheck.enabled) {
      HEALTH_CHECK_KEYS.forEach((k) => delete out[k]);
    }
  } else {
    const wasOn = before.healthCheck.enabled;

    if (!wasOn || hc.port !== before.healthCheck.port) {
      setOrDelete(out, ANNOTATIONS.healthCheckPort, hc.port.trim());
    }
    HEALTH_CHECK_FIELDS.forEach((f) => {
      if (!wasOn || hc[f] !== before.healthCheck[f]) {
        out[ANNOTATIONS[f]] = hc[f].trim();
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
