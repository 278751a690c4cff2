import { ClusterKind } from './types';

/** A Kubernetes (or Rancher virtual) type the simulator serves, with the names Steve derives from it. */
export interface TypeDef {
  /** Steve schema id: `service`, `apps.deployment`, `management.cattle.io.cluster`. */
  id: string;
  group: string;
  version: string;
  kind: string;
  /** Kubernetes plural resource name: `services`, `deployments`. */
  resource: string;
  namespaced: boolean;
  scopes: ClusterKind[];
  /** Writes to the main resource keep the stored status, as for types with a status subresource. */
  statusSubresource: boolean;
  /** Not a Kubernetes type (counts, user preferences): no RBAC wording, no name rules. */
  virtual?: boolean;
}

const ALL: ClusterKind[] = ['local', 'harvester', 'guest'];
const LOCAL: ClusterKind[] = ['local'];
const DOWNSTREAM: ClusterKind[] = ['harvester', 'guest'];
const HARVESTER: ClusterKind[] = ['harvester'];

type Row = [group: string, version: string, kind: string, resource: string, namespaced: boolean, scopes: ClusterKind[], statusSubresource?: boolean];

// group, version, kind, plural, namespaced, where
const ROWS: Row[] = [
  ['', 'v1', 'Namespace', 'namespaces', false, ALL],
  ['', 'v1', 'Node', 'nodes', false, DOWNSTREAM],
  ['', 'v1', 'Pod', 'pods', true, ALL],
  ['', 'v1', 'Service', 'services', true, ALL],
  ['', 'v1', 'ConfigMap', 'configmaps', true, ALL, false],
  ['', 'v1', 'Secret', 'secrets', true, ALL, false],
  ['', 'v1', 'Event', 'events', true, ALL, false],
  ['', 'v1', 'ServiceAccount', 'serviceaccounts', true, ALL, false],
  ['', 'v1', 'PersistentVolumeClaim', 'persistentvolumeclaims', true, ALL],
  ['', 'v1', 'PersistentVolume', 'persistentvolumes', false, ALL],
  ['', 'v1', 'ResourceQuota', 'resourcequotas', true, ALL],
  ['', 'v1', 'LimitRange', 'limitranges', true, ALL, false],
  ['', 'v1', 'Endpoints', 'endpoints', true, ALL, false],
  ['apps', 'v1', 'Deployment', 'deployments', true, ALL],
  ['apps', 'v1', 'DaemonSet', 'daemonsets', true, ALL],
  ['apps', 'v1', 'StatefulSet', 'statefulsets', true, ALL],
  ['apps', 'v1', 'ReplicaSet', 'replicasets', true, ALL],
  ['batch', 'v1', 'Job', 'jobs', true, ALL],
  ['batch', 'v1', 'CronJob', 'cronjobs', true, ALL],
  ['networking.k8s.io', 'v1', 'Ingress', 'ingresses', true, ALL],
  ['networking.k8s.io', 'v1', 'IngressClass', 'ingressclasses', false, ALL, false],
  ['networking.k8s.io', 'v1', 'NetworkPolicy', 'networkpolicies', true, ALL, false],
  ['storage.k8s.io', 'v1', 'StorageClass', 'storageclasses', false, ALL, false],
  ['storage.k8s.io', 'v1', 'CSIDriver', 'csidrivers', false, DOWNSTREAM, false],
  ['snapshot.storage.k8s.io', 'v1', 'VolumeSnapshotClass', 'volumesnapshotclasses', false, DOWNSTREAM, false],
  ['snapshot.storage.k8s.io', 'v1', 'VolumeSnapshot', 'volumesnapshots', true, DOWNSTREAM],
  ['rbac.authorization.k8s.io', 'v1', 'Role', 'roles', true, ALL, false],
  ['rbac.authorization.k8s.io', 'v1', 'RoleBinding', 'rolebindings', true, ALL, false],
  ['rbac.authorization.k8s.io', 'v1', 'ClusterRole', 'clusterroles', false, ALL, false],
  ['rbac.authorization.k8s.io', 'v1', 'ClusterRoleBinding', 'clusterrolebindings', false, ALL, false],
  ['apiextensions.k8s.io', 'v1', 'CustomResourceDefinition', 'customresourcedefinitions', false, ALL],
  ['catalog.cattle.io', 'v1', 'App', 'apps', true, ALL],
  ['catalog.cattle.io', 'v1', 'ClusterRepo', 'clusterrepos', false, ALL],
  ['catalog.cattle.io', 'v1', 'Operation', 'operations', true, ALL],
  ['catalog.cattle.io', 'v1', 'UIPlugin', 'uiplugins', true, LOCAL],
  ['management.cattle.io', 'v3', 'Cluster', 'clusters', false, LOCAL],
  ['management.cattle.io', 'v3', 'Setting', 'settings', false, LOCAL, false],
  ['management.cattle.io', 'v3', 'Feature', 'features', false, ALL],
  ['management.cattle.io', 'v3', 'Project', 'projects', true, LOCAL],
  ['management.cattle.io', 'v3', 'User', 'users', false, LOCAL],
  ['management.cattle.io', 'v3', 'GlobalRole', 'globalroles', false, LOCAL, false],
  ['management.cattle.io', 'v3', 'GlobalRoleBinding', 'globalrolebindings', false, LOCAL, false],
  ['management.cattle.io', 'v3', 'RoleTemplate', 'roletemplates', false, LOCAL, false],
  ['management.cattle.io', 'v3', 'ClusterRoleTemplateBinding', 'clusterroletemplatebindings', true, LOCAL, false],
  ['management.cattle.io', 'v3', 'ProjectRoleTemplateBinding', 'projectroletemplatebindings', true, LOCAL, false],
  ['management.cattle.io', 'v3', 'FleetWorkspace', 'fleetworkspaces', false, LOCAL],
  ['management.cattle.io', 'v3', 'NodeDriver', 'nodedrivers', false, LOCAL],
  ['management.cattle.io', 'v3', 'KontainerDriver', 'kontainerdrivers', false, LOCAL],
  ['provisioning.cattle.io', 'v1', 'Cluster', 'clusters', true, LOCAL],
  ['rke-machine-config.cattle.io', 'v1', 'HarvesterConfig', 'harvesterconfigs', true, LOCAL, false],
  ['kubevirt.io', 'v1', 'VirtualMachine', 'virtualmachines', true, HARVESTER],
  // KubeVirt's VMI CRD has no status subresource (virt-operator components/crds.go NewVirtualMachineInstanceCrd);
  // neither have Harvester's LoadBalancer and IPPool (load-balancer-harvester crds/): status goes with a plain update.
  ['kubevirt.io', 'v1', 'VirtualMachineInstance', 'virtualmachineinstances', true, HARVESTER, false],
  ['loadbalancer.harvesterhci.io', 'v1beta1', 'LoadBalancer', 'loadbalancers', true, HARVESTER, false],
  ['loadbalancer.harvesterhci.io', 'v1beta1', 'IPPool', 'ippools', false, HARVESTER, false],
  ['k8s.cni.cncf.io', 'v1', 'NetworkAttachmentDefinition', 'network-attachment-definitions', true, HARVESTER, false],
  ['harvesterhci.io', 'v1beta1', 'Setting', 'settings', false, HARVESTER],
  ['harvesterhci.io', 'v1beta1', 'VirtualMachineImage', 'virtualmachineimages', true, HARVESTER],
  ['harvesterhci.io', 'v1beta1', 'VolumeRemoteBackup', 'volumeremotebackups', true, HARVESTER, true],
  ['harvesterhci.io', 'v1beta1', 'VolumeRemoteRestore', 'volumeremoterestores', true, HARVESTER, true],
];

function schemaId(group: string, kind: string): string {
  return group ? `${ group }.${ kind.toLowerCase() }` : kind.toLowerCase();
}

const KUBE_TYPES: TypeDef[] = ROWS.map(([group, version, kind, resource, namespaced, scopes, statusSubresource = true]) => ({
  id: schemaId(group, kind), group, version, kind, resource, namespaced, scopes, statusSubresource
}));

/** Rancher's Steve-only types: not stored in Kubernetes, served by Rancher itself. */
const VIRTUAL_TYPES: TypeDef[] = [
  {
    id: 'count', group: '', version: 'v1', kind: 'Count', resource: 'counts', namespaced: false, scopes: ALL, statusSubresource: false, virtual: true
  },
  {
    id: 'userpreference', group: '', version: 'v1', kind: 'UserPreference', resource: 'userpreferences', namespaced: false, scopes: LOCAL, statusSubresource: false, virtual: true
  },
];

export const TYPES: TypeDef[] = [...KUBE_TYPES, ...VIRTUAL_TYPES];

/** Catalog types other folders name: steve/catalogLinks.ts adds their links and actions, catalog/ serves them. */
export const CLUSTER_REPO_TYPE = 'catalog.cattle.io.clusterrepo';
export const APP_TYPE = 'catalog.cattle.io.app';
export const OPERATION_TYPE = 'catalog.cattle.io.operation';

const BY_ID = new Map<string, TypeDef>();

for (const t of TYPES) {
  BY_ID.set(t.id, t);
  // Steve also resolves the plural (`services`, `apps.deployments`), which its collection links use.
  BY_ID.set(t.group ? `${ t.group }.${ t.resource }` : t.resource, t);
}

/** The type a URL segment names (schema id or plural, any case), when it exists in this kind of cluster. */
export function lookupType(name: string, kind?: ClusterKind): TypeDef | undefined {
  const t = BY_ID.get(name.toLowerCase());

  return t && (!kind || t.scopes.includes(kind)) ? t : undefined;
}

/** The type of a stored object, from its apiVersion and kind. */
export function typeOfObject(obj: { apiVersion?: string; kind?: string }): TypeDef | undefined {
  const [group, version] = (obj.apiVersion || '').includes('/') ? (obj.apiVersion as string).split('/') : ['', obj.apiVersion];

  return KUBE_TYPES.find((t) => t.group === group && t.kind === obj.kind && (!version || t.version === version)) ||
    KUBE_TYPES.find((t) => t.group === group && t.kind === obj.kind);
}

export function typesIn(kind: ClusterKind): TypeDef[] {
  return TYPES.filter((t) => t.scopes.includes(kind));
}

export function apiVersionOf(t: TypeDef): string {
  return t.group ? `${ t.group }/${ t.version }` : t.version;
}

/** The plural Steve puts in collection links: `services`, `apps.deployments`. */
export function pluralId(t: TypeDef): string {
  return t.group ? `${ t.group }.${ t.resource }` : t.resource;
}

/** Kubernetes' qualified resource, as its error messages print it: `services`, `deployments.apps`. */
export function qualifiedResource(t: TypeDef): string {
  return t.group ? `${ t.resource }.${ t.group }` : t.resource;
}
