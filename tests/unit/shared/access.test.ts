import { mayDo, missingNeeds } from '@pkg/shared/access';

// The user's access read as the shell reads it from Steve's schemas (what the simulator serves per user, from the
// verbs of their roles: lab/simulator/steve/schemas.ts, as steve pkg/schema/factory.go).
describe('what a user may do, from the schema', () => {
  const viewer = { resourceMethods: ['GET'], collectionMethods: ['GET'] };
  const editor = { resourceMethods: ['GET', 'DELETE', 'PUT', 'PATCH'], collectionMethods: ['GET', 'POST'] };

  it('reads list, create, update and delete from the collection and resource methods', () => {
    expect((['list', 'create', 'update', 'delete'] as const).map((v) => mayDo(viewer, v))).toEqual([true, false, false, false]);
    expect((['list', 'create', 'update', 'delete'] as const).map((v) => mayDo(editor, v))).toEqual([true, true, true, true]);
    expect(mayDo({ resourceMethods: ['blocked-PUT'] }, 'update')).toBe(true);
    // Reading one object is the resource's GET (a ConfigMap by name), listing the collection's.
    expect(mayDo(viewer, 'get')).toBe(true);
    expect(mayDo({ collectionMethods: ['GET'] }, 'get')).toBe(false);
  });

  it('grants nothing without a schema (Steve leaves out the types a user may not use)', () => {
    expect(mayDo(null, 'list')).toBe(false);
    expect(mayDo({}, 'list')).toBe(false);
  });

  it('lists the needs not granted, in the page\'s order', () => {
    const schemas: Record<string, object> = { 'cluster/secret': viewer, 'cluster/catalog.cattle.io.app': editor };
    const needs = [
      {
        store: 'cluster' as const, type: 'secret', verb: 'create' as const
      },
      {
        store: 'cluster' as const, type: 'catalog.cattle.io.app', verb: 'create' as const
      },
      {
        store: 'management' as const, type: 'management.cattle.io.cluster', verb: 'list' as const
      },
    ];

    expect(missingNeeds(needs, (store, type) => schemas[`${ store }/${ type }`] as any).map((n) => n.type)).toEqual(['secret', 'management.cattle.io.cluster']);
  });
});
