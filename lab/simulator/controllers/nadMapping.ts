/**
 * cloud-provider-harvester v0.2.7 `resolveNetworkInterface` (pkg/cloud-controller-manager/loadbalancer.go) over
 * `GetNADInterfaceMapping` (pkg/utils/configmap.go): the guest interface a Service's network maps to in the
 * `kube-system/harvester-nad-mapping` ConfigMap (which the provider's VMI controller writes from the VMs' networks).
 * EnsureLoadBalancer checks it before anything else, for primaries and secondaries alike: no network, or no
 * ConfigMap yet, passes; an empty mapping, an unreadable one or a network not in it fails.
 */
import { getObject, SimState } from '../core/state';
import { KubeObject } from '../core/types';

const NETWORK = 'cloudprovider.harvesterhci.io/network';
const CONFIGMAP = 'harvester-nad-mapping';
const KEY = 'interface-nad-mapping';

export type Resolved = { iface: string } | { error: string };

export function resolveNetworkInterface(state: SimState, clusterId: string, svc: KubeObject): Resolved {
  const network = svc.metadata.annotations?.[NETWORK] || '';

  if (!network) {
    return { iface: '' };
  }
  const cm = getObject(state, clusterId, 'configmap', `kube-system/${ CONFIGMAP }`);

  if (!cm) {
    return { iface: '' };
  }
  const text = cm.data?.[KEY] || '';
  let mapping: Record<string, string> = {};

  if (text) {
    try {
      mapping = JSON.parse(text);
    } catch (e: any) {
      return { error: `invalid ${ KEY } in ConfigMap kube-system/${ CONFIGMAP }: ${ e?.message || e }` };
    }
  }
  if (!Object.keys(mapping).length) {
    return { error: `there is no common NAD mapping: kube-system/${ CONFIGMAP } is empty` };
  }
  if (!(network in mapping)) {
    return { error: `network ${ network } not found in NAD mapping for service ${ svc.metadata.namespace }/${ svc.metadata.name }` };
  }

  return { iface: mapping[network] };
}
