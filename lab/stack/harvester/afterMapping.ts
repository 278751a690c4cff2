/**
 * The guest's Services on a network the provider's NAD mapping will not list (and those sharing their IP) are made
 * once the provider has written that mapping, as a user makes a Service on a running cluster. The provider lets a
 * Service through while the mapping ConfigMap does not exist yet (cloud-provider-harvester v0.2.7
 * pkg/cloud-controller-manager/loadbalancer.go resolveNetworkInterface: "ConfigMap not present yet ... pass
 * through"), so whether such a Service got a host LoadBalancer depended on which came first: a clean clone's CI saw
 * `rke2-guest-default-other-network-…` on the host once, and the Steve differential then listed 5 host
 * LoadBalancers instead of the simulator's 4.
 */
import { UNMAPPED_NETWORK } from '../../world/clusters/pendingLbs';
import { KubeTarget, kubeRequest } from '../../core/kubeClient';
import { StackCluster } from '../../core/config';

type Obj = Record<string, any>;

const P = 'cloudprovider.harvesterhci.io/';
const NAD_MAPPING = '/api/v1/namespaces/kube-system/configmaps/harvester-nad-mapping';
const key = (o: Obj) => `${ o.metadata.namespace }/${ o.metadata.name }`;

/** The objects to make now, and the Services to make once the mapping exists. */
export function splitAfterMapping(objects: Obj[]): { now: Obj[]; later: Obj[] } {
  const unmapped = new Set(objects.filter((o) => o.kind === 'Service' && o.metadata.annotations?.[`${ P }network`] === UNMAPPED_NETWORK).map(key));
  const isLater = (o: Obj) => o.kind === 'Service' && (unmapped.has(key(o)) || unmapped.has(o.metadata.annotations?.[`${ P }primary-service`]));

  return { now: objects.filter((o) => !isLater(o)), later: objects.filter(isLater) };
}

/** Waits for the provider's NAD mapping in the guest (the held Services are made after it). */
export async function waitNadMapping(guest: KubeTarget, cluster: StackCluster, ms = 120000): Promise<void> {
  const end = Date.now() + ms;

  while ((await kubeRequest(guest, 'GET', NAD_MAPPING)).status !== 200) {
    if (Date.now() > end) {
      throw new Error(`the cloud provider wrote no NAD mapping (kube-system/harvester-nad-mapping) in ${ cluster.name } within ${ ms / 1000 } s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
