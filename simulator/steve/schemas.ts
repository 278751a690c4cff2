import { verbsFor } from './access';
import { schemaColumns } from './columns';
import { SteveContext, steveBase } from './context';
import { pluralId, TypeDef, typesIn } from './registry';
import { DEFINITIONS, genericDefinition } from './resourceFields';
import { Verb } from './types';

const RESOURCE_METHOD: Partial<Record<Verb, string>> = {
  get: 'GET', update: 'PUT', patch: 'PATCH', delete: 'DELETE'
};
const COLLECTION_METHOD: Partial<Record<Verb, string>> = { list: 'GET', create: 'POST' };

function methods(verbs: Verb[], table: Partial<Record<Verb, string>>): string[] {
  return verbs.map((v) => table[v]).filter((m): m is string => !!m);
}

/** Steve's schema for a type, with the methods this user may use. Null when the user has no verb on it. */
export function schemaFor(ctx: SteveContext, t: TypeDef): any | null {
  const verbs = verbsFor(ctx.user, ctx.cluster, t);

  if (!verbs.length) {
    return null;
  }
  const base = steveBase(ctx);

  return {
    id:                t.id,
    type:              'schema',
    links:             { self: `${ base }/schemas/${ t.id }`, collection: `${ base }/${ pluralId(t) }` },
    pluralName:        pluralId(t),
    description:       '',
    resourceMethods:   methods(verbs, RESOURCE_METHOD),
    collectionMethods: methods(verbs, COLLECTION_METHOD),
    // As Rancher 2.8+: null here, the fields come from `schemaDefinitions/<id>` (the dashboard fetches them
    // before forms and YAML). The shell cannot mix both: inline fields would send it looking for nested types
    // among the schemas.
    resourceFields:    null,
    attributes:        {
      group:      t.group,
      version:    t.version,
      kind:       t.kind,
      namespaced: t.namespaced,
      resource:   t.resource,
      verbs,
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
