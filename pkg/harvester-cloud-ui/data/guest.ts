/**
 * The current (guest) cluster's objects through its Steve store's plain requests (`cluster/request`): partial lists
 * (`include=`) never go into the store, and a failure reaches the caller as it came (failure.ts names it). Writes are
 * guestWrites.ts; what the user may do is the schema's (shellAdapter/schemas.ts, shared/access.ts).
 */
import { KubeObject, SteveCollection } from './types';
import { ListQuery, inNamespace, listUrl } from './steve';
import {
  StoreLike, cached, cachedAll, request, schemaOf, typeUrl
} from './store';

export interface GuestQuery extends ListQuery {
  namespace?: string;
}

/** A list's URL in the current cluster, keeping the store's own parameters (e.g. `exclude=metadata.managedFields`). */
export function guestListUrl(store: StoreLike, type: string, q: GuestQuery = {}): string {
  return listUrl(inNamespace(typeUrl(store, type), q.namespace), q);
}

/** The whole answer of a list (items, revision, counts). */
export async function guestCollection<T = KubeObject>(store: StoreLike, type: string, q: GuestQuery = {}): Promise<SteveCollection<T>> {
  return request(store, 'cluster', { url: guestListUrl(store, type, q) });
}

/** The items of a list. */
export async function guestList<T = KubeObject>(store: StoreLike, type: string, q: GuestQuery = {}): Promise<T[]> {
  return (await guestCollection<T>(store, type, q))?.data || [];
}

/** The items of a list, or none when the user has no schema for the type (not installed, or not allowed). */
export async function guestListIfSchema<T = KubeObject>(store: StoreLike, type: string, q: GuestQuery = {}): Promise<T[]> {
  return schemaOf(store, type) ? guestList<T>(store, type, q) : [];
}

/** One object (`id` is `<namespace>/<name>` or `<name>`). */
export async function guestGet<T = KubeObject>(store: StoreLike, type: string, id: string): Promise<T> {
  return request(store, 'cluster', { url: typeUrl(store, type, id) });
}

/** One object from the store when it holds it, else one GET. */
export async function guestGetCached<T = KubeObject>(store: StoreLike, type: string, id: string): Promise<T> {
  return cached<T>(store, 'cluster', type, id) || guestGet<T>(store, type, id);
}

/** The objects of a type the store holds for the current cluster (none without the type's schema). */
export function guestCachedAll<T = KubeObject>(store: StoreLike, type: string): T[] {
  return schemaOf(store, type) ? cachedAll<T>(store, 'cluster', type) : [];
}
