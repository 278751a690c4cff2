/**
 * The API roots the extension talks to, and the one query the entry chunk needs. Kept apart from steve.ts and
 * clusterProxy.ts so that guest detection on entering a cluster (in the entry chunk) carries neither.
 */

/** The Steve API root of a cluster through Rancher's proxy. */
export function clusterApi(clusterId: string): string {
  return `/k8s/clusters/${ encodeURIComponent(clusterId) }/v1`;
}

/**
 * One item whatever Steve's list processor: its SQL cache (Rancher's default) ignores `limit` and pages by `pagesize`
 * only (measured on rancher/steve v0.10.2: limit=1 answered all 5,000 nodes); without it `limit` is Kubernetes' own.
 */
export function firstItemUrl(url: string): string {
  return `${ url }${ url.includes('?') ? '&' : '?' }limit=1&pagesize=1`;
}
