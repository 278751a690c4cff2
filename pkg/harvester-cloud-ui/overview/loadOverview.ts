/**
 * Everything the integration overview reads, in parallel, each read independent (one failing leaves the others):
 * - the two components' workloads (one GET each, or the store's copy),
 * - the NAD mapping ConfigMap,
 * - the guest's LoadBalancer Services (the Add-on Config's own request) and the events about Services (one list,
 *   `filter=involvedObject.kind=Service`, for the Pending reasons),
 * - the CSI driver's RBAC on the host (the StorageClass form's own check: machine config, host ClusterRoleBindings),
 * - the cloud provider's arguments and its cloud config (loadProviderChecks.ts).
 * Reads only; nothing goes into the store that is not whole.
 */
import { KubeObject, StoreLike } from '../environment/types';
import { COMPONENTS, Component } from '../environment/installedVersions';
import { httpStatusOf } from '../environment/httpFailure';
import { findHostClusterId } from '../environment/hostCluster';
import { NAD_MAPPING_ID, NadMapping, parseNadMapping } from '../addOnConfig/nadMapping';
import { loadBalancerServicesUrl } from '../addOnConfig/lbContext';
import { csiRbacOnHost, csiServiceAccount } from '../storageClass/hostStorageClasses';
import { OverviewInput, Read } from './report';
import { loadCloudConfig, loadProviderArgs } from './loadProviderChecks';
import { findVmNamespace } from '../setup/vmNamespace';

const readable = <T>(value: T | null): Read<T> => ({ readable: true, value });
const UNREADABLE: Read<never> = { readable: false, value: null };

/** A GET whose 404 means "not there" (readable, absent) and any other failure "could not check". */
async function getOrAbsent<T>(load: () => Promise<T>): Promise<Read<T>> {
  try {
    return readable((await load()) || null);
  } catch (e) {
    return httpStatusOf(e) === 404 ? readable<T>(null) : UNREADABLE;
  }
}

export async function loadWorkload(store: StoreLike, component: Component): Promise<Read<KubeObject>> {
  const { type, id } = COMPONENTS[component];
  const cached = store.getters['cluster/byId']?.(type, id);

  if (cached) {
    return readable(cached);
  }

  return getOrAbsent(() => store.dispatch('cluster/request', { url: store.getters['cluster/urlFor'](type, id) }));
}

/** `<cluster>/v1/events?filter=involvedObject.kind=Service` (indexed; Steve's SQL cache ignores `fieldSelector`). */
export function serviceEventsUrl(store: StoreLike): string {
  const [path, query = ''] = `${ store.getters['cluster/urlFor']('event') }`.split('?');
  const params = new URLSearchParams(query);

  params.append('filter', 'involvedObject.kind=Service');

  return `${ path }?${ params.toString() }`;
}

async function list(store: StoreLike, url: string): Promise<Read<KubeObject[]>> {
  try {
    const res = await store.dispatch('cluster/request', { url });

    return readable(res?.data || []);
  } catch (e) {
    return UNREADABLE;
  }
}

type Account = { name: string; namespace: string | null } | null;

async function rbacCheck(store: StoreLike, account: Promise<Account>, host: Promise<string | null>): Promise<OverviewInput['rbac']> {
  try {
    const [acc, hostId] = await Promise.all([account, host]);

    if (!acc) {
      return { state: 'unknown', account: null };
    }
    if (!hostId || !acc.namespace) {
      return { state: 'unknown', account: acc };
    }

    return { state: await csiRbacOnHost(store, hostId, { name: acc.name, namespace: acc.namespace }), account: acc };
  } catch (e) {
    return { state: 'unknown', account: null };
  }
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
  const host = page ? findHostClusterId(store, clusterId).catch(() => null) : Promise.resolve(null);
  const vmNamespace = async() => {
    const [acc, hostId, list] = await Promise.all([account, host, nodes]);

    return (await findVmNamespace(store, acc?.namespace || null, hostId, list)).namespace;
  };
  const get = (url: string) => getOrAbsent<KubeObject>(() => store.dispatch('cluster/request', { url }));
  const nad = () => getOrAbsent(() => store.dispatch('cluster/request', { url: store.getters['cluster/urlFor']('configmap', NAD_MAPPING_ID) }))
    .then((r): Read<NadMapping> => (r.readable ? readable(parseNadMapping(r.value)) : UNREADABLE));
  const provider = loadWorkload(store, 'cloudProvider');
  const [cloudProvider, csiDriver, nadMapping, services, serviceEvents, rbac, providerArgs, cloudConfig] = await Promise.all([
    provider,
    loadWorkload(store, 'csiDriver'),
    page ? nad() : Promise.resolve(UNREADABLE as Read<NadMapping>),
    list(store, loadBalancerServicesUrl(store)),
    page ? list(store, serviceEventsUrl(store)) : Promise.resolve(UNREADABLE as Read<KubeObject[]>),
    page ? rbacCheck(store, account, host) : Promise.resolve({ state: 'unknown', account: null } as OverviewInput['rbac']),
    provider.then((d) => loadProviderArgs(store, clusterId, d, page)),
    page ? provider.then((d) => loadCloudConfig(store, d, vmNamespace, get)) : Promise.resolve(null),
  ]);

  return {
    workloads: { cloudProvider, csiDriver }, nadMapping, services, serviceEvents, rbac, providerArgs, cloudConfig
  };
}
