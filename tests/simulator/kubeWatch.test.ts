/**
 * @jest-environment node
 *
 * Kubernetes watches on the simulator's HTTPS endpoint (what `kubectl get -w` reads): ADDED for what exists, then
 * MODIFIED/DELETED for writes made through Steve, one JSON object per line.
 */
import https from 'node:https';
import { SimServer, startSimServer } from '../../lab/simulator/server';
import { demoState } from './helpers';

let sim: SimServer;
const ADMIN = { authorization: 'Bearer token-demoadmin:demo' };

beforeAll(async() => {
  sim = await startSimServer({
    state: demoState(), port: 0, kubeApi: {}
  });
}, 30000);
afterAll(() => sim.close());

/** Opens a watch and collects its events until `count` arrived. */
function watch(path: string, count: number, onOpen: () => Promise<void>): Promise<any[]> {
  return new Promise((resolve, reject) => {
    const events: any[] = [];
    let buffer = '';
    const req = https.get(`${ sim.kube?.url }${ path }`, { ca: sim.kube?.ca, headers: ADMIN }, (res) => {
      expect(res.statusCode).toBe(200);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const lines = buffer.split('\n');

        buffer = lines.pop() as string;
        events.push(...lines.filter(Boolean).map((l) => JSON.parse(l)));
        if (events.length >= count) {
          req.destroy();
          resolve(events);
        }
      });
      onOpen().catch(reject);
    });

    req.on('error', (e) => (events.length >= count ? undefined : reject(e)));
  });
}

it('streams ADDED, MODIFIED and DELETED for one ConfigMap, trusted through the kubeconfig\'s certificate', async() => {
  const steve = `${ sim.url }/k8s/clusters/c-m-rke2g001/v1/configmaps`;
  const events = await watch('/k8s/clusters/c-m-rke2g001/api/v1/namespaces/default/configmaps?watch=1&fieldSelector=metadata.name%3Dwatched', 3, async() => {
    const created = await fetch(steve, {
      method: 'POST', headers: { ...ADMIN, 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name: 'watched', namespace: 'default' }, data: { a: '1' } })
    });

    expect(created.status).toBe(201);
    const body = await created.json();

    body.data = { a: '2' };
    expect((await fetch(`${ steve }/default/watched`, {
      method: 'PUT', headers: { ...ADMIN, 'content-type': 'application/json' }, body: JSON.stringify(body)
    })).status).toBe(200);
    expect((await fetch(`${ steve }/default/watched`, { method: 'DELETE', headers: ADMIN })).status).toBe(204);
  });

  expect(events.map((e) => [e.type, e.object.kind, e.object.metadata.name, e.object.data?.a])).toEqual([
    ['ADDED', 'ConfigMap', 'watched', '1'], ['MODIFIED', 'ConfigMap', 'watched', '2'], ['DELETED', 'ConfigMap', 'watched', '2'],
  ]);
  expect(sim.kube?.kubeconfig()).toContain(`server: ${ sim.kube?.url }/k8s/clusters/c-m-rke2g001`);
}, 30000);
