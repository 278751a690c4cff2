import { atLeast } from '../environment/installedVersions';

/**
 * What the installed cloud provider (app version, see environment/installedVersions.ts) does with the settings, from
 * cloud-provider-harvester `pkg/cloud-controller-manager/loadbalancer.go` at each tag:
 * - v0.1.x reads the health-check annotations (`extractHealthCheck`); v0.2.0 removed them;
 * - v0.2.0 added primary-service (sharing an IP) and the network annotation (`constructLB`);
 * - v0.2.7 added the NAD mapping check (`resolveNetworkInterface`) and the network-change check
 *   (`checkNetworkChanged`).
 */
export type HealthCheckSupport = 'enforced' | 'ignored' | 'unknown';

export const PROVIDER_VERSIONS = {
  healthChecksIgnored: '0.2.0',
  // v0.1.2–v0.1.5 `getNodePort` probes the Service port's NodePort ("nodeport not found" without one).
  healthCheckNodePort: '0.1.2',
  sharing:             '0.2.0',
  network:             '0.2.0',
  nadMappingChecked:   '0.2.7',
} as const;

/** Kept for callers that name the threshold. */
export const FIRST_VERSION_IGNORING_HEALTH_CHECKS = PROVIDER_VERSIONS.healthChecksIgnored;

export function healthCheckSupport(version: string | null): HealthCheckSupport {
  const ignored = atLeast(version, PROVIDER_VERSIONS.healthChecksIgnored);

  return ignored === null ? 'unknown' : ignored ? 'ignored' : 'enforced';
}

/**
 * R-HC-4: whether the provider needs a NodePort for the health-check port: v0.1.2–v0.1.5 do (`getNodePort`), v0.1.0
 * and v0.1.1 probe the Service port itself, v0.2.0+ ignore health checks. Unknown version: the stricter rule (yes).
 */
export function healthCheckNeedsNodePort(version: string | null): boolean {
  return healthCheckSupport(version) !== 'ignored' && atLeast(version, PROVIDER_VERSIONS.healthCheckNodePort) !== false;
}

/** null when the version is unknown: the form then allows sharing and says it could not check. */
export function sharingSupported(version: string | null): boolean | null {
  return atLeast(version, PROVIDER_VERSIONS.sharing);
}

/** False only for a provider known to ignore the network annotation (v0.1.x). */
export function networkSupported(version: string | null): boolean {
  return atLeast(version, PROVIDER_VERSIONS.network) !== false;
}

/** True when the provider checks networks against the NAD mapping, or the version is unknown (strict is safer). */
export function nadMappingChecked(version: string | null): boolean {
  return atLeast(version, PROVIDER_VERSIONS.nadMappingChecked) !== false;
}
