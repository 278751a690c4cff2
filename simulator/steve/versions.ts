/**
 * The versions the simulator reports: Rancher's (`/rancherversion`, the ping on watch sockets) and the clusters'
 * Kubernetes (`/version`, the catalog's kube-version filter). A leaf module, so anything may import it.
 */
export const RANCHER_VERSION = 'v2.15.0';
export const KUBERNETES_VERSION = 'v1.33.5+rke2r1';
