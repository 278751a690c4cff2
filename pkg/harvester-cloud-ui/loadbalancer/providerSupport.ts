import { compareVersions } from '../steve/installedVersions';

/**
 * What the installed cloud provider does with the settings (REFERENCES, loadbalancer.go): health-check
 * annotations are enforced up to v0.1.x and ignored from v0.2.0; sharing an IP needs v0.2.0.
 */
export type HealthCheckSupport = 'enforced' | 'ignored' | 'unknown';

export const FIRST_VERSION_IGNORING_HEALTH_CHECKS = '0.2.0';

export function healthCheckSupport(version: string | null): HealthCheckSupport {
  if (!version) {
    return 'unknown';
  }

  return compareVersions(version, FIRST_VERSION_IGNORING_HEALTH_CHECKS) >= 0 ? 'ignored' : 'enforced';
}

/** null when the version is unknown: the form then allows sharing and says it could not check. */
export function sharingSupported(version: string | null): boolean | null {
  return version ? compareVersions(version, '0.2.0') >= 0 : null;
}
