/**
 * What the overview reads about the cloud provider beyond its Deployment:
 * - its arguments (loadBalancersPage/loadProvider.ts, the Load Balancers page's own checks; from the provider's Rancher
 *   App when the Deployment is not readable, on the page only);
 * - for its cloud config (cloudConfig.ts): the Secret its volume names, when the user may read Secrets (without the
 *   Secret schema Steve answers 404 as for a missing Secret, so it is not asked); the VMs' namespace only when that
 *   Secret is there; the provider's pods and their FailedMount events only when the config is a file on the nodes
 *   and the Deployment has no available replica.
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { EVENT, POD, SECRET } from '../data/typeIds';
import { guestGet, guestList } from '../data/guest';
import { schemaOf } from '../shellAdapter/schemas';
import { eq, label, oneOf } from '../data/steve';
import { readOrAbsent } from '../data/read';
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

/** The Deployment's pods (by its selector) and the FailedMount events about them; null when not readable. */
async function providerPods(store: StoreLike, d: KubeObject): Promise<ConfigInput['pods']> {
  const ns = d.metadata.namespace || 'kube-system';
  const labels: Record<string, string> = d.spec?.selector?.matchLabels || {};

  try {
    const pods = await guestList(store, POD, { namespace: ns, filters: Object.entries(labels).map(([k, v]) => eq(label(k), v)) });
    const uids = pods.map((p) => p.metadata.uid).filter(Boolean) as string[];
    const events = uids.length ? await guestList(store, EVENT, { namespace: ns, filters: [eq('involvedObject.kind', 'Pod'), oneOf('involvedObject.uid', uids), eq('reason', 'FailedMount')] }) : [];

    return { pods, events };
  } catch (e) {
    return null;
  }
}

/** `vmNamespace`: asked only when the Secret is there. */
export async function loadCloudConfig(store: StoreLike, deployment: Read<KubeObject>, vmNamespace: () => Promise<string | null>): Promise<ConfigInput> {
  const input: ConfigInput = {
    deployment, secret: null, pods: null, vmNamespace: null
  };
  const d = deployment.value;
  const volume = d ? configVolume(d) : null;

  if (d && volume?.kind === 'secret') {
    const id = `${ d.metadata.namespace || 'kube-system' }/${ volume.secretName }`;
    const secret = schemaOf(store, 'cluster', SECRET) ? await readOrAbsent<KubeObject>(() => guestGet(store, SECRET, id)) : { readable: false, value: null };

    return {
      ...input, secret, vmNamespace: secret.value ? await vmNamespace() : null
    };
  }
  if (d && volume?.kind === 'hostPath' && !(d.status?.availableReplicas > 0)) {
    return { ...input, pods: await providerPods(store, d) };
  }

  return input;
}
