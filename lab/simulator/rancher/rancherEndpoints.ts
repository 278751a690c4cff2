/** Rancher's endpoints outside Steve's resource model: version, auth providers, login/logout, self user, UI plugins. */
import { uiPluginIndex } from '../http/uiPlugins';
import { harvesterKubeconfig } from '../harvester/kubeconfigEndpoint';
import { login, logout, sessionCookie } from './auth';
import { errorResponse } from '../core/errors';
import { SimState } from '../core/state';
import { SimRequest, SimResponse, SimUser } from '../core/types';

import { KUBERNETES_VERSION, RANCHER_VERSION, setRancherVersion } from '../core/versions';
import { ok } from '../core/responses';

// Re-exported for the modules that always took them from here (server.ts).
export {
  KUBERNETES_VERSION, RANCHER_VERSION, setRancherVersion
};

/** Answers with Rancher's "not logged in" marker, without which the dashboard assumes auth is off. */
export function notLoggedIn(): SimResponse {
  return errorResponse(401, 'Unauthorized', 'must authenticate', { 'x-api-cattle-auth': 'false' });
}

function localProvider(origin: string, v3: boolean): any {
  const base = v3 ? `${ origin }/v3-public` : `${ origin }/v1-public`;

  return {
    id:        'local',
    type:      'localProvider',
    baseType:  'authProvider',
    creatorId: null,
    links:     { self: `${ base }/${ v3 ? 'localProviders' : 'authproviders' }/local` },
    actions:   { login: `${ base }/localProviders/local?action=login` },
  };
}

function providers(origin: string, v3: boolean): SimResponse {
  return ok({
    type: 'collection', resourceType: 'authProvider', links: { self: `${ origin }${ v3 ? '/v3-public/authProviders' : '/v1-public/authproviders' }` }, actions: {}, data: [localProvider(origin, v3)]
  });
}

function doLogin(state: SimState, body: any): SimResponse {
  const result = login(state, `${ body?.username || '' }`, `${ body?.password || '' }`);

  if (!result) {
    return errorResponse(401, 'Unauthorized', 'authentication failed');
  }
  const headers = { 'content-type': 'application/json', 'set-cookie': sessionCookie(result.session) };

  // With responseType "cookie" Rancher answers with an empty body and the session cookie.
  if (body?.responseType === 'cookie') {
    return {
      status: 200, headers, body: {}
    };
  }

  // Rancher's answer: the token's id, kind and expiry (16 h, auth-user-session-ttl-minutes), not its user.
  return {
    status: 201,
    headers,
    body:   {
      id: 'token-session', type: 'token', baseType: 'token', token: `token-session:${ result.session }`, expiresAt: new Date(Date.now() + 960 * 60000).toISOString().replace(/\.\d+Z$/, 'Z')
    }
  };
}

/** Endpoints that need no login. Returns null when the path is not one of them. */
export function handlePublic(state: SimState, req: SimRequest, path: string, origin: string, action?: string): SimResponse | null {
  const method = req.method.toUpperCase();

  if (path === '/rancherversion') {
    return ok({
      Version: RANCHER_VERSION, GitCommit: 'simulator', RancherPrime: 'false'
    });
  }
  if (path === '/version') {
    return ok({
      major: '1', minor: '33', gitVersion: KUBERNETES_VERSION, gitCommit: 'simulator', gitTreeState: 'clean', buildDate: '2025-01-01T00:00:00Z', goVersion: 'go1.24', compiler: 'gc', platform: 'linux/amd64'
    });
  }
  if (path === '/v1-public/authproviders' && method === 'GET') {
    return providers(origin, false);
  }
  if (path.toLowerCase() === '/v3-public/authproviders' && method === 'GET') {
    return providers(origin, true);
  }
  if (path === '/v1-public/login' && method === 'POST') {
    return doLogin(state, req.body);
  }
  if (path.toLowerCase() === '/v3-public/localproviders/local' && method === 'POST' && action === 'login') {
    return doLogin(state, { responseType: 'cookie', ...(req.body as object) });
  }

  return null;
}

/** Endpoints that need a login but are not Steve types. Returns null when the path is not one of them. */
export function handleRancherAuthed(state: SimState, req: SimRequest, path: string, user: SimUser | null): SimResponse | null {
  const method = req.method.toUpperCase();

  if (path === '/v1/ext.cattle.io.selfuser' && method === 'POST') {
    if (!user) {
      return notLoggedIn();
    }

    return ok({
      id:         '',
      type:       'ext.cattle.io.selfuser',
      apiVersion: 'ext.cattle.io/v1',
      kind:       'SelfUser',
      metadata:   { creationTimestamp: null },
      status:     { userID: user.id },
    }, 201);
  }
  if ((path === '/v1/logout' || path === '/v3/tokens') && method === 'POST') {
    logout(state, req);

    return {
      status: 200, headers: { 'content-type': 'application/json', 'set-cookie': sessionCookie('', 0) }, body: {}
    };
  }
  const kubeconfig = /^\/k8s\/clusters\/([^/]+)\/v1\/harvester\/kubeconfig$/.exec(path);

  if (kubeconfig) {
    return user ? harvesterKubeconfig(state, user, decodeURIComponent(kubeconfig[1]), method, req.body) : notLoggedIn();
  }
  if (path === '/v1/uiplugins' && method === 'GET') {
    // The UIPlugins installed in this state (none in the dev server's demo, where the extension is built in).
    return ok(uiPluginIndex(state));
  }

  return null;
}
