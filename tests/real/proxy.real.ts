/**
 * Real mode's front: the simulator proxies rke2-guest's `/k8s/clusters/<id>/…` to the real Steve and kube-apiserver,
 * authenticating as Rancher does and impersonating the user there, so what `viewer` may do is decided by real RBAC.
 */
import { startSimServer, SimServer } from '../../lab/simulator/server';
import { createState } from '../../lab/simulator/core/state';
import { demoSeed } from '../../lab/world/seed';
import { realFront } from '../../lab/backends/real/fromStack';
import { RKE2_GUEST, HARVESTER_HOST } from '../../lab/world/ids';
import { operationOutcome, OperationOutcome } from '../../pkg/harvester-cloud-ui/setup/operation';
import { USERS } from '../../lab/simulator/rancher/users';
import { realStack } from './stack';
import { kubeRequest } from '../../lab/core/kubeClient';
import { kubeTarget } from '../../lab/stack/stack';

let sim: SimServer;

beforeAll(async() => {
  const info = await realStack();

  sim = await startSimServer({
    state: createState(demoSeed()), port: 0, front: realFront(info)
  });
});

afterAll(() => sim?.close());

const GUEST = `/k8s/clusters/${ RKE2_GUEST.id }`;

function call(path: string, user: keyof typeof USERS | null, init: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...(init.headers || {}) };

  if (user) {
    headers.authorization = `Bearer ${ USERS[user].token }`;
  }

  return fetch(`${ sim.url }${ path }`, { ...init, headers });
}

describe('real mode proxy', () => {
  it('lists the guest\'s Services from the real Steve, with links back through /k8s/clusters/<id>', async() => {
    const res = await call(`${ GUEST }/v1/services?filter=spec.type=LoadBalancer`, 'admin');
    const body = await res.json();

    expect(res.status).toBe(200);
    expect(body.data.map((s: any) => s.id)).toContain('default/web-pool');
    expect(body.links.self).toBe(`${ sim.url }${ GUEST }/v1/services`);
    expect(body.data[0].links.update).toMatch(new RegExp(`^${ sim.url }${ GUEST }/v1/services/`));
  });

  it('asks for a login before proxying, and never forwards the browser\'s token', async() => {
    expect((await call(`${ GUEST }/v1/services`, null)).status).toBe(401);
  });

  it('lets real RBAC decide: the viewer reads but cannot update, the admin can', async() => {
    const get = await call(`${ GUEST }/v1/services/default/web-pool`, 'viewer');
    const svc = await get.json();

    expect(get.status).toBe(200);
    expect(svc.links.update).toBeUndefined();
    svc.metadata.labels = { ...(svc.metadata.labels || {}), touched: 'by-viewer' };
    const denied = await call(`${ GUEST }/v1/services/default/web-pool`, 'viewer', {
      method: 'PUT', body: JSON.stringify(svc), headers: { 'content-type': 'application/json' }
    });

    expect(denied.status).toBe(403);
    const admin = await (await call(`${ GUEST }/v1/services/default/web-pool`, 'admin')).json();

    admin.metadata.labels = { ...(admin.metadata.labels || {}), touched: 'by-admin' };
    const saved = await call(`${ GUEST }/v1/services/default/web-pool`, 'admin', {
      method: 'PUT', body: JSON.stringify(admin), headers: { 'content-type': 'application/json' }
    });

    expect(saved.status).toBe(200);
    const back = await saved.json();

    expect(back.metadata.labels.touched).toBe('by-admin');
    // The demo data as it was: the differential test compares these objects with the simulator's seed.
    delete back.metadata.labels.touched;
    if (!Object.keys(back.metadata.labels).length) {
      delete back.metadata.labels;
    }
    expect((await call(`${ GUEST }/v1/services/default/web-pool`, 'admin', {
      method: 'PUT', body: JSON.stringify(back), headers: { 'content-type': 'application/json' }
    })).status).toBe(200);
  });

  it('keeps the host out of the viewer\'s reach, as Rancher does for a cluster they are not a member of', async() => {
    // Rancher's proxy answers a bodiless 401 there (pkg/api/steve/proxy Handler.ServeHTTP), before the cluster sees it.
    expect((await call(`/k8s/clusters/${ HARVESTER_HOST.id }/v1/services`, 'viewer')).status).toBe(401);
    expect((await call(`/k8s/clusters/${ HARVESTER_HOST.id }/v1/loadbalancer.harvesterhci.io.loadbalancers`, 'admin')).status).toBe(200);
  });

  it('Harvester\'s kubeconfig endpoint answers the proxy only: a local process without the stack\'s token is refused', async() => {
    const { harvesterApi } = await realStack();
    // An empty body: Harvester refuses it (422) once past the check, and nothing is made on the host.
    const post = (url: string, headers: Record<string, string>) => fetch(url, {
      method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}'
    });

    expect((await post(`${ harvesterApi }/v1/harvester/kubeconfig`, { 'impersonate-extra-username': 'u-admin' })).status).toBe(401);
    expect((await post(`${ harvesterApi }/v1/harvester/kubeconfig`, { authorization: 'Bearer not-the-token', 'impersonate-extra-username': 'u-admin' })).status).toBe(401);
    const via = await call(`/k8s/clusters/${ HARVESTER_HOST.id }/v1/harvester/kubeconfig`, 'admin', {
      method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }
    });

    expect(via.status).toBe(422);
    expect(await via.text()).toContain('InvalidBodyContent');
  });

  it('R-SET-10: an install Helm cannot make is answered as Rancher does (201, its Operation), which then says Helm failed', async() => {
    // The viewer may get kube-system (Rancher's check before anything runs), and Helm, as the viewer, may write nothing.
    const repo = `${ GUEST }/v1/catalog.cattle.io.clusterrepos/rancher-charts`;
    const res = await call(`${ repo }?action=install`, 'viewer', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ namespace: 'kube-system', charts: [{ chartName: 'harvester-cloud-provider', values: {} }] })
    });
    const text = await res.text();

    expect(`${ res.status } ${ text }`).toMatch(/^201 /);
    const answer = JSON.parse(text);
    const admin = kubeTarget(await realStack(), 'guest');
    const op = `/apis/catalog.cattle.io/v1/namespaces/kube-system/operations/${ answer.operationName }`;

    try {
      expect(answer).toMatchObject({
        type: 'chartActionOutput', operationNamespace: 'kube-system', operationName: expect.stringMatching(/^helm-operation-[a-z0-9]{5}$/)
      });
      // Read as the viewer: Rancher gives the user `get` on the Operation it made for them.
      const url = `${ GUEST }/v1/catalog.cattle.io.operations/kube-system/${ answer.operationName }`;
      let outcome: OperationOutcome = { state: 'running' };

      for (let i = 0; i < 240 && outcome.state === 'running'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        outcome = operationOutcome(await (await call(url, 'viewer')).json());
      }
      // Helm's own words come from the Operation's logs link, as on Rancher.
      expect(outcome).toEqual({ state: 'failed', message: 'exit code: 123' });
      const log = await (await call(`${ url }/logs?container=helm`, 'viewer')).text();

      expect(log).toMatch(/^helm install --namespace=kube-system harvester-cloud-provider \/home\/shell\/helm\/harvester-cloud-provider-[^ ]+\.tgz\nError: .*forbidden/);
      expect((await kubeRequest(admin, 'GET', '/api/v1/namespaces/kube-system/secrets?labelSelector=owner%3Dhelm')).body?.items).toEqual([]);
    } finally {
      // What Rancher leaves (the Operation, the viewer's Role and RoleBinding on it) is gone for the next suites.
      await kubeRequest(admin, 'DELETE', op);
      await kubeRequest(admin, 'DELETE', `/apis/rbac.authorization.k8s.io/v1/namespaces/kube-system/roles/${ answer.operationName }-u-viewer-role`);
      await kubeRequest(admin, 'DELETE', `/apis/rbac.authorization.k8s.io/v1/namespaces/kube-system/rolebindings/${ answer.operationName }-u-viewer-rolebinding`);
    }
  });

  it('serves the Kubernetes API paths from the real kube-apiserver, impersonating the user', async() => {
    const version = await (await call(`${ GUEST }/version`, 'admin')).json();

    expect(version.gitVersion).toMatch(/^v1\.36\./);
    const forbidden = await call(`${ GUEST }/api/v1/namespaces/default/secrets`, 'viewer');

    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).message).toContain('User "u-viewer" cannot list resource "secrets"');
  });
});

describe('real mode proxy, websockets', () => {
  // The dashboard's live updates: /v1/subscribe upgraded through the proxy to the real Steve, with the browser's
  // Origin (a page on the simulator's host), and a watch answered with resource.start and then a change.
  it('opens the guest\'s /v1/subscribe from a page on the simulator and delivers the real Steve\'s events', async() => {
    const WebSocket = (await import('ws')).default;
    const url = `${ sim.url.replace(/^http/, 'ws') }${ GUEST }/v1/subscribe?sockId=1`;
    const ws = new WebSocket(url, { headers: { authorization: `Bearer ${ USERS.admin.token }`, origin: sim.url } });
    const messages: any[] = [];
    const until = async(test: () => boolean) => {
      for (let i = 0; i < 100 && !test(); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    try {
      const opened = await new Promise<string>((resolve) => {
        ws.on('open', () => resolve('open'));
        ws.on('unexpected-response', (_req, res) => resolve(`refused ${ res.statusCode }`));
        ws.on('error', (e) => resolve(`error ${ e.message }`));
      });

      expect(opened).toBe('open');
      ws.on('message', (m) => messages.push(JSON.parse(`${ m }`)));
      // As the dashboard watches: from the revision of its list. Without one, a create made while Steve was still
      // starting the watch (seen on a loaded machine) lands before it and comes as no event.
      const { revision } = await (await call(`${ GUEST }/v1/configmaps/default`, 'admin')).json();

      ws.send(JSON.stringify({
        resourceType: 'configmap', namespace: 'default', resourceVersion: revision
      }));
      await until(() => messages.some((m) => m.name === 'resource.start'));
      const created = await call(`${ GUEST }/v1/configmaps`, 'admin', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name: `ws-probe-${ Date.now() }`, namespace: 'default' }, data: { a: 'b' } })
      });

      expect(created.status).toBe(201);
      await until(() => messages.some((m) => m.name === 'resource.create' && m.data?.metadata?.name?.startsWith('ws-probe-')));
      expect(messages.map((m) => m.name)).toEqual(expect.arrayContaining(['resource.start', 'resource.create']));
    } finally {
      ws.terminate();
    }
  }, 30000);
});
