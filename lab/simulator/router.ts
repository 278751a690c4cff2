/** The route table: which part of the simulator answers a request's path (control API, Rancher, Kubernetes, Norman, Steve). */
import { authenticate } from './rancher/auth';
import { errorResponse, unauthorized } from './core/errors';
import { takeFault } from './control/faults';
import { queryRecord } from './steve/listQuery';
import { handleKubeApi } from './kubeapi/kubeApi';
import { status as kubeStatus } from './kube/status';
import { handleNorman } from './rancher/norman';
import { handlePublic, handleRancherAuthed, notLoggedIn } from './rancher/rancherEndpoints';
import { lookupType } from './core/registry';
import { handleSimControl, SIM_PREFIX } from './control/simControl';
import { SimState } from './core/state';
import { SimRequest, SimResponse, SimUser } from './core/types';
import { ANONYMOUS } from './rancher/users';
import { originOf, segmentsOf, splitPath } from './routing/requestPath';
import { faultResponse } from './routing/faultResponse';
import { steveRequest } from './routing/steveRoute';

/** Keeps the request log bounded in a long-running simulator. */
const MAX_LOGGED_REQUESTS = 5000;

/** `/k8s/clusters/<id>/{api,apis,version}/…`, and the local cluster's `/api/…`, `/apis/…` at the root. */
function kubeApiTarget(segments: string[]): { cluster: string; prefix: string; rest: string[] } | null {
  if (segments[0] === 'k8s' && segments[1] === 'clusters' && segments[2] && ['api', 'apis', 'version'].includes(segments[3])) {
    return {
      cluster: segments[2], prefix: `/k8s/clusters/${ segments[2] }`, rest: segments.slice(3)
    };
  }
  if (segments[0] === 'api' || segments[0] === 'apis') {
    return {
      cluster: 'local', prefix: '', rest: segments
    };
  }

  return null;
}

function route(state: SimState, req: SimRequest, path: string, query: URLSearchParams): { res: SimResponse; user: SimUser | null } {
  const origin = originOf(req);
  const method = req.method.toUpperCase();
  const segments = segmentsOf(path);

  if (path === SIM_PREFIX || path.startsWith(`${ SIM_PREFIX }/`)) {
    return { res: handleSimControl(state, method, segments.slice(1), req.body), user: null };
  }
  const pub = handlePublic(state, req, path, origin, query.get('action') || undefined);

  if (pub) {
    return { res: pub, user: null };
  }
  const user = authenticate(state, req);
  const rancher = handleRancherAuthed(state, req, path, user);

  if (rancher) {
    return { res: rancher, user };
  }
  const kube = kubeApiTarget(segments);

  if (kube) {
    // The Kubernetes API Rancher proxies: same objects, Kubernetes' shapes (lab/simulator/kube).
    const res = user ? handleKubeApi(state, req, user, kube.cluster, kube.prefix, origin, kube.rest, query) : kubeStatus(401, 'Unauthorized', 'Unauthorized');

    return { res: res || errorResponse(404, 'NotFound', '404 page not found'), user };
  }
  const isApi = segments[0] === 'v1' || segments[0] === 'v3' || segments[0] === 'k8s';

  if (!isApi) {
    return { res: errorResponse(404, 'NotFound', '404 page not found'), user };
  }
  if (!user) {
    if (method === 'GET' && segments[0] === 'v1' && lookupType(segments[1] || '', 'local')?.id === 'management.cattle.io.setting') {
      // The login page reads the public settings before anyone logs in.
      return { res: steveRequest(state, req, ANONYMOUS, 'local', '', segments.slice(1), query, origin, path), user };
    }

    return { res: segments[0] === 'v3' ? unauthorized() : notLoggedIn(), user };
  }
  if (segments[0] === 'v3') {
    const fault = takeFault(state, { method, path });
    const injected = fault ? faultResponse(fault, user, null, method) : null;

    return {
      res: injected || handleNorman({
        state, user, origin
      }, method, segments.slice(1), queryRecord(query)),
      user
    };
  }
  if (segments[0] === 'v1') {
    return { res: steveRequest(state, req, user, 'local', '', segments.slice(1), query, origin, path), user };
  }
  if (segments[0] === 'k8s' && segments[1] === 'clusters' && segments[2] && segments[3] === 'v1') {
    return { res: steveRequest(state, req, user, segments[2], `/k8s/clusters/${ segments[2] }`, segments.slice(4), query, origin, path), user };
  }

  return { res: errorResponse(404, 'NotFound', '404 page not found'), user };
}

/**
 * Answers one HTTP request the way Rancher (its Steve and Norman APIs, login, and its proxy to downstream
 * clusters' Steve) would, against the in-memory state. The simulator's HTTP server and the msw handlers for unit
 * tests both call this, so there is one source of Steve behaviour.
 */
export function handleRequest(state: SimState, req: SimRequest): SimResponse {
  const { path, query } = splitPath(req.path, req.query);
  const { res, user } = route(state, req, path, query);

  if (!path.startsWith(SIM_PREFIX)) {
    // Rancher tells the dashboard on every API answer whether the caller is logged in.
    if (/^\/(v1|v3|k8s)\//.test(`${ path }/`)) {
      res.headers['x-api-cattle-auth'] = res.headers['x-api-cattle-auth'] || (user ? 'true' : 'false');
    }
    state.requests.push({
      method: req.method.toUpperCase(), path, query: queryRecord(query), body: req.body, user: user?.name || null, status: res.status
    });
    if (state.requests.length > MAX_LOGGED_REQUESTS) {
      state.requests.splice(0, state.requests.length - MAX_LOGGED_REQUESTS);
    }
  }

  return res;
}
