import { KubeObject } from '../data/types';
import { ipamMode, readLbConfig } from './annotations';
import { ingressAddress, isLoadBalancer, serviceRef } from './services';
import { currentFailure, loadBalancerEvents } from './pendingReasons';
import { Translate } from '../shared/translate';

/** The Service list's "LB Mode" cell: Pool, DHCP, Invalid (R-IPAM-1) or "Shares <primary>"; empty for other Service types. */
export function lbModeText(svc: KubeObject, t: Translate): string {
  if (!isLoadBalancer(svc)) {
    return '';
  }
  const cfg = readLbConfig(svc.metadata.annotations);

  if (cfg.sharing) {
    return t('harvesterCloud.loadBalancer.column.shares', { primary: cfg.primaryService });
  }

  return t(`harvesterCloud.loadBalancer.column.${ ipamMode(cfg) }`);
}

/** The "LB Address" cell: the allocated address, or Pending. */
export function lbAddressText(svc: KubeObject, t: Translate): string {
  if (!isLoadBalancer(svc)) {
    return '';
  }

  return ingressAddress(svc) || t('harvesterCloud.loadBalancer.status.pending');
}

/**
 * The "LB Status" cell, from what the list already holds (no request per row): Active with its address; a
 * secondary waiting for a primary that has none; the explained cause of the newest failure when the store happens
 * to hold the Service's events; else Pending.
 */
export function lbStatusText(svc: KubeObject, t: Translate, services: KubeObject[], events: KubeObject[]): string {
  if (!isLoadBalancer(svc)) {
    return '';
  }
  const address = ingressAddress(svc);

  if (address) {
    return t('harvesterCloud.loadBalancer.column.active', { address });
  }
  const failure = currentFailure(loadBalancerEvents(events, svc), false);

  if (failure) {
    return t(`harvesterCloud.loadBalancer.pending.causes.${ failure.explanation.cause }.short`, failure.explanation.args);
  }
  const cfg = readLbConfig(svc.metadata.annotations);

  if (cfg.sharing) {
    const primary = services.find((s) => serviceRef(s) === cfg.primaryService);

    if (!primary || !ingressAddress(primary)) {
      return t('harvesterCloud.loadBalancer.column.waitingPrimary', { primary: cfg.primaryService });
    }
  }

  return t('harvesterCloud.loadBalancer.status.pending');
}
