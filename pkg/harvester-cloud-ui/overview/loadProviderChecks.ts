/**
 * What the overview reads about the cloud provider beyond its Deployment: its arguments (loadbalancers/
 * loadProvider.ts, the Load Balancers page's own checks; from the provider's Rancher App when the Deployment is not
 * readable, on the page only).
 */
import { KubeObject, StoreLike } from '../cluster/types';
import { argsFromWorkload, loadArgFlags, loadProviderApp } from '../loadbalancers/loadProvider';
import { parseProviderArgs } from '../loadbalancers/providerArgs';
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
