/**
 * Everything the integration overview reads, in parallel, each read independent (one failing leaves the others):
 * - the two components' workloads (one GET each, or the store's copy),
 * - the NAD mapping ConfigMap,
 * - the guest's LoadBalancer Services (the Add-on Config's own request) and the events about Services (one list,
 *   `involvedObject.kind=Service`, for the Pending reasons),
 * - the CSI driver's RBAC on the host (the StorageClass form's own check: machine config, host ClusterRoleBindings),
 * - the cloud provider's arguments and its cloud config (loadProviderChecks.ts);
 * - where the guest runs as this user can tell it (the host lookup, the distribution): what "Set up" needs.
 * Reads only; nothing goes into the store that is not whole.
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { CONFIG_MAP, EVENT } from '../data/typeIds';
import { guestGet, guestList, guestListUrl } from '../data/guest';
import { eq } from '../data/steve';
import { Read, UNREADABLE, readOrAbsent, readable } from '../data/read';
import { readWorkload } from '../environment/installedVersions';
import type { HostLookup } from '../environment/hostCluster';
import { guestClusters, lookUpHost } from '../environment/host';
import { distributionOf } from '../environment/distribution';
import { csiServiceAccount, findVmNamespace } from '../environment/vmPlacement';
import { NAD_MAPPING_ID, NadMapping, parseNadMapping } from '../addOnConfig/nadMapping';
import { listLoadBalancerServices } from '../addOnConfig/lbContext';
import { csiRbacRead } from '../storageClass/csiChecks';
import { OverviewInput } from './report';
import { Placement, rbacReadWhy } from './access';
import { loadCloudConfig, loadProviderArgs } from './loadProviderChecks';

/** The events about Services, in every namespace (one list: the Pending reasons of all load balancers). */
const SERVICE_EVENTS = { filters: [eq('involvedObject.kind', 'Service')] };

/** `<cluster>/v1/events?filter=involvedObject.kind=Service` (indexed; Steve's SQL cache ignores `fieldSelector`). */
export function serviceEventsUrl(store: StoreLike): string {
  return guestListUrl(store, EVENT, SERVICE_EVENTS);
}

type Account = { name: string; namespace: string | null } | null;

/** The CSI driver's RBAC on the host, or why it could not be checked (`why`, said beside the state). */
async function rbacCheck(store: StoreLike, account: Promise<Account>, host: Promise<HostLookup | null>): Promise<OverviewInput['rbac']> {
  try {
    const [acc, lookup] = await Promise.all([account, host]);

    if (!acc) {
      return {
        state: 'unknown', account: null, why: 'noAccount'
      };
    }
    if (!lookup?.id) {
      return {
        state: 'unknown', account: acc, why: lookup?.unknown || 'noHost'
      };
    }
    if (!acc.namespace) {
      return {
        state: 'unknown', account: acc, why: 'noNamespace'
      };
    }
    const { state, failure } = await csiRbacRead(store, lookup.id, { name: acc.name, namespace: acc.namespace });

    return {
      state, account: acc, why: rbacReadWhy(failure)
    };
  } catch (e) {
    return {
      state: 'unknown', account: null, why: 'noAccount'
    };
  }
}

/** How many Harvester clusters the user may make a kubeconfig from, and the guest's distribution. */
async function placementOf(store: StoreLike, clusterId: string, host: Promise<HostLookup | null>): Promise<Placement> {
  const [lookup, { mgmt, prov }] = await Promise.all([host, guestClusters(store, clusterId)]);

  return {
    hosts:        lookup?.id ? Math.max(1, lookup.visible || 0) : lookup?.visible || 0,
    distribution: distributionOf(mgmt?.status?.version?.gitVersion || prov?.spec?.kubernetesVersion, mgmt?.status?.provider),
  };
}

/**
 * `card`: the two components, the arguments in the provider's Deployment and the load balancers only (at most 3
 * requests, nothing on the host);
 * `page`: everything; `nodes`, the guest's nodes the page reads anyway (the VMs' namespace from their providerIDs).
 */
export async function loadOverviewInput(store: StoreLike, clusterId: string, scope: 'card' | 'page', nodes: Promise<KubeObject[] | null> = Promise.resolve(null)): Promise<OverviewInput> {
  const page = scope === 'page';
  // Asked once for the RBAC check and the cloud config's namespace.
  const account: Promise<Account> = page ? csiServiceAccount(store, clusterId).catch(() => null) : Promise.resolve(null);
  const host: Promise<HostLookup | null> = page ? lookUpHost(store, clusterId).catch(() => null) : Promise.resolve(null);
  const vmNamespace = async() => {
    const [acc, lookup, list] = await Promise.all([account, host, nodes]);

    return (await findVmNamespace(store, acc?.namespace || null, lookup?.id || null, list)).namespace;
  };
  const nad = () => readOrAbsent(() => guestGet(store, CONFIG_MAP, NAD_MAPPING_ID))
    .then((r): Read<NadMapping> => (r.readable ? readable(parseNadMapping(r.value)) : UNREADABLE));
  const provider = readWorkload(store, 'cloudProvider');
  const [cloudProvider, csiDriver, nadMapping, services, serviceEvents, rbac, providerArgs, cloudConfig, placement] = await Promise.all([
    provider,
    readWorkload(store, 'csiDriver'),
    page ? nad() : Promise.resolve(UNREADABLE as Read<NadMapping>),
    listLoadBalancerServices(store).then(readable, () => UNREADABLE),
    page ? guestList(store, EVENT, SERVICE_EVENTS).then(readable, () => UNREADABLE) : Promise.resolve(UNREADABLE as Read<KubeObject[]>),
    page ? rbacCheck(store, account, host) : Promise.resolve({
      state: 'unknown', account: null, why: null
    } as OverviewInput['rbac']),
    provider.then((d) => loadProviderArgs(store, clusterId, d, page)),
    page ? provider.then((d) => loadCloudConfig(store, d, vmNamespace)) : Promise.resolve(null),
    page ? placementOf(store, clusterId, host).catch(() => null) : Promise.resolve(null),
  ]);

  return {
    workloads: { cloudProvider, csiDriver }, nadMapping, services, serviceEvents, rbac, providerArgs, cloudConfig, placement
  };
}
