import { verbsFor } from '../rancher/access';
import { schemaColumns } from './columns';
import { SteveContext, steveBase } from './context';
import { pluralId, TypeDef, typesIn } from '../core/registry';
import { DEFINITIONS, genericDefinition } from './resourceFields';
import { Verb } from '../core/types';

/** What Kubernetes discovery lists for a resource's verbs; Steve copies it into `attributes.verbs`. */
const KUBE_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

/**
 * Steve's schema methods from the user's verbs, in its order (steve pkg/schema/factory.go, the
 * `verbAccess.AnyVerb` chain): GET for get/list, DELETE, PUT and PATCH for update, POST for create, PATCH for patch.
 */
function schemaMethods(verbs: Verb[]): { resourceMethods: string[]; collectionMethods: string[] } {
  const resource = new Set<string>();
  const collection = new Set<string>();

  if (verbs.includes('list') || verbs.includes('get')) {
    resource.add('GET');
    collection.add('GET');
  }
  if (verbs.includes('delete')) {
    resource.add('DELETE');
  }
  if (verbs.includes('update')) {
    resource.add('PUT');
    resource.add('PATCH');
  }
  if (verbs.includes('create')) {
    collection.add('POST');
  }
  if (verbs.includes('patch')) {
    resource.add('PATCH');
  }

  return { resourceMethods: [...resource], collectionMethods: [...collection] };
}

/**
 * steve pkg/schema/factory.go: the user's access by verb (`attributes.access`, an AccessListByVerb whose entries
 * are Go structs without JSON tags, hence the capitalised keys). The simulator's users hold every verb they have
 * on all namespaces and names.
 */
function accessByVerb(verbs: Verb[]): Record<string, { Namespace: string; ResourceName: string }[]> {
  return Object.fromEntries(verbs.map((v) => [v, [{ Namespace: '*', ResourceName: '*' }]]));
}

/** Steve's schema for a type, with the methods this user may use. Null when the user has no verb on it. */
export function schemaFor(ctx: SteveContext, t: TypeDef): any | null {
  const verbs = verbsFor(ctx.user, ctx.cluster, t);

  if (!verbs.length) {
    return null;
  }
  const base = steveBase(ctx);

  return {
    id:             t.id,
    type:           'schema',
    links:          { self: `${ base }/schemas/${ t.id }`, collection: `${ base }/${ pluralId(t) }` },
    pluralName:     pluralId(t),
    description:    '',
    ...schemaMethods(verbs),
    // As Rancher 2.8+: null here, the fields come from `schemaDefinitions/<id>` (the dashboard fetches them
    // before forms and YAML). The shell cannot mix both: inline fields would send it looking for nested types
    // among the schemas.
    resourceFields: null,
    attributes:     {
      group:      t.group,
      version:    t.version,
      kind:       t.kind,
      namespaced: t.namespaced,
      resource:   t.resource,
      // The type's verbs from discovery, the same for every user; what this user may do is in `access`.
      verbs:      t.virtual ? verbs : KUBE_VERBS,
      access:     accessByVerb(verbs),
      columns:    t.virtual ? [] : schemaColumns(t.id),
    },
  };
}

/** The `schema` type itself, which Steve lists alongside the others. */
function schemaOfSchemas(ctx: SteveContext): any {
  const base = steveBase(ctx);

  return {
    id:                'schema',
    type:              'schema',
    links:             { self: `${ base }/schemas/schema`, collection: `${ base }/schemas` },
    pluralName:        'schemas',
    resourceMethods:   ['GET'],
    collectionMethods: ['GET'],
    resourceFields:    null,
    attributes:        {},
  };
}

export function schemasFor(ctx: SteveContext): any[] {
  const out = typesIn(ctx.cluster.kind).map((t) => schemaFor(ctx, t)).filter(Boolean);

  return [schemaOfSchemas(ctx), ...out];
}

/** `GET /v1/schemaDefinitions/<id>`: the definitions of a type and of the nested types it refers to. */
export function schemaDefinitionFor(ctx: SteveContext, t: TypeDef): any {
  const defs = DEFINITIONS[t.id] || genericDefinition(t.id, t.kind);
  const definitions: Record<string, unknown> = {};

  for (const d of defs) {
    definitions[d.type] = d;
  }

  return {
    id:             t.id,
    type:           'schemaDefinition',
    links:          { self: `${ steveBase(ctx) }/schemaDefinitions/${ t.id }` },
    definitionType: t.id,
    definitions,
  };
}
