/**
 * What the Load Balancers page reads to check the cloud provider's arguments (providerArgs.ts): its Deployment (already
 * read for `--cluster-name`), and only when the cluster name is the default or empty, whether other guest clusters'
 * VMs share this guest's host namespace: Rancher labels the VMs it creates `guestcluster.harvesterhci.io/name`
 * (load-balancer-harvester `pkg/utils/const.go` `LabelKeyGuestClusterNameOnVM`). One host request of at most 50 VMs'
 * labels per namespace; nothing when the namespaces are unknown (imported guests: no machine pools).
 */
import { KubeObject, StoreLike } from '../cluster/types';
import { findHostClusterId, guestClusters, hostListUrl, hostRequest } from '../cluster/hostCluster';
import { guestVmNamespaces } from '../topology/vmNamespaces';
import { withQuery } from '../topology/slimQuery';
import { checkProviderArgs, ArgFlag, parseProviderArgs, providerArgv } from './providerArgs';
import { DEFAULT_CLUSTER_NAME } from '../loadbalancer/hostLbName';

export const GUEST_CLUSTER_LABEL = 'guestcluster.harvesterhci.io/name';
const VM_TYPE = 'kubevirt.io.virtualmachine';

export function otherGuestsUrl(hostId: string, namespace: string, ownName: string): string {
  const label = `metadata.labels[${ GUEST_CLUSTER_LABEL }]`;

  return `${ withQuery(hostListUrl(hostId, VM_TYPE, { namespace }), ['metadata.labels'], { pagesize: '50' }) }&filter=${ encodeURIComponent(label) }&filter=${ encodeURIComponent(`${ label }!=${ ownName }`) }`;
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
      const vms: KubeObject[] = (await hostRequest(store, otherGuestsUrl(hostId, namespace, prov.metadata.name)))?.data || [];
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

/** The flags for the provider's Deployment (null: not readable, nothing flagged). */
export async function loadArgFlags(store: StoreLike, guestClusterId: string, workload: KubeObject | null, version: string | null): Promise<ArgFlag[]> {
  const argv = providerArgv(workload);

  if (!argv) {
    return [];
  }
  const name = parseProviderArgs(argv).clusterName ?? DEFAULT_CLUSTER_NAME;
  const sharing = name === '' || name === DEFAULT_CLUSTER_NAME ? await otherGuests(store, guestClusterId) : null;

  return checkProviderArgs({
    argv, version, sharing
  });
}
