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

/**
 * The defaults cloud-provider-harvester v0.1.x uses for a threshold it was not given
 * (`pkg/cloud-controller-manager/annotation.go`, `defaultValue` in `loadBalancer.go`, tag v0.1.5).
 */
export const HEALTH_CHECK_DEFAULTS = {
  successThreshold: '1',
  failureThreshold: '3',
  periodSeconds:    '5',
  timeoutSeconds:   '3',
} as const;

export type Ipam = 'pool' | 'dhcp';
/** What the annotation makes of the load balancer: `invalid` when Harvester's LoadBalancer CRD refuses the value. */
export type IpamMode = Ipam | 'invalid';

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
  /**
   * The IPAM annotation exactly as written; undefined when absent. The provider copies any value to the Harvester
   * LoadBalancer, whose CRD accepts only `pool` and `dhcp` (R-IPAM-1): see `ipamMode`.
   */
  ipamRaw?: string;
  /** Set by "remove the health-check annotations": while the check is off, every health-check key goes, port or not. */
  dropHealthCheckKeys?: boolean;
  /** True when this Service shares the IP of a primary Service (it is a "secondary"). */
  sharing: boolean;
  primaryService: string;
  network: string;
  healthCheck: HealthCheck;
}

export type Annotations = Record<string, string>;

/** The health-check thresholds, in the order the provider reads them (the one list the form and rules use). */
export const HEALTH_CHECK_FIELDS = ['successThreshold', 'failureThreshold', 'periodSeconds', 'timeoutSeconds'] as const;
export type HealthCheckField = typeof HEALTH_CHECK_FIELDS[number];
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

/**
 * Reads the form's state from a Service's annotations, as the provider reads them:
 * - a missing IPAM annotation means `pool`, and so does any value but the exact `dhcp` (`constructLB` passes the
 *   string on; load-balancer-harvester `ensureAllocatedAddress` takes DHCP only for `dhcp`);
 * - a Service is a secondary as soon as it has the primary-service key, even empty (`getPrimaryService` checks
 *   presence, then refuses an empty value with "invalid service name");
 * - the health check is on only with the port annotation (`extractHealthCheck`, v0.1.5: without a port the
 *   thresholds are not read).
 */
export function readLbConfig(annotations: Annotations | null | undefined): LbConfig {
  const a = annotations || {};
  const enabled = ANNOTATIONS.healthCheckPort in a;

  return {
    ipam:           a[ANNOTATIONS.ipam] === 'dhcp' ? 'dhcp' : 'pool',
    ipamRaw:        a[ANNOTATIONS.ipam],
    sharing:        ANNOTATIONS.primaryService in a,
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

/**
 * R-IPAM-1: absent means pool (the provider's default); exactly `pool` or `dhcp` is that; anything else (`DHCP`,
 * `Pool`) is copied by the provider to the LoadBalancer as is and refused by its CRD enum, so no load balancer is made.
 */
export function ipamMode(cfg: Pick<LbConfig, 'ipamRaw'>): IpamMode {
  if (cfg.ipamRaw === undefined) {
    return 'pool';
  }

  return cfg.ipamRaw === 'pool' || cfg.ipamRaw === 'dhcp' ? cfg.ipamRaw : 'invalid';
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
