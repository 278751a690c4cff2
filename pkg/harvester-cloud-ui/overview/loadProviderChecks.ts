/**
 * What the overview reads about the cloud provider beyond its Deployment:
 * - its arguments (loadBalancersPage/loadProvider.ts, the Load Balancers page's own checks; from the provider's Rancher
 *   App when the Deployment is not readable, on the page only);
 * - for its cloud config (cloudConfig.ts): the Secret its volume names, when the user may read Secrets (without the
 *   Secret schema Steve answers 404 as for a missing Secret, so it is not asked); the VMs' namespace only when that
 *   Secret is there; the provider's pods and their FailedMount events only when the config is a file on the nodes
 *   and the Deployment has no available replica.
 */
import { KubeObject, StoreLike } from '../environment/types';
import { argsFromWorkload, loadArgFlags, loadProviderApp } from '../loadBalancersPage/loadProvider';
import { parseProviderArgs } from '../loadBalancersPage/providerArgs';
import { ConfigInput, configVolume } from './cloudConfig';
import { OverviewInput, Read } from './report';

/** `page`: may read the App and the host; the card reads neither (at most 3 requests, nothing on the host). */
export async function loadProviderArgs(store: StoreLike, clusterId: string, deployment: Read<KubeObject>, page: boolean): Promise<OverviewInput['providerArgs']> {
  const source = deployment.readable ? argsFromWorkload(deployment.value) : page ? await loadProviderApp(store) : null;

  if (!source) {
    return {
      from: null, parsed: null, flags: []
    };
  }

  return {
    from: source.from, parsed: parseProviderArgs(source.argv), flags: await loadArgFlags(store, clusterId, source, page)
  };
}

/** `<cluster>/v1/<type>/<namespace>?filter=…` (Steve's SQL cache reads `filter=`, never label or field selectors). */
function listUrl(store: StoreLike, type: string, namespace: string, filters: string[]): string {
  const base = `${ store.getters['cluster/urlFor'](type) }`.split('?')[0];

  return `${ base }/${ encodeURIComponent(namespace) }?${ filters.map((f) => `filter=${ encodeURIComponent(f) }`).join('&') }`;
}

/** The Deployment's pods (by its selector) and the FailedMount events about them; null when not readable. */
async function providerPods(store: StoreLike, d: KubeObject): Promise<ConfigInput['pods']> {
  const ns = d.metadata.namespace || 'kube-system';
  const labels: Record<string, string> = d.spec?.selector?.matchLabels || {};

  try {
    const pods: KubeObject[] = (await store.dispatch('cluster/request', { url: listUrl(store, 'pod', ns, Object.entries(labels).map(([k, v]) => `metadata.labels[${ k }]=${ v }`)) }))?.data || [];
    const uids = pods.map((p) => p.metadata.uid).filter(Boolean);
    const events: KubeObject[] = uids.length ? (await store.dispatch('cluster/request', { url: listUrl(store, 'event', ns, ['involvedObject.kind=Pod', `involvedObject.uid IN (${ uids.join(',') })`, 'reason=FailedMount']) }))?.data || [] : [];

    return { pods, events };
  } catch (e) {
    return null;
  }
}

/**
 * `vmNamespace`: asked only when the Secret is there. `getOrAbsent`: a GET whose 404 reads as absent (loadOverview.ts).
 */
export async function loadCloudConfig(
  store: StoreLike, deployment: Read<KubeObject>, vmNamespace: () => Promise<string | null>, getOrAbsent: (url: string) => Promise<Read<KubeObject>>
): Promise<ConfigInput> {
  const input: ConfigInput = {
    deployment, secret: null, pods: null, vmNamespace: null
  };
  const d = deployment.value;
  const volume = d ? configVolume(d) : null;

  if (d && volume?.kind === 'secret') {
    const id = `${ d.metadata.namespace || 'kube-system' }/${ volume.secretName }`;
    const secret = store.getters['cluster/schemaFor']?.('secret') ? await getOrAbsent(store.getters['cluster/urlFor']('secret', id)) : { readable: false, value: null };

    return {
      ...input, secret, vmNamespace: secret.value ? await vmNamespace() : null
    };
  }
  if (d && volume?.kind === 'hostPath' && !(d.status?.availableReplicas > 0)) {
    return { ...input, pods: await providerPods(store, d) };
  }

  return input;
}
