/**
 * The Steve type ids the extension reads and writes, in one place. Constants only: a registration that needs one
 * (in the entry chunk) pulls in nothing else.
 */

// Guest cluster, Kubernetes' own.
export const NODE = 'node';
export const POD = 'pod';
export const EVENT = 'event';
export const SERVICE = 'service';
export const SECRET = 'secret';
export const CONFIG_MAP = 'configmap';
export const PVC = 'persistentvolumeclaim';
export const DEPLOYMENT = 'apps.deployment';
export const DAEMON_SET = 'apps.daemonset';
export const STATEFUL_SET = 'apps.statefulset';
export const STORAGE_CLASS = 'storage.k8s.io.storageclass';
export const VOLUME_SNAPSHOT = 'snapshot.storage.k8s.io.volumesnapshot';
export const SNAPSHOT_CLASS = 'snapshot.storage.k8s.io.volumesnapshotclass';
export const CLUSTER_ROLE = 'rbac.authorization.k8s.io.clusterrole';
export const CLUSTER_ROLE_BINDING = 'rbac.authorization.k8s.io.clusterrolebinding';
export const CRD = 'apiextensions.k8s.io.customresourcedefinition';

// Rancher (the local cluster's Steve, and Rancher's types in a guest).
export const MGMT_CLUSTER = 'management.cattle.io.cluster';
export const PROV_CLUSTER = 'provisioning.cattle.io.cluster';
/** Rancher's machine config kind for Harvester node-driver pools (its `vmNamespace` is where the pool's VMs live). */
export const HARVESTER_CONFIG = 'rke-machine-config.cattle.io.harvesterconfig';
export const CATALOG_APP = 'catalog.cattle.io.app';
export const CLUSTER_REPO = 'catalog.cattle.io.clusterrepo';
/** Rancher's record of one helm operation (Install, Upgrade, Uninstall), in the release's namespace of its cluster. */
export const CATALOG_OPERATION = 'catalog.cattle.io.operation';

// The Harvester host.
export const HOST_VM = 'kubevirt.io.virtualmachine';
export const HOST_VMI = 'kubevirt.io.virtualmachineinstance';
export const HOST_LB = 'loadbalancer.harvesterhci.io.loadbalancer';
export const HOST_IP_POOL = 'loadbalancer.harvesterhci.io.ippool';
export const HOST_BACKUP = 'harvesterhci.io.volumeremotebackup';
export const HOST_SETTING = 'harvesterhci.io.setting';
