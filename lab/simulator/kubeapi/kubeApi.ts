/**
 * The Kubernetes API of each simulated cluster, as Rancher proxies it (`/k8s/clusters/<id>/api`, `/apis`,
 * `/version`; the local cluster's also at `/api`, `/apis`): discovery, and get/list/create/update/patch/delete of
 * the cluster's resources in JSON, on the same stored objects Steve serves (through the same CRUD core, so
 * validation, RBAC and resourceVersions agree), without Steve's decorations and with Kubernetes' Status errors.
 * `kubectl get` asks for a server-side Table; it gets one built from the same printer columns Steve's
 * `metadata.fields` come from. Watches stream from kubeWatch.ts.
 */
import { header } from '../rancher/auth';
import { columnsFor, fieldValues } from '../steve/columns';
import { SteveContext } from '../steve/context';
import { getOne, listCollection } from '../steve/read';
import { create, patch, update } from '../steve/write';
import { remove } from '../steve/remove';
import { getObject, SimState } from '../core/state';
import { fromSteveObject } from '../steve/steveObject';
import { TypeDef } from '../core/registry';
import { SimRequest, SimResponse, SimUser } from '../core/types';
import { KUBERNETES_VERSION } from '../core/versions';
import {
  apiGroupList, apiResourceList, apiVersions, groupVersion, kubeTypes
} from '../kube/discovery';
import { fromSteveError, status } from '../kube/status';
import { strategicToMergePatch } from '../kube/strategicMerge';

function json(body: unknown, code = 200): SimResponse {
  return {
    status: code, headers: { 'content-type': 'application/json' }, body
  };
}

export function versionInfo(): any {
  const [major, minor] = KUBERNETES_VERSION.replace(/^v/, '').split('.');

  return {
    // Kubernetes >= 1.33 also reports its emulation and minimum compatibility versions (real kube-apiserver's /version).
    major, minor, emulationMajor: major, emulationMinor: minor, minCompatibilityMajor: major, minCompatibilityMinor: `${ Math.max(0, parseInt(minor, 10) - 1) }`, gitVersion: KUBERNETES_VERSION, gitCommit: 'simulator', gitTreeState: 'clean', buildDate: '2025-01-01T00:00:00Z', goVersion: 'go1.24', compiler: 'gc', platform: 'linux/amd64'
  };
}

export interface KubeTarget {
  t: TypeDef;
  namespace?: string;
  name?: string;
  subresource?: string;
}

/** `[namespaces/<ns>/]<resource>[/<name>[/<subresource>]]` under a group version. */
export function parseResourcePath(types: TypeDef[], gv: string, rest: string[]): KubeTarget | null {
  let namespace: string | undefined;
  let parts = rest;

  if (parts[0] === 'namespaces' && parts.length >= 3) {
    namespace = parts[1];
    parts = parts.slice(2);
  }
  const [resource, name, subresource, ...more] = parts;
  const t = types.find((x) => groupVersion(x) === gv && x.resource === resource);

  if (!t || more.length || (namespace && !t.namespaced)) {
    return null;
  }

  return {
    t, namespace, name, subresource
  };
}

export function wantsTable(req: SimRequest): boolean {
  return /as=Table/.test(header(req, 'accept') || '');
}

/** meta.k8s.io/v1 Table of objects, with the printer columns (kubectl prints priority 0; `-o wide` all). */
export function table(t: TypeDef, objects: any[], resourceVersion: string): any {
  const columns = columnsFor(t.id);

  return {
    kind:              'Table',
    apiVersion:        'meta.k8s.io/v1',
    metadata:          { resourceVersion },
    columnDefinitions: columns.map((c) => ({
      name: c.name, type: c.type, format: c.format || '', description: c.description, priority: c.priority || 0
    })),
    rows: objects.map((o) => ({
      cells:  fieldValues(t.id, o),
      object: {
        kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: o.metadata
      }
    })),
  };
}

/** `X "n" is invalid: [f: Invalid value: …, g: …]` as Status causes {reason, message, field}. */
function invalidCauses(message: string): Record<string, string>[] {
  const list = message.replace(/^.*? is invalid: /, '').replace(/^\[(.*)\]$/, '$1');

  return list.split(/, (?=[a-zA-Z][\w.[\]]*: )/).map((c) => {
    const i = c.indexOf(': ');
    const msg = c.slice(i + 2);

    return {
      reason: msg.startsWith('Invalid value') ? 'FieldValueInvalid' : msg.startsWith('Required') ? 'FieldValueRequired' : 'FieldValueInvalid', message: msg, field: c.slice(0, i)
    };
  });
}

function errorDetails(target: KubeTarget): Record<string, unknown> {
  return {
    ...(target.name ? { name: target.name } : {}), ...(target.t.group ? { group: target.t.group } : {}), kind: target.t.resource
  };
}

function objectResponse(res: SimResponse, target: KubeTarget, req: SimRequest): SimResponse {
  if (res.status === 422) {
    // Invalid: the API server names the Kind (not the resource) and lists each field error as a cause.
    return fromSteveError(res, {
      ...errorDetails(target), kind: target.t.kind, causes: invalidCauses((res.body as any)?.message || '')
    });
  }
  if (res.status >= 400) {
    return fromSteveError(res, errorDetails(target));
  }
  const obj = fromSteveObject(res.body);

  return json(wantsTable(req) && req.method.toUpperCase() === 'GET' ? table(target.t, [obj], obj.metadata?.resourceVersion || '') : obj, res.status);
}

function resourceRequest(ctx: SteveContext, req: SimRequest, target: KubeTarget, query: URLSearchParams): SimResponse {
  const {
    t, namespace, name, subresource
  } = target;
  const method = req.method.toUpperCase();
  const id = name ? (t.namespaced ? `${ namespace }/${ name }` : name) : undefined;

  if (subresource && !(subresource === 'status' && method === 'GET')) {
    return status(405, 'MethodNotAllowed', `the simulator does not serve ${ t.resource }/${ subresource } for ${ method }`);
  }
  if (t.namespaced && name && !namespace) {
    return status(404, 'NotFound', 'the server could not find the requested resource');
  }
  if (['POST', 'PUT', 'PATCH'].includes(method) && /protobuf|cbor/.test(header(req, 'content-type') || '')) {
    // The API server's answer to a body it cannot decode; client-go then falls back to JSON for later requests.
    return status(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/merge-patch+json, application/json-patch+json`);
  }
  const body = req.body && typeof req.body === 'object' ? { ...(req.body as any) } : req.body;

  switch (method) {
  case 'GET': {
    if (id) {
      return objectResponse(getOne(ctx, t, id), target, req);
    }
    const res = listCollection(ctx, t, namespace, query, false);

    if (res.status >= 400) {
      return fromSteveError(res, errorDetails(target));
    }
    const list: any = res.body;
    const items = list.data.map((o: any) => fromSteveObject(o));

    if (wantsTable(req)) {
      return json(table(t, items, list.revision));
    }

    return json({
      kind: `${ t.kind }List`, apiVersion: groupVersion(t), metadata: { resourceVersion: list.revision, ...(list.continue ? { continue: list.continue } : {}) }, items
    });
  }
  case 'POST':
    return id ? status(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource') : objectResponse(create(ctx, t, namespace, body), { ...target, name: body?.metadata?.name }, req);
  case 'PUT':
    return id ? objectResponse(update(ctx, t, id, body), target, req) : status(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
  case 'PATCH': {
    const type = header(req, 'content-type') || '';

    if (type.includes('apply-patch')) {
      return status(415, 'UnsupportedMediaType', 'the simulator does not implement server-side apply; use client-side apply');
    }

    // A strategic merge patch merges known lists by key, then applies as a JSON merge patch.
    const merged = id && type.includes('strategic-merge-patch') ? strategicToMergePatch(getObject(ctx.state, ctx.cluster.id, t.id, id), body) : body;

    return id ? objectResponse(patch(ctx, t, id, merged, type.includes('json-patch') ? type : 'application/merge-patch+json'), target, req) : status(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
  }
  case 'DELETE':
    return id ? objectResponse(remove(ctx, t, id), target, req) : status(405, 'MethodNotAllowed', 'the simulator does not delete collections');
  default:
    return status(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
  }
}

/**
 * Answers a request below a cluster's Kubernetes API root; `segments` start at `api`, `apis` or `version`.
 * Returns null for paths that are not the Kubernetes API.
 */
export function handleKubeApi(state: SimState, req: SimRequest, user: SimUser, clusterId: string, prefix: string, origin: string, segments: string[], query: URLSearchParams): SimResponse | null {
  const cluster = state.clusters[clusterId];
  const [root, ...rest] = segments;

  if (!cluster || !['api', 'apis', 'version'].includes(root)) {
    return null;
  }
  if (root === 'version') {
    return json(versionInfo());
  }
  const ctx: SteveContext = {
    state, user, cluster, origin, prefix
  };
  const types = kubeTypes(cluster.kind);

  if (root === 'api') {
    if (!rest.length) {
      return json(apiVersions());
    }
    if (rest[0] !== 'v1') {
      return status(404, 'NotFound', 'the server could not find the requested resource');
    }
    if (rest.length === 1) {
      return json(apiResourceList(cluster.kind, 'v1'));
    }
    const target = parseResourcePath(types, 'v1', rest.slice(1));

    return target ? resourceRequest(ctx, req, target, query) : status(404, 'NotFound', 'the server could not find the requested resource');
  }
  if (!rest.length) {
    return json(apiGroupList(cluster.kind));
  }
  const [group, version, ...more] = rest;
  const groups = apiGroupList(cluster.kind).groups;
  const g = groups.find((x: any) => x.name === group);

  if (!g) {
    return status(404, 'NotFound', 'the server could not find the requested resource');
  }
  if (!version) {
    return json({
      kind: 'APIGroup', apiVersion: 'v1', ...g
    });
  }
  if (!more.length) {
    const list = apiResourceList(cluster.kind, `${ group }/${ version }`);

    return list ? json(list) : status(404, 'NotFound', 'the server could not find the requested resource');
  }
  const target = parseResourcePath(types, `${ group }/${ version }`, more);

  return target ? resourceRequest(ctx, req, target, query) : status(404, 'NotFound', 'the server could not find the requested resource');
}
