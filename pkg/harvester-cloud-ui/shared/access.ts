/**
 * What the user may do with a kind of object, from its Steve schema, as the shell decides it (shell
 * plugins/dashboard-store/resource-class.js `canUpdate`/`canDelete` and type-map `canCreate`: the schema's
 * `resourceMethods` and `collectionMethods`): GET in the collection lists, GET on a resource reads one, POST creates,
 * PUT updates, DELETE deletes. Steve leaves out the schema of a type the user may do nothing with: no schema, no access.
 */
export interface SchemaMethods {
  resourceMethods?: string[];
  collectionMethods?: string[];
}

export type Verb = 'list' | 'get' | 'create' | 'update' | 'delete';

export function mayDo(schema: SchemaMethods | null | undefined, verb: Verb): boolean {
  if (!schema) {
    return false;
  }
  const collection = schema.collectionMethods || [];
  const resource = schema.resourceMethods || [];

  switch (verb) {
  case 'list':
    return collection.includes('GET');
  case 'get':
    return resource.includes('GET');
  case 'create':
    return collection.includes('POST');
  case 'update':
    // Steve says `blocked-PUT` for an object the user may update but that is locked (the shell counts it too).
    return resource.includes('PUT') || resource.includes('blocked-PUT');
  default:
    return resource.includes('DELETE') || resource.includes('blocked-DELETE');
  }
}

/** One thing a page needs to work: a verb on a type in the current cluster (`cluster`) or in Rancher (`management`). */
export interface Need {
  store: 'cluster' | 'management';
  type: string;
  verb: Verb;
}

/** The needs the user's schemas do not grant, in the page's order: the first is the reason the page gives. */
export function missingNeeds(needs: Need[], schemaOf: (store: Need['store'], type: string) => SchemaMethods | null | undefined): Need[] {
  return needs.filter((n) => !mayDo(schemaOf(n.store, n.type), n.verb));
}
