import { catalogActions, operationLinks, repoLinks } from './catalogLinks';
import { can } from '../rancher/access';
import { fieldValues } from './columns';
import { SteveContext, steveBase } from './context';
import { steveId } from '../core/ids';
import { pluralId, TypeDef } from '../core/registry';
import { summarize } from './summary';
import { KubeObject } from '../core/types';

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
/** Copies a dotted path from one object to another when it exists, as Steve's `include=` does (data.PutValue). */
function copyPath(from: any, to: any, path: string): void {
  const parts = path.split('.');
  let cur = from;

  for (const part of parts) {
    if (!cur || typeof cur !== 'object' || !(part in cur)) {
      return;
    }
    cur = cur[part];
  }
  let dest = to;

  parts.slice(0, -1).forEach((part) => {
    dest[part] = dest[part] && typeof dest[part] === 'object' ? dest[part] : {};
    dest = dest[part];
  });
  dest[parts[parts.length - 1]] = cur;
}

/**
 * What Steve's relationship summary (wrangler pkg/summary) derives from the object itself: a Service `selects` the
 * Pods its selector matches (real Steve sends it; tests/real/steveDifferential.real.ts).
 */
function derivedRelationships(t: TypeDef, obj: KubeObject): unknown[] | null {
  const selector = t.id === 'service' ? (obj as any).spec?.selector : undefined;

  if (!selector || !Object.keys(selector).length) {
    return null;
  }

  return [{
    toType: 'pod', toNamespace: obj.metadata.namespace, rel: 'selects', selector: Object.keys(selector).sort().map((k) => `${ k }=${ selector[k] }`).join(',')
  }];
}

/**
 * A stored object as Steve returns it to this user: id, type, links by permission, computed state.
 * `include` / `exclude` filter the object's fields as Steve's formatter does (rancher/steve
 * pkg/resources/common/formatter.go includeFields then excludeFields): the resource's id, type, links and actions
 * are not part of the object and stay.
 */
export function toSteveObject(ctx: SteveContext, t: TypeDef, stored: KubeObject, exclude: string[] = [], include: string[] = []): any {
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
    relationships: obj.metadata.relationships?.length ? obj.metadata.relationships : derivedRelationships(t, obj),
    state:         summarize(t.id, obj),
  };
  // Steve keeps `type` for its own use: a Kubernetes `type` field (Secret, Event) travels as `_type`.
  const { type: kubeType, ...rest } = obj;
  let object: any = {
    ...rest, ...(kubeType !== undefined ? { _type: kubeType } : {}), metadata
  };

  if (include.length) {
    const kept: any = {};

    include.forEach((path) => copyPath(object, kept, path));
    object = kept;
  }
  const out: any = {
    id, type: t.id, links, ...(actions ? { actions } : {}), ...object
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
