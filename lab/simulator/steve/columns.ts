/**
 * Table columns Steve derives from Kubernetes' table printers (`kubectl get` columns): listed in a schema's
 * `attributes.columns`, with each object's values in `metadata.fields`. The dashboard builds list headers, and
 * some fixed tables (events), from them.
 */
import { ageOf } from './humanDuration';
import { KubeObject } from '../core/types';

export interface Column {
  name: string;
  /** Kubernetes' TableColumnDefinition types: `string`, `integer`, `number`, `boolean`, `date`. */
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  format?: string;
  description: string;
  /** 0 for the default `kubectl get` columns, 1 for `-o wide` ones. */
  priority?: number;
  value: (obj: KubeObject) => unknown;
}

const name: Column = {
  name: 'Name', type: 'string', format: 'name', description: 'Name must be unique within a namespace.', value: (o) => o.metadata.name
};
// Kubernetes' printers declare Age a string column, and Steve sends it as kubectl prints it ("3h38m").
const age: Column = {
  name: 'Age', type: 'string', description: 'CreationTimestamp is a timestamp representing the server time when this object was created.', value: (o) => ageOf(o.metadata.creationTimestamp)
};

const col = (n: string, type: Column['type'], value: Column['value'], priority = 0): Column => ({
  name: n, type, description: '', priority, value
});

function join(list: unknown[] | undefined, sep = ','): string {
  return (list || []).join(sep);
}

function nodeRoles(o: KubeObject): string {
  return Object.keys(o.metadata.labels || {}).filter((k) => k.startsWith('node-role.kubernetes.io/')).map((k) => k.split('/')[1]).join(',') || '<none>';
}

function address(o: KubeObject, type: string): string {
  return (o.status?.addresses || []).find((a: any) => a.type === type)?.address || '<none>';
}

/** printPersistentVolume's access modes: RWO, ROX, RWX, RWOP. */
function accessModes(modes: string[] | undefined): string {
  const short: Record<string, string> = {
    ReadWriteOnce: 'RWO', ReadOnlyMany: 'ROX', ReadWriteMany: 'RWX', ReadWriteOncePod: 'RWOP'
  };

  return (modes || []).map((m) => short[m] || m).join(',');
}

function selectorText(sel: Record<string, string> | undefined): string {
  return Object.entries(sel || {}).map(([k, v]) => `${ k }=${ v }`).join(',') || '<none>';
}

function podRestarts(o: KubeObject): string {
  const statuses: any[] = o.status?.containerStatuses || [];
  const restarts = statuses.reduce((n: number, c: any) => n + (c.restartCount || 0), 0);
  const last = statuses.map((c) => c.lastState?.terminated?.finishedAt).filter(Boolean).sort().pop();

  return last ? `${ restarts } (${ ageOf(last) } ago)` : `${ restarts }`;
}

/**
 * kubernetes pkg/printers/internalversion/printers.go getServiceExternalIP, wide (the API server's tables are
 * printed wide: pkg/printers/storage TableConvertor): the ingress IPs (else hostnames), deduplicated and sorted
 * (loadBalancerStatusStringer), with spec.externalIPs after them, or `<pending>` for a LoadBalancer without any.
 */
function serviceExternalIp(o: KubeObject): string {
  const external: string[] = o.spec?.externalIPs || [];
  const ingress = [...new Set<string>((o.status?.loadBalancer?.ingress || []).map((i: any) => i.ip || i.hostname).filter(Boolean))].sort();

  switch (o.spec?.type || 'ClusterIP') {
  case 'ClusterIP':
  case 'NodePort':
    return join(external) || '<none>';
  case 'LoadBalancer':
    return join([...ingress, ...external]) || '<pending>';
  case 'ExternalName':
    return o.spec?.externalName || '';
  default:
    return '<unknown>';
  }
}

const containers = (o: KubeObject) => join((o.spec?.template?.spec?.containers || []).map((c: any) => c.name));
const images = (o: KubeObject) => join((o.spec?.template?.spec?.containers || []).map((c: any) => c.image));

/** Columns as kubernetes pkg/printers/internalversion/printers.go declares them (Kubernetes 1.28+). */
const COLUMNS: Record<string, Column[]> = {
  service: [
    name,
    col('Type', 'string', (o) => o.spec?.type || 'ClusterIP'),
    col('Cluster-IP', 'string', (o) => o.spec?.clusterIP || '<none>'),
    col('External-IP', 'string', serviceExternalIp),
    col('Port(s)', 'string', (o) => join((o.spec?.ports || []).map((p: any) => `${ p.port }${ p.nodePort ? `:${ p.nodePort }` : '' }/${ p.protocol || 'TCP' }`)) || '<none>'),
    age,
    col('Selector', 'string', (o) => selectorText(o.spec?.selector), 1),
  ],
  node: [
    name,
    col('Status', 'string', (o) => ((o.status?.conditions || []).find((c: any) => c.type === 'Ready')?.status === 'True' ? 'Ready' : 'NotReady') + (o.spec?.unschedulable ? ',SchedulingDisabled' : '')),
    col('Roles', 'string', nodeRoles),
    age,
    col('Version', 'string', (o) => o.status?.nodeInfo?.kubeletVersion || ''),
    col('Internal-IP', 'string', (o) => address(o, 'InternalIP'), 1),
    col('External-IP', 'string', (o) => address(o, 'ExternalIP'), 1),
    col('OS-Image', 'string', (o) => o.status?.nodeInfo?.osImage || '<unknown>', 1),
    col('Kernel-Version', 'string', (o) => o.status?.nodeInfo?.kernelVersion || '<unknown>', 1),
    col('Container-Runtime', 'string', (o) => o.status?.nodeInfo?.containerRuntimeVersion || '<unknown>', 1),
  ],
  pod: [
    name,
    col('Ready', 'string', (o) => `${ (o.status?.containerStatuses || []).filter((c: any) => c.ready).length }/${ (o.spec?.containers || []).length }`),
    col('Status', 'string', (o) => o.status?.reason || o.status?.phase || 'Pending'),
    // A string, as printPod makes it ("2 (5m ago)" after a restart); the dashboard's Pod model matches a pattern
    // on it (shell/models/pod.js restartsCount), so a number blanks the Pods page.
    col('Restarts', 'string', podRestarts),
    age,
    col('IP', 'string', (o) => o.status?.podIP || '<none>', 1),
    col('Node', 'string', (o) => o.spec?.nodeName || '<none>', 1),
    col('Nominated Node', 'string', (o) => o.status?.nominatedNodeName || '<none>', 1),
    col('Readiness Gates', 'string', (o) => (o.spec?.readinessGates?.length ? `${ o.spec.readinessGates.length }` : '<none>'), 1),
  ],
  'apps.deployment': [
    name,
    col('Ready', 'string', (o) => `${ o.status?.readyReplicas || 0 }/${ o.spec?.replicas ?? 1 }`),
    col('Up-to-date', 'integer', (o) => o.status?.updatedReplicas || 0),
    col('Available', 'integer', (o) => o.status?.availableReplicas || 0),
    age,
    col('Containers', 'string', containers, 1),
    col('Images', 'string', images, 1),
    col('Selector', 'string', (o) => selectorText(o.spec?.selector?.matchLabels), 1),
  ],
  'apps.daemonset': [
    name,
    col('Desired', 'integer', (o) => o.status?.desiredNumberScheduled || 0),
    col('Current', 'integer', (o) => o.status?.currentNumberScheduled || 0),
    col('Ready', 'integer', (o) => o.status?.numberReady || 0),
    col('Up-to-date', 'integer', (o) => o.status?.updatedNumberScheduled || 0),
    col('Available', 'integer', (o) => o.status?.numberAvailable || 0),
    col('Node Selector', 'string', (o) => selectorText(o.spec?.template?.spec?.nodeSelector)),
    age,
    col('Containers', 'string', containers, 1),
    col('Images', 'string', images, 1),
    col('Selector', 'string', (o) => selectorText(o.spec?.selector?.matchLabels), 1),
  ],
  event: [
    col('Last Seen', 'string', (o) => ageOf(o.lastTimestamp || o.eventTime || o.metadata.creationTimestamp)),
    col('Type', 'string', (o) => o.type || 'Normal'),
    col('Reason', 'string', (o) => o.reason || ''),
    col('Object', 'string', (o) => `${ (o.involvedObject?.kind || '').toLowerCase() }/${ o.involvedObject?.name || '' }`),
    col('Subobject', 'string', (o) => o.involvedObject?.fieldPath || '', 1),
    // printEvent's formatEventSource: "component, host" when the host is known.
    col('Source', 'string', (o) => [o.source?.component || o.reportingComponent || '', o.source?.host].filter(Boolean).join(', '), 1),
    col('Message', 'string', (o) => o.message || ''),
    col('First Seen', 'string', (o) => ageOf(o.firstTimestamp || o.metadata.creationTimestamp), 1),
    col('Count', 'integer', (o) => o.count || 1, 1),
    col('Name', 'string', (o) => o.metadata.name, 1),
  ],
  namespace:                     [name, col('Status', 'string', (o) => o.status?.phase || 'Active'), age],
  configmap:                     [name, col('Data', 'integer', (o) => Object.keys(o.data || {}).length), age],
  serviceaccount:                [name, col('Secrets', 'integer', (o) => (o.secrets || []).length), age],
  'storage.k8s.io.storageclass': [
    name,
    col('Provisioner', 'string', (o) => o.provisioner),
    col('ReclaimPolicy', 'string', (o) => o.reclaimPolicy || 'Delete'),
    col('VolumeBindingMode', 'string', (o) => o.volumeBindingMode || 'Immediate'),
    col('AllowVolumeExpansion', 'boolean', (o) => !!o.allowVolumeExpansion),
    age,
  ],
  // The CRD's additionalPrinterColumns.
  'snapshot.storage.k8s.io.volumesnapshotclass': [
    name,
    col('Driver', 'string', (o) => o.driver),
    col('DeletionPolicy', 'string', (o) => o.deletionPolicy),
    age,
  ],
  // external-snapshotter's VolumeSnapshot CRD additionalPrinterColumns.
  'snapshot.storage.k8s.io.volumesnapshot': [
    name,
    col('ReadyToUse', 'boolean', (o) => !!o.status?.readyToUse),
    col('SourcePVC', 'string', (o) => o.spec?.source?.persistentVolumeClaimName || ''),
    col('RestoreSize', 'string', (o) => o.status?.restoreSize || ''),
    col('SnapshotClass', 'string', (o) => o.spec?.volumeSnapshotClassName || ''),
    col('SnapshotContent', 'string', (o) => o.status?.boundVolumeSnapshotContentName || ''),
    col('CreationTime', 'string', (o) => o.status?.creationTime || ''),
    age,
  ],
  // load-balancer-harvester's CRD (crds/loadbalancer.harvesterhci.io_loadbalancers.yaml, v1beta1) additionalPrinterColumns.
  'loadbalancer.harvesterhci.io.loadbalancer': [
    name,
    col('DESCRIPTION', 'string', (o) => o.spec?.description || ''),
    col('WORKLOADTYPE', 'string', (o) => o.spec?.workloadType || ''),
    col('IPAM', 'string', (o) => o.spec?.ipam || ''),
    col('ADDRESS', 'string', (o) => o.status?.address || ''),
    col('AGE', 'date', (o) => o.metadata.creationTimestamp || ''),
  ],
  persistentvolumeclaim: [
    name,
    col('Status', 'string', (o) => o.status?.phase || 'Pending'),
    col('Volume', 'string', (o) => o.spec?.volumeName || ''),
    col('Capacity', 'string', (o) => o.status?.capacity?.storage || ''),
    col('Access Modes', 'string', (o) => accessModes(o.status?.accessModes)),
    col('StorageClass', 'string', (o) => o.spec?.storageClassName || ''),
    age,
    col('VolumeMode', 'string', (o) => o.spec?.volumeMode || 'Filesystem', 1),
  ],
  persistentvolume: [
    name,
    col('Capacity', 'string', (o) => o.spec?.capacity?.storage || ''),
    col('Access Modes', 'string', (o) => accessModes(o.spec?.accessModes)),
    col('Reclaim Policy', 'string', (o) => o.spec?.persistentVolumeReclaimPolicy || 'Retain'),
    col('Status', 'string', (o) => o.status?.phase || 'Pending'),
    col('Claim', 'string', (o) => (o.spec?.claimRef ? `${ o.spec.claimRef.namespace }/${ o.spec.claimRef.name }` : '')),
    col('StorageClass', 'string', (o) => o.spec?.storageClassName || ''),
    col('Reason', 'string', (o) => o.status?.reason || ''),
    age,
    col('VolumeMode', 'string', (o) => o.spec?.volumeMode || 'Filesystem', 1),
  ],
};

const DEFAULT_COLUMNS: Column[] = [name, age];

export function columnsFor(typeId: string): Column[] {
  return COLUMNS[typeId] || DEFAULT_COLUMNS;
}

/** The schema's `attributes.columns`: where each column's value sits in `metadata.fields`. */
export function schemaColumns(typeId: string): unknown[] {
  return columnsFor(typeId).map((c, i) => ({
    name: c.name, type: c.type, format: c.format || '', description: c.description, priority: c.priority || 0, field: `$.metadata.fields[${ i }]`
  }));
}

export function fieldValues(typeId: string, obj: KubeObject): unknown[] {
  return columnsFor(typeId).map((c) => {
    const v = c.value(obj);

    return v === undefined ? null : v;
  });
}
