/**
 * Harvester's kubeconfig endpoint behind Rancher's own proxy (issue 28): `POST /k8s/clusters/<host>/v1/harvester/
 * kubeconfig` through Rancher's server, its tunnel to harvester-host's agent and the agent's APIService routing,
 * answered by the stand-in of Harvester's API server (lab/standins/harvester-api, lab/stack/rancher/harvesterApi.ts).
 * What it makes is checked on the real host kube-apiserver; what the simulator answers for the same request
 * (lab/simulator/harvester/kubeconfigEndpoint.ts, the fast demo's) is held to it.
 */
import { HARVESTER_HOST } from '../../../lab/world/ids';
import { CLUSTERS, ensureSecrets, apiUrl } from '../../../lab/core/config';
import { kubeRequest } from '../../../lab/core/kubeClient';
import { both, startServers, Servers, unexplained } from './harness';

const PATH = `/k8s/clusters/${ HARVESTER_HOST.id }/v1/harvester/kubeconfig`;
const NAMESPACE = 'default';
const SA = 'kubeconfig-endpoint-test';
const host = () => ({ url: apiUrl(CLUSTERS.find((c) => c.key === 'host')!), token: ensureSecrets().adminToken });
const body = (extra: Record<string, unknown> = {}) => ({
  csiClusterRoleName: 'harvesterhci.io:csi-driver', clusterRoleName: 'harvesterhci.io:cloudprovider', namespace: NAMESPACE, serviceAccountName: SA, ...extra
});
const tokenOf = (kubeconfig: string) => /^\s*token:\s*(\S+)\s*$/m.exec(kubeconfig)?.[1] || '';
const serverOf = (kubeconfig: string) => /^\s*server:\s*(\S+)\s*$/m.exec(kubeconfig)?.[1];

let servers: Servers;

beforeAll(async() => {
  servers = await startServers();
}, 60000);

afterAll(async() => {
  // Its token Secret and both bindings name it as owner: the host's garbage collector removes them.
  await kubeRequest(host(), 'DELETE', `/api/v1/namespaces/${ NAMESPACE }/serviceaccounts/${ SA }`);
  await servers?.sim.close();
});

it('an admin gets a kubeconfig of a new service account, whose token the host\'s API server takes', async() => {
  const { rancher, sim } = await both(servers, PATH, 'admin', { method: 'POST', body: body() });

  expect(rancher.status).toBe(200);
  expect(rancher.headers['content-type']).toMatch(/^application\/json/);
  expect(typeof rancher.body).toBe('string');
  expect(rancher.body).toContain('kind: Config');
  // The host's VIP (ConfigMap harvester-system/vip) on the API server's port, as the simulator says too.
  expect(serverOf(rancher.body)).toBe('https://10.10.0.10:6443');
  expect(serverOf(sim.body)).toBe(serverOf(rancher.body));

  const review = await kubeRequest({ url: host().url, token: tokenOf(rancher.body) }, 'POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' });

  // Compared, never printed: the token stays out of a failure's text.
  expect(review.status).toBe(201);
  expect(review.body?.status?.userInfo?.username).toBe(`system:serviceaccount:${ NAMESPACE }:${ SA }`);
  const binding = await kubeRequest(host(), 'GET', `/apis/rbac.authorization.k8s.io/v1/namespaces/${ NAMESPACE }/rolebindings/${ NAMESPACE }-${ SA }`);
  const clusterBinding = await kubeRequest(host(), 'GET', `/apis/rbac.authorization.k8s.io/v1/clusterrolebindings/${ NAMESPACE }-${ SA }`);

  expect([binding.body?.roleRef?.name, clusterBinding.body?.roleRef?.name]).toEqual(['harvesterhci.io:cloudprovider', 'harvesterhci.io:csi-driver']);
}, 60000);

it.each([
  ['no service account', { serviceAccountName: '' }],
  ['another cluster role', { clusterRoleName: 'cluster-admin' }],
  ['a namespace the host lacks', { namespace: 'no-such-namespace' }],
])('%s: the same plain-text refusal from Harvester\'s handler and the simulator', async(_, extra) => {
  const { rancher, sim } = await both(servers, PATH, 'admin', { method: 'POST', body: body(extra) });

  expect(rancher.status).toBe(422);
  expect([sim.status, sim.body]).toEqual([rancher.status, rancher.body]);
}, 30000);

it('a user who may not see the host is refused by Rancher\'s proxy before Harvester, as the simulator refuses them', async() => {
  const { rancher, sim } = await both(servers, PATH, 'viewer', { method: 'POST', body: body({ serviceAccountName: `${ SA }-viewer` }) });

  // Rancher's proxy (pkg/api/steve/proxy Handler.ServeHTTP: userCanAccessCluster) answers a bodiless 401; the
  // simulator's 403 is the management differential's open, allow-listed difference ("viewer on the host").
  expect(rancher.status).toBe(401);
  const cut = (a: typeof sim) => ({
    status: a.status, type: a.body?.type, code: a.body?.code, message: a.body?.message
  });

  expect(unexplained('viewer on the host', cut(sim), cut(rancher))).toEqual([]);
  expect((await kubeRequest(host(), 'GET', `/api/v1/namespaces/${ NAMESPACE }/serviceaccounts/${ SA }-viewer`)).status).toBe(404);
}, 30000);
