/** Rancher's Norman API at `/v3`: only the parts the dashboard and this extension read. */
import { canReachCluster } from './access';
import { errorResponse } from '../core/errors';
import { listObjects, SimState } from '../core/state';
import { KubeObject, SimResponse, SimUser } from '../core/types';
import { principalId, USERS } from './users';
import { ok } from '../core/responses';

const CLOUD_CREDENTIAL_NAMESPACE = 'cattle-global-data';

interface NormanCtx {
  state: SimState;
  user: SimUser;
  origin: string;
}

function v3(ctx: NormanCtx): string {
  return `${ ctx.origin }/v3`;
}

function collection(ctx: NormanCtx, type: string, plural: string, data: any[]): any {
  return {
    type: 'collection', resourceType: type, links: { self: `${ v3(ctx) }/${ plural }` }, actions: {}, pagination: { limit: 1000, total: data.length }, data
  };
}

function decode(b64: string | undefined): string {
  try {
    return b64 ? atob(b64) : '';
  } catch (e) {
    return '';
  }
}

/** Norman's view of a cloud credential secret: `<driver>credentialConfig` from its `<driver>credentialConfig-<field>` keys. */
function cloudCredentialOf(ctx: NormanCtx, secret: KubeObject): any {
  const id = `${ secret.metadata.namespace }:${ secret.metadata.name }`;
  const configs: Record<string, Record<string, string>> = {};

  for (const [key, value] of Object.entries(secret.data || {})) {
    const m = key.match(/^(\w+credentialConfig)-(\w+)$/);

    // Secret-typed fields (kubeconfigContent, tokens) are never sent back by Norman.
    if (m && !/content|token|secret|password/i.test(m[2])) {
      (configs[m[1]] = configs[m[1]] || {})[m[2]] = decode(value as string);
    }
  }

  return {
    id,
    type:        'cloudCredential',
    baseType:    'cloudCredential',
    name:        secret.metadata.annotations?.['field.cattle.io/name'] || secret.metadata.name,
    description: secret.metadata.annotations?.['field.cattle.io/description'] || '',
    created:     secret.metadata.creationTimestamp,
    creatorId:   secret.metadata.annotations?.['field.cattle.io/creatorId'] || 'u-admin',
    uuid:        secret.metadata.uid,
    links:       {
      self: `${ v3(ctx) }/cloudCredentials/${ id }`, update: `${ v3(ctx) }/cloudCredentials/${ id }`, remove: `${ v3(ctx) }/cloudCredentials/${ id }`
    },
    ...configs,
  };
}

function cloudCredentials(ctx: NormanCtx): any[] {
  return listObjects(ctx.state, 'local', 'secret')
    .filter((s) => s.metadata.namespace === CLOUD_CREDENTIAL_NAMESPACE && Object.keys(s.data || {}).some((k) => k.includes('credentialConfig-')))
    .map((s) => cloudCredentialOf(ctx, s));
}

export function principalOf(ctx: { origin: string }, user: SimUser, me: boolean): any {
  const id = principalId(user);

  return {
    id,
    type:          'principal',
    baseType:      'principal',
    name:          user.displayName,
    loginName:     user.name,
    creatorId:     null,
    me,
    memberOf:      false,
    principalType: 'user',
    provider:      'local',
    links:         { self: `${ ctx.origin }/v3/principals/${ encodeURIComponent(id) }` },
  };
}

function normanUser(ctx: NormanCtx, user: SimUser): any {
  return {
    id:                 user.id,
    type:               'user',
    baseType:           'user',
    name:               user.displayName,
    username:           user.name,
    description:        '',
    enabled:            true,
    // The demo's passwords were set by an admin (Rancher: set at creation), none to change at the next login.
    mustChangePassword: false,
    created:            '2025-01-01T00:00:00Z',
    me:                 user.id === ctx.user.id,
    principalIds:       [principalId(user)],
    links:              { self: `${ v3(ctx) }/users/${ user.id }` },
    actions:            {},
  };
}

function normanCluster(ctx: NormanCtx, c: KubeObject): any {
  return {
    id:       c.metadata.name,
    type:     'cluster',
    baseType: 'cluster',
    name:     c.spec?.displayName || c.metadata.name,
    state:    'active',
    driver:   c.status?.driver,
    provider: c.status?.provider,
    // Norman leaves an empty map out.
    ...(Object.keys(c.metadata.labels || {}).length ? { labels: c.metadata.labels } : {}),
    links:    { self: `${ v3(ctx) }/clusters/${ c.metadata.name }` },
    actions:  {},
  };
}

/** Norman schemas for what `/v3` serves; the dashboard's `rancher` store loads them at login. */
function normanSchemas(ctx: NormanCtx): any[] {
  const ids: [string, string, boolean][] = [
    ['cloudCredential', 'cloudCredentials', ctx.user.admin], ['principal', 'principals', true], ['user', 'users', true],
    ['cluster', 'clusters', true], ['authConfig', 'authConfigs', ctx.user.admin], ['setting', 'settings', true],
  ];

  return ids.filter(([, , allowed]) => allowed).map(([id, plural]) => ({
    id,
    type:              'schema',
    baseType:          'schema',
    pluralName:        plural,
    links:             { self: `${ v3(ctx) }/schemas/${ id }`, collection: `${ v3(ctx) }/${ plural }` },
    collectionMethods: ctx.user.admin ? ['GET', 'POST'] : ['GET'],
    resourceMethods:   ctx.user.admin ? ['GET', 'PUT', 'DELETE'] : ['GET'],
    resourceFields:    {},
  }));
}

function normanSettings(ctx: NormanCtx): any[] {
  return listObjects(ctx.state, 'local', 'management.cattle.io.setting').map((s) => ({
    id:         s.metadata.name,
    type:       'setting',
    baseType:   'setting',
    name:       s.metadata.name,
    value:      s.value,
    default:    s.default,
    customized: !!s.customized,
    source:     s.source || '',
    created:    s.metadata.creationTimestamp,
    createdTS:  Date.parse(s.metadata.creationTimestamp || '') || 0,
    creatorId:  null,
    uuid:       s.metadata.uid,
    links:      { self: `${ v3(ctx) }/settings/${ s.metadata.name }` }
  }));
}

function normanForbidden(ctx: NormanCtx, resource: string): SimResponse {
  return errorResponse(403, 'Forbidden', `${ resource } is forbidden: User "${ ctx.user.id }" cannot list resource "${ resource }" in API group "management.cattle.io" at the cluster scope`);
}

function oneOf(list: any[], id: string, what: string): SimResponse {
  const found = list.find((o) => o.id === id);

  return found ? ok(found) : errorResponse(404, 'NotFound', `${ what } "${ id }" not found`);
}

/** Handles `/v3/<rest>` for an authenticated user; `segments` are the decoded path parts after `/v3`. */
export function handleNorman(ctx: NormanCtx, method: string, segments: string[], query: Record<string, string>): SimResponse {
  const [plural = '', id] = segments;
  const kind = plural.toLowerCase();

  if (method !== 'GET') {
    return errorResponse(405, 'MethodNotAllowed', `Method ${ method } not supported by the simulator for /v3/${ plural }`);
  }
  switch (kind) {
  case 'schemas':
    return id ? oneOf(normanSchemas(ctx), id, 'schemas') : ok(collection(ctx, 'schema', 'schemas', normanSchemas(ctx)));
  case 'principals': {
    const all = Object.values(USERS).map((u) => principalOf(ctx, u, u.id === ctx.user.id));
    const visible = ctx.user.admin ? all : all.filter((p) => p.me);

    return id ? oneOf(visible, id, 'principals') : ok(collection(ctx, 'principal', 'principals', query.me === 'true' ? visible.filter((p) => p.me) : visible));
  }
  case 'users': {
    const all = Object.values(USERS).filter((u) => ctx.user.admin || u.id === ctx.user.id).map((u) => normanUser(ctx, u));

    return id ? oneOf(all, id, 'users') : ok(collection(ctx, 'user', 'users', query.me === 'true' ? all.filter((u) => u.me) : all));
  }
  case 'cloudcredentials':
    if (!ctx.user.admin) {
      return normanForbidden(ctx, 'cloudcredentials');
    }

    return id ? oneOf(cloudCredentials(ctx), id, 'cloudcredentials') : ok(collection(ctx, 'cloudCredential', 'cloudCredentials', cloudCredentials(ctx)));
  case 'clusters': {
    const visible = (name: string) => {
      const c = ctx.state.clusters[name];

      return ctx.user.admin || (!!c && c.kind !== 'local' && canReachCluster(ctx.user, c));
    };
    const clusters = listObjects(ctx.state, 'local', 'management.cattle.io.cluster').filter((c) => visible(c.metadata.name)).map((c) => normanCluster(ctx, c));

    return id ? oneOf(clusters, id, 'clusters') : ok(collection(ctx, 'cluster', 'clusters', clusters));
  }
  case 'settings':
    return id ? oneOf(normanSettings(ctx), id, 'settings') : ok(collection(ctx, 'setting', 'settings', normanSettings(ctx)));
  case 'authconfigs': {
    const local = {
      id: 'local', type: 'localConfig', baseType: 'authConfig', name: 'local', enabled: true, links: { self: `${ v3(ctx) }/authConfigs/local` }
    };

    return id ? oneOf([local], id, 'authconfigs') : ok(collection(ctx, 'authConfig', 'authConfigs', [local]));
  }
  default:
    return errorResponse(404, 'NotFound', `/v3/${ segments.join('/') } not found`);
  }
}
