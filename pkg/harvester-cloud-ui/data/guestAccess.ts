/** What the user may do with a type in the current cluster: its Steve schema (served only for types one may use). */
import { SchemaLike } from './types';
import { StoreLike, schemaOf } from './store';

export function guestSchema(store: StoreLike, type: string): SchemaLike | undefined {
  return schemaOf(store, type);
}

const allows = (methods: string[] | undefined, method: string) => (methods || []).some((m) => `${ m }`.toUpperCase() === method);

/** Whether the user may create objects of the type in the current cluster (the schema's collection methods). */
export function guestMayCreate(store: StoreLike, type: string): boolean {
  return allows(schemaOf(store, type)?.collectionMethods, 'POST');
}

/** Whether the user may list the type. */
export function guestMayList(store: StoreLike, type: string): boolean {
  return allows(schemaOf(store, type)?.collectionMethods, 'GET');
}

/** Whether the user may delete objects of the type. */
export function guestMayDelete(store: StoreLike, type: string): boolean {
  return allows(schemaOf(store, type)?.resourceMethods, 'DELETE');
}
