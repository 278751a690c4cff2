/** Steps of the real-mode compat flows: what the REAL kube-apiserver of a stack cluster holds, and changes made there. */
import { kubeRequest } from '../../../lab/core/kubeClient';
import { stackTarget } from '../../../lab/backends/stackClient';
import { CompatBackend as CompatSim } from '../../../lab/backends/backend';
import { expect } from '../fixtures';
import { RKE2_GUEST } from '../../../lab/world/ids';

function target(sim: CompatSim, cluster: string) {
  expect(sim.stack, 'the project runs in real mode (use: { real: true })').toBeTruthy();
  const t = stackTarget(sim.stack as NonNullable<CompatSim['stack']>, cluster);

  expect(t, `${ cluster } is not a real stack cluster`).toBeTruthy();

  return t as NonNullable<typeof t>;
}

/** A Service as the real kube-apiserver stores it (not what Steve or the simulator says). */
export async function realService(sim: CompatSim, cluster: string, id: string): Promise<any> {
  const [ns, name] = id.split('/');
  const res = await kubeRequest(target(sim, cluster), 'GET', `/api/v1/namespaces/${ ns }/services/${ name }`);

  expect(res.status, `GET Service ${ id } from the real kube-apiserver: ${ res.text.slice(0, 200) }`).toBe(200);

  return res.body;
}

/** A change made elsewhere (kubectl, another user), straight on the real kube-apiserver: a JSON merge patch. */
export async function patchService(sim: CompatSim, cluster: string, id: string, patch: unknown): Promise<void> {
  const [ns, name] = id.split('/');
  const res = await kubeRequest(target(sim, cluster), 'PATCH', `/api/v1/namespaces/${ ns }/services/${ name }`, patch);

  expect(res.status, `PATCH Service ${ id } on the real kube-apiserver: ${ res.text.slice(0, 200) }`).toBe(200);
}

/** A LoadBalancer Service made straight on the real kube-apiserver of rke2-guest (not through Steve). */
export async function createRealService(sim: CompatSim, name: string): Promise<void> {
  const res = await kubeRequest(target(sim, RKE2_GUEST.id), 'POST', '/api/v1/namespaces/default/services', {
    metadata: { name },
    spec:     {
      type:     'LoadBalancer',
      selector: { app: name },
      ports:    [{
        name: 'http', port: 80, protocol: 'TCP', targetPort: 80
      }]
    },
  });

  expect(res.status, `POST Service ${ name } on the real kube-apiserver: ${ res.text.slice(0, 200) }`).toBe(201);
}

/** The names of rke2-guest's Services in a namespace, as its kube-apiserver holds them. */
export async function realServiceNames(sim: CompatSim, namespace: string): Promise<string[]> {
  const res = await kubeRequest(target(sim, RKE2_GUEST.id), 'GET', `/api/v1/namespaces/${ namespace }/services`);

  return (res.body?.items || []).map((s: any) => s.metadata.name);
}

export async function deleteRealService(sim: CompatSim, name: string): Promise<void> {
  const res = await kubeRequest(target(sim, RKE2_GUEST.id), 'DELETE', `/api/v1/namespaces/default/services/${ name }`);

  expect(res.status, `DELETE Service ${ name } on the real kube-apiserver: ${ res.text.slice(0, 200) }`).toBe(200);
}
