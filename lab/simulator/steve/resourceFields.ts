/**
 * Field definitions for the types this extension's forms edit, in Steve's schemaDefinition shape (a subset of
 * the Kubernetes OpenAPI models, enough for the dashboard's forms and YAML comments). Every type a field refers to
 * is defined too.
 */
export interface DefinitionField {
  type: string;
  subtype?: string;
  description?: string;
  required?: boolean;
}

export interface Definition {
  type: string;
  description: string;
  resourceFields: Record<string, DefinitionField>;
}

const s = (description?: string): DefinitionField => ({ type: 'string', ...(description ? { description } : {}) });
const int = (description?: string): DefinitionField => ({ type: 'int', ...(description ? { description } : {}) });
const bool = (description?: string): DefinitionField => ({ type: 'boolean', ...(description ? { description } : {}) });
const ref = (type: string, description?: string): DefinitionField => ({ type, ...(description ? { description } : {}) });
const arrayOf = (subtype: string, description?: string): DefinitionField => ({
  type: 'array', subtype, ...(description ? { description } : {})
});
const mapOf = (subtype: string, description?: string): DefinitionField => ({
  type: 'map', subtype, ...(description ? { description } : {})
});

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

function def(type: string, description: string, resourceFields: Record<string, DefinitionField>): Definition {
  return {
    type, description, resourceFields
  };
}

const SHARED: Definition[] = [
  def(META, 'ObjectMeta is metadata that all persisted resources must have.', {
    name:              s('Name must be unique within a namespace.'),
    generateName:      s('Optional prefix used by the server to generate a unique name.'),
    namespace:         s('Namespace defines the space within which each name must be unique.'),
    labels:            mapOf('string', 'Map of string keys and values that can be used to organize and categorize objects.'),
    annotations:       mapOf('string', 'Annotations is an unstructured key value map stored with a resource.'),
    uid:               s(),
    resourceVersion:   s('An opaque value that represents the internal version of this object.'),
    generation:        int(),
    creationTimestamp: ref('date'),
    deletionTimestamp: ref('date'),
    finalizers:        arrayOf('string'),
    ownerReferences:   arrayOf('io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference'),
  }),
  def('io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference', 'OwnerReference contains enough information to let you identify an owning object.', {
    apiVersion: s(), kind: s(), name: s(), uid: s(), controller: bool(), blockOwnerDeletion: bool(),
  }),
  def('io.k8s.apimachinery.pkg.apis.meta.v1.Condition', 'Condition contains details for one aspect of the current state.', {
    type: s(), status: s(), reason: s(), message: s(), lastTransitionTime: ref('date'),
  }),
];

const SERVICE: Definition[] = [
  def('service', 'Service is a named abstraction of software service (for example, mysql) consisting of local port that the proxy listens on, and the selector that determines which pods will answer requests sent through the proxy.', {
    apiVersion: s(), kind: s(), metadata: ref(META), spec: ref('io.k8s.api.core.v1.ServiceSpec'), status: ref('io.k8s.api.core.v1.ServiceStatus'),
  }),
  def('io.k8s.api.core.v1.ServiceSpec', 'ServiceSpec describes the attributes that a user creates on a service.', {
    type:                          s('type determines how the Service is exposed: ClusterIP, NodePort, LoadBalancer or ExternalName.'),
    ports:                         arrayOf('io.k8s.api.core.v1.ServicePort', 'The list of ports that are exposed by this service.'),
    selector:                      mapOf('string', 'Route service traffic to pods with label keys and values matching this selector.'),
    clusterIP:                     s(),
    clusterIPs:                    arrayOf('string'),
    externalIPs:                   arrayOf('string'),
    externalName:                  s(),
    externalTrafficPolicy:         s(),
    internalTrafficPolicy:         s(),
    healthCheckNodePort:           int(),
    loadBalancerIP:                s(),
    loadBalancerClass:             s(),
    loadBalancerSourceRanges:      arrayOf('string'),
    allocateLoadBalancerNodePorts: bool(),
    sessionAffinity:               s(),
    ipFamilies:                    arrayOf('string'),
    ipFamilyPolicy:                s(),
    publishNotReadyAddresses:      bool(),
  }),
  def('io.k8s.api.core.v1.ServicePort', 'ServicePort contains information on service\'s port.', {
    name: s(), protocol: s(), appProtocol: s(), port: { type: 'int', required: true }, targetPort: ref('intOrString'), nodePort: int(),
  }),
  def('io.k8s.api.core.v1.ServiceStatus', 'ServiceStatus represents the current status of a service.', { loadBalancer: ref('io.k8s.api.core.v1.LoadBalancerStatus'), conditions: arrayOf('io.k8s.apimachinery.pkg.apis.meta.v1.Condition') }),
  def('io.k8s.api.core.v1.LoadBalancerStatus', 'LoadBalancerStatus represents the status of a load-balancer.', { ingress: arrayOf('io.k8s.api.core.v1.LoadBalancerIngress') }),
  def('io.k8s.api.core.v1.LoadBalancerIngress', 'LoadBalancerIngress represents the status of a load-balancer ingress point.', {
    ip: s(), hostname: s(), ipMode: s(), ports: arrayOf('io.k8s.api.core.v1.PortStatus'),
  }),
  def('io.k8s.api.core.v1.PortStatus', 'PortStatus represents the error condition of a service port.', {
    port: int(), protocol: s(), error: s()
  }),
];

const STORAGE_CLASS: Definition[] = [
  def('storage.k8s.io.storageclass', 'StorageClass describes the parameters for a class of storage for which PersistentVolumes can be dynamically provisioned.', {
    apiVersion:  s(),
    kind:        s(),
    metadata:    ref(META),
    provisioner: {
      type: 'string', required: true, description: 'provisioner indicates the type of the provisioner.'
    },
    parameters:           mapOf('string', 'parameters holds the parameters for the provisioner that should create volumes of this storage class.'),
    reclaimPolicy:        s(),
    volumeBindingMode:    s(),
    allowVolumeExpansion: bool(),
    mountOptions:         arrayOf('string'),
    allowedTopologies:    arrayOf('io.k8s.api.core.v1.TopologySelectorTerm'),
  }),
  def('io.k8s.api.core.v1.TopologySelectorTerm', 'A topology selector term represents the result of label queries.', { matchLabelExpressions: arrayOf('io.k8s.api.core.v1.TopologySelectorLabelRequirement') }),
  def('io.k8s.api.core.v1.TopologySelectorLabelRequirement', 'A topology selector requirement.', { key: s(), values: arrayOf('string') }),
];

// The fields of external-snapshotter's CRD (client/config/crd/snapshot.storage.k8s.io_volumesnapshotclasses.yaml).
const VOLUME_SNAPSHOT_CLASS: Definition[] = [
  def('snapshot.storage.k8s.io.volumesnapshotclass', 'VolumeSnapshotClass specifies parameters that a underlying storage system uses when creating a volume snapshot.', {
    apiVersion: s(),
    kind:       s(),
    metadata:   ref(META),
    driver:     {
      type: 'string', required: true, description: 'driver is the name of the storage driver expected to handle this VolumeSnapshotClass.'
    },
    deletionPolicy: {
      type: 'string', required: true, description: 'deletionPolicy determines whether a VolumeSnapshotContent created through the VolumeSnapshotClass should be deleted when its bound VolumeSnapshot is deleted. Supported values are "Retain" and "Delete".'
    },
    parameters: mapOf('string', 'parameters is a key-value map with storage driver specific parameters for creating snapshots.'),
  }),
];

const CONFIG_MAP: Definition[] = [
  def('configmap', 'ConfigMap holds configuration data for pods to consume.', {
    apiVersion: s(), kind: s(), metadata: ref(META), data: mapOf('string'), binaryData: mapOf('base64'), immutable: bool(),
  }),
];

const NODE: Definition[] = [
  def('node', 'Node is a worker node in Kubernetes.', {
    apiVersion: s(), kind: s(), metadata: ref(META), spec: ref('io.k8s.api.core.v1.NodeSpec'), status: ref('io.k8s.api.core.v1.NodeStatus'),
  }),
  def('io.k8s.api.core.v1.NodeSpec', 'NodeSpec describes the attributes that a node is created with.', {
    podCIDR: s(), podCIDRs: arrayOf('string'), providerID: s('ID of the node assigned by the cloud provider.'), taints: arrayOf('io.k8s.api.core.v1.Taint'), unschedulable: bool(),
  }),
  def('io.k8s.api.core.v1.Taint', 'The node this Taint is attached to has the "effect" on any pod that does not tolerate the Taint.', {
    key: { type: 'string', required: true }, value: s(), effect: { type: 'string', required: true }, timeAdded: ref('date'),
  }),
  def('io.k8s.api.core.v1.NodeStatus', 'NodeStatus is information about the current status of a node.', {
    addresses: arrayOf('io.k8s.api.core.v1.NodeAddress'), allocatable: mapOf('string'), capacity: mapOf('string'), conditions: arrayOf('io.k8s.api.core.v1.NodeCondition'), nodeInfo: ref('io.k8s.api.core.v1.NodeSystemInfo'),
  }),
  def('io.k8s.api.core.v1.NodeAddress', 'NodeAddress contains information for the node\'s address.', { type: s(), address: s() }),
  def('io.k8s.api.core.v1.NodeCondition', 'NodeCondition contains condition information for a node.', {
    type: s(), status: s(), reason: s(), message: s(), lastHeartbeatTime: ref('date'), lastTransitionTime: ref('date'),
  }),
  def('io.k8s.api.core.v1.NodeSystemInfo', 'NodeSystemInfo is a set of ids/uuids to uniquely identify the node.', {
    architecture: s(), containerRuntimeVersion: s(), kernelVersion: s(), kubeletVersion: s(), operatingSystem: s(), osImage: s(),
  }),
];

/** Schema id -> the definitions its schemaDefinition answer carries (its own first). */
export const DEFINITIONS: Record<string, Definition[]> = {
  service:                                       [...SERVICE, ...SHARED],
  'storage.k8s.io.storageclass':                 [...STORAGE_CLASS, ...SHARED],
  'snapshot.storage.k8s.io.volumesnapshotclass': [...VOLUME_SNAPSHOT_CLASS, ...SHARED],
  configmap:                                     [...CONFIG_MAP, ...SHARED],
  node:                                          [...NODE, ...SHARED],
};

/**
 * A plain definition for types without detailed fields: the top-level object fields, with spec and status as
 * definitions of their own (the dashboard walks paths like `status.conditions` through them and fails on a
 * reference it cannot find).
 */
export function genericDefinition(schemaId: string, kind: string): Definition[] {
  return [
    def(schemaId, kind, {
      apiVersion: s(), kind: s(), metadata: ref(META), spec: ref(`${ schemaId }.spec`), status: ref(`${ schemaId }.status`),
    }),
    def(`${ schemaId }.spec`, `The desired state of a ${ kind }.`, {}),
    def(`${ schemaId }.status`, `The observed state of a ${ kind }.`, { conditions: arrayOf('io.k8s.apimachinery.pkg.apis.meta.v1.Condition') }),
    ...SHARED,
  ];
}
