import type { Need, SchemaMethods } from '../shared/access';

interface SchemaStore {
  getters: Record<string, unknown>;
}

/**
 * The user's Steve schema of a type, as the dashboard loaded it on entering the cluster (`<store>/schemaFor`, a
 * getter of every dashboard store since 2.6; verified in 2.12 (shell 3.0.5) to 2.15 (3.0.12) and 3.0.13). Null when
 * the user has none, or when the store has no such getter (then every need counts as missing: nothing is offered
 * that the server could refuse).
 */
export function schemaOf(store: SchemaStore, where: Need['store'], type: string): SchemaMethods | null {
  const getter = store.getters[`${ where }/schemaFor`];

  return typeof getter === 'function' ? (getter as (t: string) => SchemaMethods | null)(type) || null : null;
}
