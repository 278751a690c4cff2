/**
 * Issue 28: the management requests the dashboards and the extension make — login, /v3 settings, users, principals,
 * clusters, features, the management and catalog types under /v1, the UI plugins' index, the cluster proxy's
 * answers and errors — sent to the simulator and to Rancher's own server as the same user; each answer cut to what
 * a client reads (ids, keys, the values the dashboards branch on). A difference fails unless ./allowList.ts gives
 * its reason.
 */
import { HARVESTER_HOST, RKE2_GUEST } from '../../../lab/world/ids';
import {
  both, LOGIN, PASSWORD, Servers, startServers, unexplained
} from './harness';

let s: Servers;
/** The test's unexplained differences, every request's, checked once at its end (all of them shown on a failure). */
let found: string[] = [];

beforeEach(() => {
  found = [];
});
afterEach(() => {
  expect(found).toEqual([]);
});

beforeAll(async() => {
  s = await startServers();
});
afterAll(() => s?.sim.close());

const keys = (o: any) => (o && typeof o === 'object' ? Object.fromEntries(Object.keys(o).sort().map((k) => [k, true])) : o);
const ids = (b: any) => (b?.data || []).map((x: any) => x.id).sort();
const byId = (b: any, id: string) => (b?.data || []).find((x: any) => x.id === id);
/** An error as the dashboards read it (Rancher's tunnel answers some as plain text). */
const error = (b: any) => (b && typeof b === 'object' ? {
  type: b.type, status: b.status, code: b.code, message: b.message
} : { text: b });
/** The clusters the stack runs (the simulator's demo has more: k3s guests, a plain cluster). */
const STACK_CLUSTERS = ['local', RKE2_GUEST.id, HARVESTER_HOST.id];
const stackIds = (b: any) => ids(b).filter((id: string) => STACK_CLUSTERS.includes(id));
/** Keys the simulator gives that Rancher does not (Rancher's norman objects carry many the dashboards never read). */
const extraKeys = (sim: any, rancher: any) => Object.keys(sim || {}).filter((k) => !(k in (rancher || {}))).sort();
/** What the dashboards read of a /v3 user (the users list, the avatar menu, the login's "me"). */
const USER_READ = ['id', 'name', 'username', 'enabled', 'principalIds', 'me', 'description', 'mustChangePassword', 'created'];

async function same(step: string, path: string, user: 'admin' | 'viewer' | 'anonymous', view: (a: { status: number; body: any; headers: Record<string, string> }) => any, init = {}) {
  const r = await both(s, path, user, init);

  found.push(...unexplained(step, view(r.sim), view(r.rancher)));

  return r;
}

describe('login and the session', () => {
  test('login with the demo password answers a token; a wrong password is refused alike', async() => {
    for (const user of ['admin', 'viewer']) {
      await same(`login ${ user }`, LOGIN, 'anonymous', (a) => ({
        status: a.status, type: a.body?.type, token: typeof a.body?.token, userId: typeof a.body?.userId
      }), {
        method: 'POST',
        body:   {
          username: user, password: PASSWORD, responseType: 'json'
        }
      });
    }
    await same('login refused', LOGIN, 'anonymous', (a) => ({ status: a.status, ...error(a.body) }), {
      method: 'POST',
      body:   {
        username: 'admin', password: 'wrong-password', responseType: 'json'
      }
    });
  });

  test('the auth providers and the version', async() => {
    await same('authproviders', '/v1-public/authproviders', 'anonymous', (a) => ({ status: a.status, ids: ids(a.body) }));
    await same('v3 authproviders', '/v3-public/authProviders', 'anonymous', (a) => ({ status: a.status, ids: ids(a.body) }));
    await same('rancherversion', '/rancherversion', 'anonymous', (a) => ({
      status: a.status, keys: keys(a.body), Version: a.body?.Version
    }));
  });

  test('without a login: the "not logged in" marker the dashboard reads', async() => {
    await same('anonymous v3', '/v3/users', 'anonymous', (a) => ({ status: a.status, auth: a.headers['x-api-cattle-auth'] }));
    await same('anonymous proxy', `/k8s/clusters/${ RKE2_GUEST.id }/v1/services`, 'anonymous', (a) => ({ status: a.status, auth: a.headers['x-api-cattle-auth'] }));
  });
});

describe('/v3', () => {
  test('settings: what the simulator serves Rancher has, with the same values where they are the product\'s', async() => {
    for (const user of ['admin', 'viewer', 'anonymous'] as const) {
      const r = await both(s, '/v3/settings', user);
      const simIds: string[] = ids(r.sim.body);

      found.push(...unexplained(`settings ${ user }`, { status: r.sim.status, missing: [] }, { status: r.rancher.status, missing: simIds.filter((id) => !byId(r.rancher.body, id)) }));
      found.push(...unexplained(`settings ${ user } item`, keys(r.sim.body?.data?.[0]), keys(r.rancher.body?.data?.[0])));
      for (const id of ['first-login', 'ui-pl', 'ui-brand', 'server-version', 'ui-offline-preferred', 'hide-local-cluster']) {
        found.push(...unexplained(`setting ${ id } ${ user }`, byId(r.sim.body, id)?.value, byId(r.rancher.body, id)?.value));
      }
    }
  });

  test('users, principals, features', async() => {
    await same('users', '/v3/users', 'admin', (a) => ({
      status: a.status, usernames: (a.body?.data || []).map((u: any) => u.username).sort(), read: USER_READ.filter((k) => k in (a.body?.data?.[0] || {}))
    }));
    await same('users me', '/v3/users?me=true', 'viewer', (a) => ({ status: a.status, usernames: (a.body?.data || []).map((u: any) => u.username) }));
    await same('principals', '/v3/principals', 'viewer', (a) => ({
      status: a.status, count: a.body?.data?.length, me: keys(a.body?.data?.[0]), provider: a.body?.data?.[0]?.provider, principalType: a.body?.data?.[0]?.principalType
    }));
    // The 2.12+ dashboards read the features from /v1 (none asks /v3/features).
    const f = await both(s, '/v1/management.cattle.io.features', 'admin');

    found.push(...unexplained('features', { status: f.sim.status, missing: [] }, { status: f.rancher.status, missing: ids(f.sim.body).filter((id: string) => !byId(f.rancher.body, id)) }));
    for (const id of ids(f.sim.body)) {
      const value = (b: any) => byId(b, id) && (byId(b, id).spec?.value ?? byId(b, id).status?.default);

      found.push(...unexplained(`feature ${ id }`, value(f.sim.body), value(f.rancher.body)));
    }
  });

  test('clusters', async() => {
    for (const user of ['admin', 'viewer'] as const) {
      const r = await both(s, '/v3/clusters', user);
      const view = (a: typeof r.sim) => ({ status: a.status, ids: stackIds(a.body) });

      found.push(...unexplained(`v3 clusters ${ user }`, view(r.sim), view(r.rancher)));
      found.push(...unexplained(`v3 clusters ${ user } guest keys`, [], extraKeys(byId(r.sim.body, RKE2_GUEST.id), byId(r.rancher.body, RKE2_GUEST.id))));
    }
  });
});

describe('/v1 management and catalog types', () => {
  test('management clusters as the extension reads them', async() => {
    for (const user of ['admin', 'viewer'] as const) {
      await same(`v1 clusters ${ user }`, '/v1/management.cattle.io.clusters', user, (a) => {
        const c = (id: string) => byId(a.body, id);

        return {
          status: a.status,
          ids:    stackIds(a.body),
          guest:  {
            provider: c(RKE2_GUEST.id)?.status?.provider, driver: c(RKE2_GUEST.id)?.status?.driver, name: c(RKE2_GUEST.id)?.spec?.displayName, state: c(RKE2_GUEST.id)?.metadata?.state?.name
          },
          host:     { provider: c(HARVESTER_HOST.id)?.status?.provider, harvester: c(HARVESTER_HOST.id)?.metadata?.labels?.['provider.cattle.io'] },
          itemKeys: keys(c(RKE2_GUEST.id)),
        };
      });
    }
  });

  test('the UI plugins\' index and the cluster repositories', async() => {
    await same('uiplugins', '/v1/uiplugins', 'viewer', (a) => {
      const p = a.body?.entries?.['harvester-cloud-ui'];

      return {
        status: a.status, names: Object.keys(a.body?.entries || {}).sort(), entry: keys(p), endpoint: p?.endpoint?.replace(/[\d.]+$/, '<v>')
      };
    });
    await same('clusterrepos', '/v1/catalog.cattle.io.clusterrepos', 'admin', (a) => ({ status: a.status, item: keys(a.body?.data?.[0]) }));
  });
});

describe('the cluster proxy', () => {
  test('an unknown cluster id, a cluster the viewer may not see, and Steve\'s headers', async() => {
    for (const user of ['admin', 'viewer'] as const) {
      await same(`unknown cluster ${ user }`, '/k8s/clusters/c-nosuch/v1/services', user, (a) => ({ status: a.status, ...error(a.body) }));
    }
    await same('viewer on the host', `/k8s/clusters/${ HARVESTER_HOST.id }/v1/services`, 'viewer', (a) => ({ status: a.status, ...error(a.body) }));
    await same('guest services', `/k8s/clusters/${ RKE2_GUEST.id }/v1/services?limit=1`, 'viewer', (a) => ({
      status: a.status, type: a.body?.type, contentType: a.headers['content-type'], cacheControl: a.headers['cache-control']
    }));
    await same('viewer write', `/k8s/clusters/${ RKE2_GUEST.id }/v1/services/default/api`, 'viewer', (a) => ({ status: a.status, ...error(a.body) }), { method: 'DELETE' });
  });
});
