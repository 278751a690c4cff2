/**
 * Table columns Steve derives from Kubernetes' table printers (`kubectl get` columns): listed in a schema's
 * `attributes.columns`, with each object's values in `metadata.fields`. The dashboard builds list headers, and
 * some fixed tables (events), from them.
 */
import { ageOf } from './humanDuration';
import { KubeObject } from './types';

export interface Column {
  name: string;
  type: 'string' | 'date' | 'int' | 'number';
  format?: string;
  description: string;
  value: (obj: KubeObject) => unknown;
}

const name: Column = {
  name: 'Name', type: 'string', format: 'name', description: 'Name must be unique within a namespace.', value: (o) => o.metadata.name
};
// Kubernetes' printers declare Age a string column, and Steve sends it as kubectl prints it ("3h38m").
const age: Column = {
  name: 'Age', type: 'string', description: 'CreationTimestamp is a timestamp representing the server time when this object was created.', value: (o) => ageOf(o.metadata.creationTimestamp)
};

const col = (n: string, type: Column['type'], value: Column['value'], description = ''): Column => ({
  name: n, type, description, value
});

function join(list: unknown[] | undefined, sep = ','): string {
  return (list || []).join(sep);
}

function nodeRoles(o: KubeObject): string {
  return Object.keys(o.metadata.labels || {}).filter((k) => k.startsWith('node-role.kubernetes.io/')).map((k) => k.split('/')[1]).join(',') || '<none>';
}

function podRestarts(o: KubeObject): string {
  const statuses: any[] = o.status?.containerStatuses || [];
  const restarts = statuses.reduce((n: number, c: any) => n + (c.restartCount || 0), 0);
  const last = statuses.map((c) => c.lastState?.terminated?.finishedAt).filter(Boolean).sort().pop();

  return last ? `${ restarts } (${ ageOf(last) } ago)` : `${ restarts }`;
}

const COLUMNS: Record<string, Column[]> = {
  service: [
    name,
    col('Type', 'string', (o) => o.spec?.type || 'ClusterIP'),
    col('Cluster-IP', 'string', (o) => o.spec?.clusterIP || '<none>'),
    col('External-IP', 'string', (o) => join((o.status?.loadBalancer?.ingress || []).map((i: any) => i.ip || i.hostname)) || (o.spec?.type === 'LoadBalancer' ? '<pending>' : '<none>')),
    col('Port(s)', 'string', (o) => join((o.spec?.ports || []).map((p: any) => `${ p.port }${ p.nodePort ? `:${ p.nodePort }` : '' }/${ p.protocol || 'TCP' }`)) || '<none>'),
    age,
    col('Selector', 'string', (o) => Object.entries(o.spec?.selector || {}).map(([k, v]) => `${ k }=${ v }`).join(',') || '<none>'),
  ],
  node: [
    name,
    col('Status', 'string', (o) => ((o.status?.conditions || []).find((c: any) => c.type === 'Ready')?.status === 'True' ? 'Ready' : 'NotReady')),
    col('Roles', 'string', nodeRoles),
    age,
    col('Version', 'string', (o) => o.status?.nodeInfo?.kubeletVersion || ''),
  ],
  pod: [
    name,
    col('Ready', 'string', (o) => `${ (o.status?.containerStatuses || []).filter((c: any) => c.ready).length }/${ (o.spec?.containers || []).length }`),
    col('Status', 'string', (o) => o.status?.phase || 'Pending'),
    // A string, as kubernetes pkg/printers/internalversion printPod makes it ("2 (5m ago)" after a restart); the
    // dashboard's Pod model matches a pattern on it (shell/models/pod.js restartsCount).
    col('Restarts', 'string', podRestarts),
    age,
    col('IP', 'string', (o) => o.status?.podIP || '<none>'),
    col('Node', 'string', (o) => o.spec?.nodeName || '<none>'),
  ],
  'apps.deployment': [
    name,
    col('Ready', 'string', (o) => `${ o.status?.readyReplicas || 0 }/${ o.spec?.replicas ?? 1 }`),
    col('Up-to-date', 'int', (o) => o.status?.updatedReplicas || 0),
    col('Available', 'int', (o) => o.status?.availableReplicas || 0),
    age,
  ],
  event: [
    col('Last Seen', 'string', (o) => ageOf(o.lastTimestamp || o.eventTime || o.metadata.creationTimestamp)),
    col('Type', 'string', (o) => o.type || 'Normal'),
    col('Reason', 'string', (o) => o.reason || ''),
    col('Object', 'string', (o) => `${ (o.involvedObject?.kind || '').toLowerCase() }/${ o.involvedObject?.name || '' }`),
    col('Subobject', 'string', (o) => o.involvedObject?.fieldPath || ''),
    // printEvent's formatEventSource: "component, host" when the host is known.
    col('Source', 'string', (o) => [o.source?.component || o.reportingComponent || '', o.source?.host].filter(Boolean).join(', ')),
    col('Message', 'string', (o) => o.message || ''),
    col('First Seen', 'string', (o) => ageOf(o.firstTimestamp || o.metadata.creationTimestamp)),
    col('Count', 'int', (o) => o.count || 1),
    name,
  ],
  namespace:                     [name, col('Status', 'string', (o) => o.status?.phase || 'Active'), age],
  configmap:                     [name, col('Data', 'int', (o) => Object.keys(o.data || {}).length), age],
  'storage.k8s.io.storageclass': [
    name,
    col('Provisioner', 'string', (o) => o.provisioner),
    col('ReclaimPolicy', 'string', (o) => o.reclaimPolicy || 'Delete'),
    col('VolumeBindingMode', 'string', (o) => o.volumeBindingMode || 'Immediate'),
    col('AllowVolumeExpansion', 'string', (o) => `${ !!o.allowVolumeExpansion }`),
    age,
  ],
};

const DEFAULT_COLUMNS: Column[] = [name, age];

export function columnsFor(typeId: string): Column[] {
  return COLUMNS[typeId] || DEFAULT_COLUMNS;
}

/** The schema's `attributes.columns`: where each column's value sits in `metadata.fields`. */
export function schemaColumns(typeId: string): unknown[] {
  return columnsFor(typeId).map((c, i) => ({
    name: c.name, field: `$.metadata.fields[${ i }]`, type: c.type, format: c.format || '', description: c.description, priority: 0
  }));
}

export function fieldValues(typeId: string, obj: KubeObject): unknown[] {
  return columnsFor(typeId).map((c) => {
    const v = c.value(obj);

    return v === undefined ? null : v;
  });
}
