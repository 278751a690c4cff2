import { catalogActions, operationLinks } from '../catalog/catalogLinks';
import { can } from './access';
import { repoLinks } from './catalog';
import { fieldValues } from './columns';
import { SteveContext, steveBase } from './context';
import { steveId } from './ids';
import { pluralId, TypeDef } from './registry';
import { summarize } from './summary';
import { KubeObject } from './types';

/** The Kubernetes API path of an object, which Steve puts in `links.view`. */
function kubePath(t: TypeDef, obj: KubeObject): string {
  const base = t.group ? `/apis/${ t.group }/${ t.version }` : `/api/${ t.version }`;
  const ns = t.namespaced && obj.metadata.namespace ? `/namespaces/${ obj.metadata.namespace }` : '';

  return `${ base }${ ns }/${ t.resource }/${ obj.metadata.name }`;
}

export function resourceLink(ctx: SteveContext, t: TypeDef, id: string): string {
  return `${ steveBase(ctx) }/${ pluralId(t) }/${ id }`;
}

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v));
}

/** Removes a dotted path (`metadata.managedFields`) from an object, as Steve's `exclude=` does. */
function dropPath(obj: any, path: string): void {
  const parts = path.split('.');
  let cur = obj;

  for (let i = 0; i < parts.length - 1; i++) {
    cur = cur?.[parts[i]];
    if (!cur || typeof cur !== 'object') {
      return;
    }
  }
  delete cur[parts[parts.length - 1]];
}

/** A stored object as Steve returns it to this user: id, type, links by permission, computed state. */
export function toSteveObject(ctx: SteveContext, t: TypeDef, stored: KubeObject, exclude: string[] = []): any {
  const obj = clone(stored);
  const id = steveId(obj);
  const self = resourceLink(ctx, t, id);
  const links: Record<string, string> = { self };

  if (can(ctx.user, ctx.cluster, t, 'update')) {
    links.update = self;
  }
  if (can(ctx.user, ctx.cluster, t, 'patch')) {
    links.patch = self;
  }
  if (can(ctx.user, ctx.cluster, t, 'delete')) {
    links.remove = self;
  }
  if (!t.virtual) {
    links.view = `${ ctx.origin }${ ctx.prefix }${ kubePath(t, obj) }`;
  }
  Object.assign(links, repoLinks(t, self), operationLinks(t, obj, self));
  const actions = catalogActions(ctx, t, self);
  const fields = t.virtual ? undefined : fieldValues(t.id, obj);
  const metadata = {
    ...obj.metadata,
    ...(fields ? { fields } : {}),
    // Steve sends null when its relationship cache knows none (the recorded responses show it).
    relationships: obj.metadata.relationships?.length ? obj.metadata.relationships : null,
    state:         summarize(t.id, obj),
  };
  // Steve keeps `type` for its own use: a Kubernetes `type` field (Secret, Event) travels as `_type`.
  const { type: kubeType, ...rest } = obj;
  const out: any = {
    id, type: t.id, links, ...(actions ? { actions } : {}), ...rest, ...(kubeType !== undefined ? { _type: kubeType } : {}), metadata
  };

  for (const path of exclude) {
    dropPath(out, path);
  }

  return out;
}

/** Strips what Steve adds, before an object sent back by a client is stored (Steve's "unformatter"). */
export function fromSteveObject(body: any): any {
  const obj = clone(body || {});

  delete obj.id;
  delete obj.type;
  if (obj._type !== undefined) {
    obj.type = obj._type;
    delete obj._type;
  }
  delete obj.links;
  delete obj.actions;
  if (obj.metadata) {
    delete obj.metadata.state;
    delete obj.metadata.fields;
    delete obj.metadata.relationships;
  }

  return obj;
}
