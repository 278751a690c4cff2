/**
 * Creates objects in a cluster the way `kubectl apply` would for a first install: the plural comes from the API
 * server's discovery, an existing object is updated (replace, keeping its resourceVersion). For manifests taken from
 * the components' trees (RBAC, CRDs) and the stack's own wiring.
 */
import { parseAllDocuments } from 'yaml';
import { KubeTarget, kubeExpect, kubeRequest, objectPath } from './kubeClient';

type Obj = Record<string, any>;

const discovery = new Map<string, { name: string; kind: string; namespaced: boolean }[]>();

async function resourceOf(target: KubeTarget, apiVersion: string, kind: string): Promise<{ name: string; namespaced: boolean }> {
  const key = `${ target.url } ${ apiVersion }`;

  if (!discovery.has(key)) {
    const r = await kubeExpect(target, 'GET', apiVersion.includes('/') ? `/apis/${ apiVersion }` : `/api/${ apiVersion }`, undefined, [200]);

    discovery.set(key, r.body.resources);
  }
  const found = (discovery.get(key) || []).find((x) => x.kind === kind && !x.name.includes('/'));

  if (!found) {
    discovery.delete(key);
    throw new Error(`${ apiVersion } ${ kind } is not served by ${ target.url }`);
  }

  return found;
}

export function parseManifests(text: string): Obj[] {
  return parseAllDocuments(text).map((d) => d.toJSON()).filter((o) => o && o.kind);
}

export async function applyObject(target: KubeTarget, obj: Obj): Promise<Obj> {
  const r = await resourceOf(target, obj.apiVersion, obj.kind);
  const ns = r.namespaced ? obj.metadata.namespace || 'default' : undefined;
  const created = await kubeRequest(target, 'POST', objectPath(obj.apiVersion, r.name, ns), obj);

  if (created.status === 201 || created.status === 200) {
    return created.body;
  }
  if (created.status !== 409) {
    throw new Error(`apply ${ obj.kind } ${ ns ? `${ ns }/` : '' }${ obj.metadata.name }: ${ created.status } ${ created.body?.message || created.text.slice(0, 300) }`);
  }
  const path = objectPath(obj.apiVersion, r.name, ns, obj.metadata.name);
  const current = await kubeExpect(target, 'GET', path, undefined, [200]);
  const updated = await kubeExpect(target, 'PUT', path, { ...obj, metadata: { ...obj.metadata, resourceVersion: current.body.metadata.resourceVersion } }, [200]);

  return updated.body;
}

export async function applyAll(target: KubeTarget, objects: Obj[]): Promise<void> {
  for (const o of objects) {
    await applyObject(target, o);
  }
}

/** Waits until each CRD reports Established (its types are served). */
export async function waitCrdsEstablished(target: KubeTarget, names: string[], timeoutMs = 20000): Promise<void> {
  const until = Date.now() + timeoutMs;

  for (const name of names) {
    for (;;) {
      const r = await kubeRequest(target, 'GET', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${ name }`);

      if ((r.body?.status?.conditions || []).some((c: Obj) => c.type === 'Established' && c.status === 'True')) {
        break;
      }
      if (Date.now() > until) {
        throw new Error(`CRD ${ name } not established within ${ timeoutMs / 1000 } s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
