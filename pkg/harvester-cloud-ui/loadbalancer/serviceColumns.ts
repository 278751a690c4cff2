import { KubeObject } from '../steve/types';
import { readLbConfig } from './annotations';
import { ingressAddress, isLoadBalancer } from './services';

type Translate = (key: string, args?: Record<string, string>) => string;

/** The Service list's "LB Mode" cell: Pool, DHCP or "Shares <primary>"; empty for other Service types. */
export function lbModeText(svc: KubeObject, t: Translate): string {
  if (!isLoadBalancer(svc)) {
    return '';
  }
  const cfg = readLbConfig(svc.metadata.annotations);

  if (cfg.sharing) {
    return t('harvesterCloud.loadBalancer.column.shares', { primary: cfg.primaryService });
  }

  return t(`harvesterCloud.loadBalancer.column.${ cfg.ipam }`);
}

/** The "LB Address" cell: the allocated address, or Pending. */
export function lbAddressText(svc: KubeObject, t: Translate): string {
  if (!isLoadBalancer(svc)) {
    return '';
  }

  return ingressAddress(svc) || t('harvesterCloud.loadBalancer.status.pending');
}
