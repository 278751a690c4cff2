/**
 * Kubernetes API discovery for a simulated cluster: `/api` (APIVersions), `/api/v1` and `/apis/<group>/<version>`
 * (APIResourceList), `/apis` (APIGroupList), with the types the cluster serves (core/registry.ts). kubectl reads these
 * to map `kubectl get svc` to a resource. The unaggregated (v1) discovery documents: kubectl asks for the
 * aggregated form first and takes these when the server answers plain JSON.
 */
import { TypeDef, typesIn } from '../core/registry';
import { ClusterKind } from '../core/types';

const VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
/** Built-in resources in the `all` category (`kubectl get all`), as the real kube-apiserver's discovery lists them. */
const ALL_CATEGORY = new Set(['pods', 'services', 'replicationcontrollers', 'deployments', 'replicasets', 'statefulsets', 'daemonsets', 'jobs', 'cronjobs', 'horizontalpodautoscalers']);

/** kubectl's short names for the demo's types (what discovery lists as shortNames). */
const SHORT_NAMES: Record<string, string[]> = {
  services: ['svc'], namespaces: ['ns'], nodes: ['no'], pods: ['po'], configmaps: ['cm'], events: ['ev'], serviceaccounts: ['sa'], persistentvolumeclaims: ['pvc'], persistentvolumes: ['pv'], deployments: ['deploy'], daemonsets: ['ds'], statefulsets: ['sts'], replicasets: ['rs'], cronjobs: ['cj'], ingresses: ['ing'], storageclasses: ['sc'], networkpolicies: ['netpol'], customresourcedefinitions: ['crd', 'crds'], virtualmachines: ['vm', 'vms'], virtualmachineinstances: ['vmi', 'vmis'], ippools: ['pool', 'pools'], loadbalancers: ['lb', 'lbs'], 'network-attachment-definitions': ['net-attach-def'],
};

export function kubeTypes(kind: ClusterKind): TypeDef[] {
  return typesIn(kind).filter((t) => !t.virtual);
}

export function groupVersion(t: TypeDef): string {
  return t.group ? `${ t.group }/${ t.version }` : t.version;
}

export function apiVersions(): any {
  return {
    kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1:6443' }]
  };
}

export function apiGroupList(kind: ClusterKind): any {
  const groups = new Map<string, string>();

  for (const t of kubeTypes(kind)) {
    if (t.group) {
      groups.set(t.group, t.version);
    }
  }

  return {
    kind:       'APIGroupList',
    apiVersion: 'v1',
    groups:     [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, version]) => ({
      name, versions: [{ groupVersion: `${ name }/${ version }`, version }], preferredVersion: { groupVersion: `${ name }/${ version }`, version }
    })),
  };
}

/** The APIResourceList of a group version, or null when the cluster serves no such group version. */
export function apiResourceList(kind: ClusterKind, gv: string): any | null {
  const types = kubeTypes(kind).filter((t) => groupVersion(t) === gv);

  if (!types.length) {
    return null;
  }
  const resources = types.flatMap((t) => [
    {
      name: t.resource, singularName: t.kind.toLowerCase(), namespaced: t.namespaced, kind: t.kind, verbs: VERBS, ...(SHORT_NAMES[t.resource] ? { shortNames: SHORT_NAMES[t.resource] } : {}), ...(ALL_CATEGORY.has(t.resource) ? { categories: ['all'] } : {})
    },
    ...(t.statusSubresource ? [{
      name: `${ t.resource }/status`, singularName: '', namespaced: t.namespaced, kind: t.kind, verbs: ['get', 'patch', 'update']
    }] : []),
  ]);

  return {
    kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv, resources
  };
}
