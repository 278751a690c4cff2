/**
 * The demo's history in the real stack (lab/world/history.ts): the host LoadBalancer the cloud provider made
 * for rke2-guest's `network-changed` while it named `default/vlan100`. Named after the uid the Service got in the
 * real guest, so the real provider finds it and refuses the Service's network (now `default/vlan200`), as the
 * simulator's does in demo mode.
 * Call it after both clusters are seeded and before Harvester's components start (stack.ts, before
 * `startHarvester`): no webhook rewrites it then, and the provider's first sync of the Service finds it there.
 */
import { NETWORK_CHANGED, networkChangedLoadBalancer } from '../../world/history';
import { KubeTarget, kubeExpect, kubeRequest, objectPath } from '../../core/kubeClient';

export async function seedHistory(host: KubeTarget, guest: KubeTarget): Promise<void> {
  const svc = await kubeExpect(guest, 'GET', objectPath('v1', 'services', NETWORK_CHANGED.namespace, NETWORK_CHANGED.name), undefined, [200]);
  const lb = networkChangedLoadBalancer(svc.body.metadata.uid);
  // Harvester's LoadBalancer CRD has no status subresource: the status goes in with the object.
  const r = await kubeRequest(host, 'POST', objectPath(lb.apiVersion as string, 'loadbalancers', lb.metadata.namespace), lb);

  // 409: a stack restarted on its own data already has it.
  if (r.status !== 201 && r.status !== 409) {
    throw new Error(`history: LoadBalancer ${ lb.metadata.namespace }/${ lb.metadata.name }: ${ r.status } ${ r.body?.message || r.text.slice(0, 200) }`);
  }
}
