import { KubeObject } from '../data/types';
import { Filter, eq, label } from '../data/steve';

/**
 * Labels the cloud provider puts on the Harvester LoadBalancer of a guest Service (cloud-provider-harvester
 * `constructLB`, v0.2.x; v0.1.x sets only the cluster label).
 */
export const LB_LABELS = {
  cluster:          'cloudprovider.harvesterhci.io/cluster',
  serviceNamespace: 'cloudprovider.harvesterhci.io/serviceNamespace',
  serviceName:      'cloudprovider.harvesterhci.io/serviceName',
} as const;

export interface HostLbCondition {
  type: string;
  status: string;
  message: string;
}

/** What load-balancer-harvester reports on its LoadBalancer (`LoadBalancerStatus`, v1beta1). */
export interface HostLbStatus {
  name: string;
  namespace: string;
  ipam: string;
  /** The address kube-vip serves (`status.address`), or the one allocated from a pool. */
  address: string | null;
  allocatedIp: string | null;
  allocatedPool: string | null;
  ready: boolean | null;
  conditions: HostLbCondition[];
  /** Condition messages of failing conditions: why it is not ready, e.g. "no matched IPPool …". */
  messages: string[];
}

/**
 * Steve `filter=` terms for the host LoadBalancers of one guest cluster, or of one Service when the cluster is
 * unknown. Labels, not `labelSelector`: Steve's SQL cache (Rancher 2.12+) indexes labels and never reads
 * `labelSelector` (rancher/steve v0.10.2 listprocessor `ParseQuery`), so a selector would fetch every LoadBalancer.
 */
export function hostLbFilter(clusterName: string | null, namespace: string, name: string): Filter[] {
  return clusterName === null ? [eq(label(LB_LABELS.serviceNamespace), namespace), eq(label(LB_LABELS.serviceName), name)] : [eq(label(LB_LABELS.cluster), clusterName)];
}

export function describeHostLb(lb: KubeObject | null | undefined): HostLbStatus | null {
  if (!lb) {
    return null;
  }
  const conditions: HostLbCondition[] = (lb.status?.conditions || []).map((c: Record<string, string>) => ({
    type: c.type || '', status: c.status || '', message: c.message || c.reason || ''
  }));
  const ready = conditions.find((c) => c.type === 'Ready');
  // "0.0.0.0" is how a DHCP load balancer asks for an address (load-balancer-harvester `Address4AskDHCP`).
  const allocatedIp = lb.status?.allocatedAddress?.ip && lb.status.allocatedAddress.ip !== '0.0.0.0' ? lb.status.allocatedAddress.ip : null;

  return {
    name:          lb.metadata.name,
    namespace:     lb.metadata.namespace || '',
    ipam:          lb.spec?.ipam || 'pool',
    address:       lb.status?.address || allocatedIp,
    allocatedIp,
    allocatedPool: lb.status?.allocatedAddress?.ipPool || null,
    ready:         ready ? ready.status === 'True' : null,
    conditions,
    messages:      conditions.filter((c) => c.status === 'False' && c.message).map((c) => c.message),
  };
}

/**
 * The state the host's LoadBalancer is in. Without a Ready condition Harvester's load balancer controller has not
 * acted on it yet: load-balancer-harvester v1.8.2 `OnChange` sets Ready (True, or False with why) on every pass
 * (`pkg/controller/loadbalancer/controller.go`), so none means no pass since the provider made it (the controller
 * is not running, or has not caught up).
 */
export function hostLbState(status: HostLbStatus): 'ready' | 'notReady' | 'unprocessed' {
  return status.ready === null ? 'unprocessed' : status.ready ? 'ready' : 'notReady';
}
