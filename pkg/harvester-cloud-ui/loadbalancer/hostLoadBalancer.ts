import { KubeObject } from '../steve/types';

/** Labels the cloud provider puts on the Harvester LoadBalancer it creates for a guest Service. */
export const LB_LABELS = {
  cluster:          'cloudprovider.harvesterhci.io/cluster',
  serviceNamespace: 'cloudprovider.harvesterhci.io/serviceNamespace',
  serviceName:      'cloudprovider.harvesterhci.io/serviceName',
} as const;

export const HOST_LB_TYPE = 'loadbalancer.harvesterhci.io.loadbalancer';

export interface HostLbStatus {
  name: string;
  address: string | null;
  ready: boolean | null;
  /** Condition messages, most relevant first: why it is not ready, e.g. "no matching IP pool". */
  messages: string[];
}

/** The label selector for the host LoadBalancer of one guest Service. */
export function hostLbSelector(clusterName: string, namespace: string, name: string): string {
  return `${ LB_LABELS.cluster }=${ clusterName },${ LB_LABELS.serviceNamespace }=${ namespace },${ LB_LABELS.serviceName }=${ name }`;
}

export function describeHostLb(lb: KubeObject | null | undefined): HostLbStatus | null {
  if (!lb) {
    return null;
  }
  const conditions: { type?: string; status?: string; message?: string; reason?: string }[] = lb.status?.conditions || [];
  const ready = conditions.find((c) => c.type === 'Ready');
  const failing = conditions.filter((c) => c.status === 'False' && (c.message || c.reason));
  const messages = failing.map((c) => (c.message || c.reason) as string);

  return {
    name:    lb.metadata.name,
    address: lb.status?.address || lb.status?.allocatedAddress?.ip || null,
    ready:   ready ? ready.status === 'True' : null,
    messages,
  };
}
