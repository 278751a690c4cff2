/**
 * The fields a Steve list may sort and filter on: real Steve lists through its SQL cache, which refuses a `sort=` or
 * `filter=` naming a field it does not index, failing the whole list with 422 InvalidBodyContent
 * "column is invalid [<field>]: supplied column is invalid" (rancher/steve v0.10.2 pkg/sqlcache/informer/
 * sqlgenerator.go `getValidFieldEntry` returns `ErrInvalidColumn`; pkg/stores/sqlproxy/proxy_store.go
 * `ListByPartitions` makes it `apierror.NewAPIError(validation.InvalidBodyContent, err.Error())`). Modelled on
 * v0.10.2 (Rancher 2.15); where v0.7.47 (Rancher 2.13.8) differs, the comment says so.
 */
import { errorResponse } from '../core/errors';
import { TypeDef } from '../core/registry';
import { SimResponse } from '../core/types';
import { columnsFor } from './columns';
import { ListQuery } from './listQuery';

// proxy_store.go `commonIndexFields`: every type.
const COMMON = ['id', 'metadata.state.name'];
// pkg/sqlcache/informer/listoption_indexer.go `defaultIndexedFields` (same in v0.7.47); `metadata.namespace`
// (`defaultIndexNamespaced`) only for namespaced types.
const DEFAULTS = ['metadata.name', 'metadata.creationTimestamp'];

const PUBLIC_ENDPOINTS = 'metadata.annotations[field.cattle.io/publicEndpoints]';
const TEMPLATE_IMAGE = 'spec.template.spec.containers.image';
const STATE_DETAIL = ['metadata.state.error', 'metadata.state.message', 'metadata.state.transitioning'];
const RESOURCES = ['cpu', 'cpuRaw', 'memory', 'memoryRaw', 'pods'].flatMap((r) => [`status.allocatable.${ r }`, `status.requested.${ r }`]);
const RTB_USER = ['userName', 'userPrincipalName'];

/**
 * proxy_store.go `TypeSpecificIndexedFields`, keyed like its `gvkKey` (group_version_kind), for the types
 * lab/simulator/core/registry.ts serves (ReplicationController, HPA, cluster.x-k8s.io, management Node, NodePool,
 * NodeTemplate and rke ETCDSnapshot are not served). v0.7.47 lacks the entries marked "v0.10.2".
 */
const TYPE_SPECIFIC: Record<string, string[]> = {
  _v1_Event:                          ['_type', 'involvedObject.kind', 'involvedObject.uid', 'message', 'reason'],
  _v1_Namespace:                      ['spec.displayName'],
  // v0.10.2: spec.taints.key, status.addresses.type.
  _v1_Node:                           ['spec.taints.key', 'status.addresses.type', 'status.nodeInfo.kubeletVersion', 'status.nodeInfo.operatingSystem'],
  _v1_PersistentVolume:               ['status.reason', 'spec.persistentVolumeReclaimPolicy'],
  _v1_PersistentVolumeClaim:          ['spec.volumeName'],
  // v0.10.2: the metadata.state details, and the restart count/time as computed INTEGER columns under the Restarts
  // column's own id metadata.fields[3] (v0.7.47 indexes that column as the table's text, like any other column).
  _v1_Pod:                            [...STATE_DETAIL, 'spec.containers.image', 'spec.nodeName', 'status.podIP', 'metadata.fields[3]', 'metadata.fields[3][0]', 'metadata.fields[3][1]'],
  // v0.10.2: _type.
  _v1_Secret:                         ['_type', 'metadata.annotations[management.cattle.io/project-scoped-secret-copy]', 'spec.clusterName', 'spec.displayName'],
  _v1_Service:                        ['spec.clusterIP', 'spec.type'],
  apps_v1_DaemonSet:                  [PUBLIC_ENDPOINTS, TEMPLATE_IMAGE],
  apps_v1_Deployment:                 [PUBLIC_ENDPOINTS, TEMPLATE_IMAGE],
  apps_v1_ReplicaSet:                 [TEMPLATE_IMAGE],
  apps_v1_StatefulSet:                [PUBLIC_ENDPOINTS, TEMPLATE_IMAGE],
  batch_v1_CronJob:                   [PUBLIC_ENDPOINTS, 'spec.jobTemplate.spec.template.spec.containers.image', 'status.lastScheduleTime', 'status.lastSuccessfulTime'],
  // v0.10.2: the metadata.state details.
  batch_v1_Job:                       [PUBLIC_ENDPOINTS, ...STATE_DETAIL, TEMPLATE_IMAGE],
  'catalog.cattle.io_v1_App':         ['spec.chart.metadata.name'],
  'catalog.cattle.io_v1_ClusterRepo': ['metadata.annotations[clusterrepo.cattle.io/hidden]', 'spec.gitBranch', 'spec.gitRepo'],
  'catalog.cattle.io_v1_Operation':   ['status.action', 'status.namespace', 'status.releaseName'],
  // v0.10.2: spec.fleetWorkspaceName, status.driver, status.info.*.
  'management.cattle.io_v3_Cluster':  [
    'spec.fleetWorkspaceName', 'spec.internal', 'spec.displayName', ...RESOURCES, 'status.driver', 'status.info.kubernetesVersion',
    'status.info.machineProvider', 'status.info.nodeCount', 'status.connected', 'status.provider'
  ],
  'management.cattle.io_v3_ClusterRoleTemplateBinding': ['clusterName', ...RTB_USER],
  'management.cattle.io_v3_GlobalRoleBinding':          RTB_USER,
  'management.cattle.io_v3_Project':                    ['spec.clusterName', 'spec.displayName'],
  'management.cattle.io_v3_ProjectRoleTemplateBinding': RTB_USER,
  'management.cattle.io_v3_RoleTemplate':               ['context'],
  // v0.10.2: the whole entry.
  'management.cattle.io_v3_User':                       ['principalIds'],
  'networking.k8s.io_v1_Ingress':                       ['spec.rules.host', 'spec.ingressClassName'],
  'provisioning.cattle.io_v1_Cluster':                  [
    'metadata.annotations[provisioning.cattle.io/management-cluster-display-name]', ...RESOURCES, 'status.clusterName', 'status.provider'
  ],
  'storage.k8s.io_v1_StorageClass': ['provisioner', 'metadata.annotations[storageclass.kubernetes.io/is-default-class]'],
};

/** The field ids a list of `t` may sort and filter on, label paths aside. */
export function indexedFields(t: TypeDef): Set<string> {
  // proxy_store.go `getFieldAndColInfo`: one field per table column of the schema, `$.metadata.fields[N]`
  // (pkg/resources/common/dynamiccolumns.go `SetColumns`) with `$.` trimmed; here the columns of ./columns.ts.
  const columns = columnsFor(t.id).map((_, i) => `metadata.fields[${ i }]`);

  return new Set([
    ...DEFAULTS, ...(t.namespaced ? ['metadata.namespace'] : []), ...columns, ...COMMON,
    ...(TYPE_SPECIFIC[`${ t.group }_${ t.version }_${ t.kind }`] || []),
  ]);
}

/** sqlgenerator.go `smartJoin`: `a.b.c`, or `a.b[c]` when the last part is not a simple name. */
function smartJoin(parts: string[]): string {
  if (parts.length < 2) {
    return parts[0] || '';
  }
  const last = parts[parts.length - 1];

  return /^[a-zA-Z_][a-zA-Z0-9_]*$/.test(last) ? parts.join('.') : `${ parts.slice(0, -1).join('.') }[${ last }]`;
}

/** pkg/stores/queryhelper `SafeSplit` (sort fields): dots before the first `[`, then all up to the last character. */
function safeSplit(field: string): string[] {
  const at = field.indexOf('[');

  return at < 0 ? field.split('.') : [...field.slice(0, at).split('.'), field.slice(at + 1, -1)];
}

/** pkg/stores/sqlpartition/listprocessor/processor.go `splitQuery` (filter keys): a trailing `[…]` is one part. */
function splitQuery(key: string): string[] {
  const m = key.match(/^(.+)\[(.+)]$/);

  return m ? [...m[1].split('.'), m[2]] : key.split('.');
}

/** sqlgenerator.go `getValidFieldEntry`: the field itself, or it without its last all-digit part (`a.b.3.c`). */
function valid(fields: Set<string>, parts: string[]): boolean {
  if (fields.has(smartJoin(parts))) {
    return true;
  }
  if (parts.length <= 2) {
    return false;
  }
  // `containsNonNumericRegex` is `\D`: an empty part counts as numeric, as in Go.
  for (let i = parts.length - 1; i > 0; i--) {
    if (!/\D/.test(parts[i])) {
      return fields.has(smartJoin([...parts.slice(0, i), ...parts.slice(i + 1)]));
    }
  }

  return false;
}

/** processor.go `ParseQuery`'s sort parts: `ip(<field>)` first, then a leading `-`. */
function sortParts(sort: string): string[] | undefined {
  const field = /^ip\(.+\)$/.test(sort) ? sort.slice(3, -1) : sort;
  const name = field.startsWith('-') ? field.slice(1) : field;

  return name ? safeSplit(name) : undefined;
}

/**
 * The key of one filter term as Steve's lexer reads it (pkg/stores/sqlpartition/queryparser/selector.go
 * `scanIDOrKeyword`: up to an operator character or a space), or undefined for an existence test (`key`, `!key`),
 * which the parser allows for labels only and refuses otherwise with an error of its own.
 */
function filterKey(term: string): string | undefined {
  const m = term.trim().match(/^([^=!()<>,~\s"']+)\s*(.*)$/);

  return m && m[2] ? m[1] : undefined;
}

/** A filter's comma-separated terms: commas inside `(…)` or quotes (the lexer's `scanQuotedString`) do not split. */
function splitTerms(filter: string): string[] {
  const out = [''];
  let depth = 0;
  let quote = '';

  for (let i = 0; i < filter.length; i++) {
    const ch = filter[i];

    if (quote) {
      out[out.length - 1] += ch === '\\' ? ch + (filter[++i] ?? '') : ch;
      quote = ch === quote ? '' : quote;
      continue;
    }
    quote = ch === '"' || ch === "'" ? ch : '';
    depth += ch === '(' ? 1 : ch === ')' ? -1 : 0;
    if (ch === ',' && depth <= 0) {
      out.push('');
    } else {
      out[out.length - 1] += ch;
    }
  }

  return out;
}

/** sqlgenerator.go `isLabelFilter` / `isLabelsFieldList`: any label key is valid (the `_labels` table holds them all). */
const labelPath = (parts: string[], filter: boolean) => parts[0] === 'metadata' && parts[1] === 'labels' && (filter ? parts.length >= 2 : parts.length === 3);

/**
 * The first field of the query Steve's SQL cache refuses for `t`, as its message names it (smartJoin of the parts),
 * in the order it checks them (`compileQuery`: filters, then sorts). `filter!=` groups are checked as filters, though
 * real Steve reads no `filter!` parameter at all (processor.go `ParseQuery` reads `q["filter"]` only).
 */
export function refusedField(t: TypeDef, q: ListQuery): string | undefined {
  const fields = indexedFields(t);
  const keys = [...q.filters, ...q.notFilters].flatMap((f) => splitTerms(f).map(filterKey)).filter((k): k is string => !!k);

  for (const parts of keys.map(splitQuery)) {
    if (!labelPath(parts, true) && !valid(fields, parts)) {
      return smartJoin(parts);
    }
  }
  for (const parts of q.sort.map(sortParts)) {
    if (parts && !labelPath(parts, false) && !valid(fields, parts)) {
      return smartJoin(parts);
    }
  }

  return undefined;
}

/** Steve's answer to a list sorting or filtering on a field its SQL cache does not index, or undefined. */
export function refuseUnindexed(t: TypeDef, q: ListQuery): SimResponse | undefined {
  const field = refusedField(t, q);

  // apiserver v0.10.0 pkg/handlers/error.go `toError`: {type, status, code, message}.
  return field === undefined ? undefined : errorResponse(422, 'InvalidBodyContent', `column is invalid [${ field }]: supplied column is invalid`);
}
