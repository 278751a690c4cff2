/**
 * @jest-environment node
 *
 * Real kubectl against the simulator's Kubernetes API (the one Rancher proxies at /k8s/clusters/<id>): a Service
 * created with kubectl is the object Steve serves, an edit through Steve is what kubectl reads back, and kubectl's
 * errors are Kubernetes' own.
 */
import { demoSeed } from '../../lab/world/seed';
import { createState } from '../../lab/simulator/core/state';
import { findKubectl, KubectlSim, startKubectlSim } from './kubectl';

const found = findKubectl();
const RKE2 = '/k8s/clusters/c-m-rke2g001/v1';
const ADMIN = { authorization: 'Bearer token-demoadmin:demo', 'content-type': 'application/json' };

if (!found.path) {
  // A skipped test is reported; say why, where a CI log will show it.
  console.warn(`SKIPPING the kubectl tests: ${ found.reason }`);
}
const describeKubectl = found.path ? describe : describe.skip;
/** Each kubectl run is a process start and a TLS handshake: seconds when the suite runs in parallel on 2 cores. */
const KUBECTL_TEST_MS = 60000;

const SERVICE = `apiVersion: v1
kind: Service
metadata:
  name: kc-web
  namespace: default
spec:
  type: ClusterIP
  selector: {app: kc-web}
  ports: [{name: http, port: 80, targetPort: 8080, protocol: TCP}]
`;

describeKubectl('kubectl against the simulator', () => {
  let k: KubectlSim;

  beforeAll(async() => {
    k = await startKubectlSim(createState(demoSeed()), found.path as string);
  }, 60000);
  afterAll(() => k?.close());

  it('creates a Service with kubectl, sees an edit made through Steve, and deletes it', async() => {
    // --validate=false: the simulator serves no OpenAPI documents for kubectl's client-side validation.
    expect((await k.kubectl(['--context', 'rke2-guest', 'create', '--validate=false', '-f', '-'], SERVICE)).trim()).toBe('service/kc-web created');

    // The same object through Steve, as the dashboard reads and edits it.
    const url = `${ k.sim.url }${ RKE2 }/services/default/kc-web`;
    const svc = await (await fetch(url, { headers: ADMIN })).json();

    expect(svc.metadata.fields.slice(0, 2)).toEqual(['kc-web', 'ClusterIP']);
    svc.metadata.labels = { ...(svc.metadata.labels || {}), edited: 'in-steve' };
    svc.spec.ports[0].port = 8081;
    expect((await fetch(url, {
      method: 'PUT', headers: ADMIN, body: JSON.stringify(svc)
    })).status).toBe(200);

    const back = JSON.parse(await k.kubectl(['--context', 'rke2-guest', 'get', 'service', 'kc-web', '-o', 'json']));

    expect(back).toMatchObject({
      apiVersion: 'v1', kind: 'Service', metadata: { name: 'kc-web', labels: { edited: 'in-steve' } }
    });
    expect(back.spec.ports[0].port).toBe(8081);
    expect(back.metadata.fields).toBeUndefined(); // no Steve decorations on the Kubernetes API
    expect((await k.kubectl(['--context', 'rke2-guest', 'get', 'svc', 'kc-web', '--no-headers'])).split(/\s+/).slice(0, 2)).toEqual(['kc-web', 'ClusterIP']);

    await k.kubectl(['--context', 'rke2-guest', 'label', 'svc', 'kc-web', 'from=kubectl']);
    expect((await (await fetch(url, { headers: ADMIN })).json()).metadata.labels.from).toBe('kubectl');

    expect((await k.kubectl(['--context', 'rke2-guest', 'delete', 'svc', 'kc-web'])).trim()).toBe('service "kc-web" deleted');
    expect((await fetch(url, { headers: ADMIN })).status).toBe(404);
  }, KUBECTL_TEST_MS);

  it('reports Kubernetes\' errors and serves discovery for every simulated cluster', async() => {
    await expect(k.kubectl(['--context', 'rke2-guest', 'get', 'svc', 'nope'])).rejects.toThrow(/Error from server \(NotFound\): services "nope" not found/);
    expect((await k.kubectl(['--context', 'harvester-host', 'get', 'ippools', '-o', 'name'])).trim().split('\n')).toEqual(['ippool.loadbalancer.harvesterhci.io/pool-k3s-guest', 'ippool.loadbalancer.harvesterhci.io/pool-rke2-guest']);
    expect(await k.kubectl(['--context', 'rke2-guest', 'version', '-o', 'json'])).toContain('"gitVersion": "v1.33.5+rke2r1"');
  }, KUBECTL_TEST_MS);
});
