/**
 * The objects of a real stack cluster as its kube-apiserver stores them, addressed by Steve's type names (`service`,
 * `apps.deployment`, `snapshot.storage.k8s.io.volumesnapshotclass`): what a flow asserts is read here, not through
 * the server under test.
 */
import { KubeTarget, kubeExpect, kubeRequest } from '../core/kubeClient';
import type { KubeObject } from '../simulator/core/types';

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
