/** Which object a Steve URL names: the type, and its namespace and name by the type's scope. */
import { TypeDef } from '../core/registry';

export interface SteveTarget {
  t: TypeDef;
  namespace?: string;
  name?: string;
  id?: string;
}

/** Steve's URL layout: `<type>`, `<type>/<namespace>`, `<type>/<namespace>/<name>` (or `<type>/<name>` when cluster-scoped). */
export function parseTarget(t: TypeDef, rest: string[]): SteveTarget | null {
  if (t.namespaced) {
    if (rest.length > 2) {
      return null;
    }
    const [namespace, name] = rest;

    return {
      t, namespace, name, id: name ? `${ namespace }/${ name }` : undefined
    };
  }
  if (rest.length > 1) {
    return null;
  }

  return {
    t, name: rest[0], id: rest[0]
  };
}
