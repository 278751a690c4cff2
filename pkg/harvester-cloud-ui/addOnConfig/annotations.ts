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
