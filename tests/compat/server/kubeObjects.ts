/**
 * The objects of a real stack cluster as its kube-apiserver stores them, addressed by Steve's type names (`service`,
 * `apps.deployment`, `snapshot.storage.k8s.io.volumesnapshotclass`): what a flow asserts is read here, not through
 * the server under test. And a snapshot of the kinds the flows change, to put a cluster back between tests
 * without restarting what is connected to it (Rancher's agents).
 */
import { KubeTarget, kubeExpect, kubeRequest } from '../../../stack/src/kubeClient';
import type { KubeObject } from '../../../simulator/steve/types';

interface Resource { base: string; plural: string; namespaced: boolean }

const resources = new Map<string, Resource>();

/** Steve's type name to the REST collection, from the API server's discovery. */
async function resourceOf(t: KubeTarget, type: string): Promise<Resource> {
  const key = `${ t.url } ${ type }`;
  const known = resources.get(key);

  if (known) {
    return known;
  }
  const dot = type.lastIndexOf('.');
  const [group, kind] = dot < 0 ? ['', type] : [type.slice(0, dot), type.slice(dot + 1)];
  let base = '/api/v1';

  if (group) {
    const g = await kubeExpect(t, 'GET', `/apis/${ group }`, undefined, [200]);

    base = `/apis/${ g.body.preferredVersion.groupVersion }`;
  }
  const list = await kubeExpect(t, 'GET', base, undefined, [200]);
  const r = (list.body.resources as any[]).find((x) => !x.name.includes('/') && (x.singularName === kind || x.kind.toLowerCase() === kind));

  if (!r) {
    throw new Error(`no resource for Steve type ${ type } at ${ base }`);
  }
  const found = {
    base, plural: r.name, namespaced: r.namespaced
  };

  resources.set(key, found);

  return found;
}

function pathOf(r: Resource, id?: string): string {
  if (!id) {
    return `${ r.base }/${ r.plural }`;
  }
  const [ns, name] = r.namespaced ? id.split('/') : [undefined, id];

  return `${ r.base }${ ns ? `/namespaces/${ ns }` : '' }/${ r.plural }/${ name }`;
}

export async function kubeObject(t: KubeTarget, type: string, id: string): Promise<KubeObject | null> {
  const r = await kubeRequest(t, 'GET', pathOf(await resourceOf(t, type), id));

  if (r.status === 404) {
    return null;
  }
  if (r.status !== 200) {
    throw new Error(`GET ${ type } ${ id }: ${ r.status } ${ r.text.slice(0, 200) }`);
  }

  return r.body;
}

export async function kubeObjects(t: KubeTarget, type: string): Promise<KubeObject[]> {
  const r = await kubeExpect(t, 'GET', pathOf(await resourceOf(t, type)), undefined, [200]);

  return r.body.items;
}

/** What a test may change and the reset puts back; objects the controllers own (status, cluster IPs) are kept. */
export const RESET_TYPES = ['service', 'storage.k8s.io.storageclass', 'snapshot.storage.k8s.io.volumesnapshotclass'];

function idOf(o: KubeObject): string {
  return o.metadata.namespace ? `${ o.metadata.namespace }/${ o.metadata.name }` : o.metadata.name;
}

export type Snapshot = Map<string, Map<string, KubeObject>>;

/** As JSON, to keep one baseline per Rancher start (stack/src/rancher/state.ts baselineFile). */
export function snapshotToJson(s: Snapshot): Record<string, Record<string, KubeObject>> {
  return Object.fromEntries([...s].map(([type, m]) => [type, Object.fromEntries(m)]));
}

export function snapshotFromJson(j: Record<string, Record<string, KubeObject>>): Snapshot {
  return new Map(Object.entries(j).map(([type, m]) => [type, new Map(Object.entries(m))]));
}

export async function snapshot(t: KubeTarget): Promise<Snapshot> {
  const out: Snapshot = new Map();

  for (const type of RESET_TYPES) {
    out.set(type, new Map((await kubeObjects(t, type)).map((o) => [idOf(o), o])));
  }

  return out;
}

const SETTABLE = (o: any) => JSON.stringify([o.metadata.labels || {}, o.metadata.annotations || {}, {
  ...o, metadata: undefined, status: undefined
}]);

/** Deletes what was made since the snapshot and puts back labels, annotations and spec of what was changed. */
export async function restore(t: KubeTarget, snap: Snapshot): Promise<void> {
  for (const [type, before] of snap) {
    const r = await resourceOf(t, type);

    for (const now of await kubeObjects(t, type)) {
      const id = idOf(now);
      const was = before.get(id);

      if (!was) {
        await kubeRequest(t, 'DELETE', pathOf(r, id));
      } else if (SETTABLE(was) !== SETTABLE(withImmutable(was, now))) {
        const back = withImmutable(was, now);

        await kubeExpect(t, 'PUT', pathOf(r, id), { ...back, metadata: { ...was.metadata, resourceVersion: now.metadata.resourceVersion } }, [200]);
      }
    }
  }
}

/** A Service's cluster IPs and node ports are the API server's: the object put back keeps the current ones. */
function withImmutable(was: any, now: any): any {
  if (!was.spec || !now.spec) {
    return was;
  }

  return {
    ...was,
    spec: {
      ...was.spec,
      ...(now.spec.clusterIP ? { clusterIP: now.spec.clusterIP, clusterIPs: now.spec.clusterIPs } : {}),
      ...(now.spec.ports && was.spec.ports ? { ports: was.spec.ports.map((p: any, i: number) => ({ ...p, ...(now.spec.ports[i]?.nodePort ? { nodePort: now.spec.ports[i].nodePort } : {}) })) } : {}),
    },
  };
}
