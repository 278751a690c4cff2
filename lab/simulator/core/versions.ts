/**
 * The versions the simulator reports: Rancher's (`/rancherversion`, the `server-version` setting, the ping on watch
 * sockets, the catalog's rancher-version filter) and the clusters' Kubernetes (`/version`, the catalog's kube-version
 * filter). A leaf module, so anything may import it.
 */
export let RANCHER_VERSION = 'v2.15.0'; // eslint-disable-line import/no-mutable-exports
export const KUBERNETES_VERSION = 'v1.33.5+rke2r1';

/** Answer as another Rancher version (a dashboard build of that version is being served). Call before seeding. */
export function setRancherVersion(version: string): void {
  RANCHER_VERSION = version.startsWith('v') ? version : `v${ version }`;
}
