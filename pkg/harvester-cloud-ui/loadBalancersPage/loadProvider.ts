/**
 * What the Load Balancers page and the integration overview read to check the cloud provider's arguments
 * (providerArgs.ts): its Deployment (already read for `--cluster-name`; the overview falls back to the provider's
 * Rancher App when the Deployment is not readable, providerValues.ts), and only when the cluster name is the
 * default or empty, whether other guest clusters' VMs share this guest's host namespace: Rancher labels the VMs
 * it creates `guestcluster.harvesterhci.io/name` (load-balancer-harvester `pkg/utils/const.go`
 * `LabelKeyGuestClusterNameOnVM`). One host request of at most 50 VMs' labels per namespace; nothing when the
 * namespaces are unknown (imported guests: no machine pools).
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { HOST_VM } from '../data/typeIds';
import { guestGet } from '../data/guest';
import { ProxyQuery, hostList, proxyListUrl } from '../data/clusterProxy';
import { label, ne, present } from '../data/steve';
import { findHostClusterId, guestClusters } from '../environment/host';
import { guestVmNamespaces } from '../environment/vmNamespaces';
import { versionFromWorkload } from '../environment/installedVersions';
import { checkProviderArgs, ArgFlag, parseProviderArgs, providerArgv } from './providerArgs';
import { ArgsSource, argsFromApp, PROVIDER_APP } from './providerValues';
import { DEFAULT_CLUSTER_NAME } from '../addOnConfig/hostLbName';

export const GUEST_CLUSTER_LABEL = 'guestcluster.harvesterhci.io/name';

/** VMs of other guest clusters in a host namespace: labelled, with another guest's name; 50 at most, labels only. */
function otherGuestsQuery(namespace: string, ownName: string): ProxyQuery {
  return {
    namespace, include: ['metadata.labels'], pageSize: 50, filters: [present(label(GUEST_CLUSTER_LABEL)), ne(label(GUEST_CLUSTER_LABEL), ownName)]
  };
}

export function otherGuestsUrl(hostId: string, namespace: string, ownName: string): string {
  return proxyListUrl(hostId, HOST_VM, otherGuestsQuery(namespace, ownName));
}

async function otherGuests(store: StoreLike, guestClusterId: string): Promise<{ namespace: string; clusters: string[] } | null> {
  try {
    const [hostId, { prov }, namespaces] = await Promise.all([
      findHostClusterId(store, guestClusterId), guestClusters(store, guestClusterId), guestVmNamespaces(store, guestClusterId),
    ]);

    if (!hostId || !prov || !namespaces?.length) {
      return null;
    }
    for (const namespace of namespaces) {
      const vms: KubeObject[] = await hostList(store, hostId, HOST_VM, otherGuestsQuery(namespace, prov.metadata.name));
      const clusters = [...new Set(vms.map((vm) => vm.metadata.labels?.[GUEST_CLUSTER_LABEL]).filter((c) => c && c !== prov.metadata.name) as string[])].sort();

      if (clusters.length) {
        return { namespace, clusters };
      }
    }

    return { namespace: namespaces[0], clusters: [] };
  } catch (e) {
    return null;
  }
}

/** The arguments and version of the provider's Deployment; null when it has none readable. */
export function argsFromWorkload(workload: KubeObject | null | undefined): ArgsSource | null {
  const argv = providerArgv(workload);

  return argv ? {
    from: 'deployment', argv, version: versionFromWorkload(workload, 'cloudProvider')
  } : null;
}

/** The provider's Rancher App, for its chart values (one GET); null when it is not there or not readable. */
export async function loadProviderApp(store: StoreLike): Promise<ArgsSource | null> {
  return argsFromApp(await guestGet(store, PROVIDER_APP.type, PROVIDER_APP.id).catch(() => null));
}

/**
 * The flags for the provider's arguments (null: none readable, nothing flagged). `host`: whether the other guest
 * clusters in the host namespace may be looked up (the dashboard card reads nothing on the host).
 */
export async function loadArgFlags(store: StoreLike, guestClusterId: string, source: ArgsSource | null, host = true): Promise<ArgFlag[]> {
  if (!source) {
    return [];
  }
  const { argv, version } = source;
  const name = parseProviderArgs(argv).clusterName ?? DEFAULT_CLUSTER_NAME;
  const sharing = host && (name === '' || name === DEFAULT_CLUSTER_NAME) ? await otherGuests(store, guestClusterId) : null;

  return checkProviderArgs({
    argv, version, sharing
  });
}
