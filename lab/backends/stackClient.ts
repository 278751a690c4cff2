/**
 * What a compat flow reads when the dashboard's clusters are the real stack's (the `rancher-2.15-real` project, and
 * Rancher's own server): rke2-guest, harvester-host and k3s-bare as their kube-apiservers store them; any other cluster (the
 * simulated ones of real mode) from the fallback. Changes go the fallback's way (through the server under test).
 */
import { HARVESTER_HOST, K3S_BARE, RKE2_GUEST } from '../world/ids';
import { KubeTarget } from '../core/kubeClient';
import { kubeTarget, StackInfo } from '../stack/stack';
import type { CompatClient } from './backend';
import { kubeObject, kubeObjects } from './kubeObjects';

export function stackTarget(stack: StackInfo, cluster: string): KubeTarget | null {
  const key = ({
    [RKE2_GUEST.id]: 'guest', [HARVESTER_HOST.id]: 'host', [K3S_BARE.id]: 'bare'
  } as const)[cluster];

  // A stack started before k3s-bare was one of its clusters has none.
  return key && stack.clusters[key] ? kubeTarget(stack, key) : null;
}

export function stackClient(stack: StackInfo, fallback: CompatClient): CompatClient {
  return {
    object(cluster, type, id) {
      const t = stackTarget(stack, cluster);

      return t ? kubeObject(t, type, id) : fallback.object(cluster, type, id);
    },
    objects(cluster, type) {
      const t = stackTarget(stack, cluster);

      return t ? kubeObjects(t, type) : fallback.objects(cluster, type);
    },
    steveUpdate: (cluster, type, id, change) => fallback.steveUpdate(cluster, type, id, change),
  };
}
