/** Which Kubernetes distribution a guest runs: what the set-up plans for, and whether its charts are bundled (RKE2). */
export type Distribution = 'rke2' | 'k3s' | 'other';

/** The distribution from the cluster's Kubernetes version and Rancher's record of it. */
export function distributionOf(kubernetesVersion: string | null | undefined, provider?: string | null): Distribution {
  const v = `${ kubernetesVersion || '' }`;

  if (v.includes('k3s') || provider === 'k3s') {
    return 'k3s';
  }

  return v.includes('rke2') || provider === 'rke2' ? 'rke2' : 'other';
}
