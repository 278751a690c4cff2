/**
 * Services' ports and who shares whose address (the Add-on Config tab's rules, the Load Balancers page): apart from
 * services.ts, which the Service list's columns in the entry chunk need.
 */
import { KubeObject } from '../data/types';
import { ANNOTATIONS } from './annotations';
import {
  ServicePort, ingressAddress, isLoadBalancer, portsOf, serviceRef
} from './services';

export function isSecondary(svc: KubeObject): boolean {
  return !!svc.metadata.annotations?.[ANNOTATIONS.primaryService];
}

/** Service ports default to TCP, as Kubernetes defaults them. */
export function tcpPorts(svc: KubeObject | null | undefined): number[] {
  return portsOf(svc).filter((p) => (p.protocol || 'TCP') === 'TCP').map((p) => Number(p.port));
}

/**
 * Services whose IP a new Service may share: LoadBalancers that already have an address and are not themselves
 * secondaries (the provider refuses both), other than the Service being edited.
 */
export function primaryCandidates(services: KubeObject[], selfRef?: string): KubeObject[] {
  return services.filter((s) => isLoadBalancer(s) && !!ingressAddress(s) && !isSecondary(s) && serviceRef(s) !== selfRef);
}

export function secondariesOf(services: KubeObject[], primaryRef: string): KubeObject[] {
  return services.filter((s) => s.metadata.annotations?.[ANNOTATIONS.primaryService] === primaryRef);
}

/**
 * The ports of `mine` that another Service sharing the same IP already uses: the primary and its other secondaries.
 * The provider compares port numbers only, whatever the protocol: UDP/80 beside TCP/80 is refused
 * (cloud-provider-harvester `checkPortOverlap`, v0.2.0+: "port 80 has been used in service ns/name").
 * It finds the other secondaries by the label it sets once they work; this form also counts those still
 * Pending (their annotation), so two new Services cannot claim the same port.
 */
export function overlappingPorts(mine: ServicePort[], services: KubeObject[], primaryRef: string, selfRef: string): { port: string; owner: string }[] {
  const taken = new Map<number, string>();
  const primary = services.find((s) => serviceRef(s) === primaryRef);
  const sharers = [...(primary ? [primary] : []), ...secondariesOf(services, primaryRef)].filter((s) => serviceRef(s) !== selfRef);

  sharers.forEach((s) => portsOf(s).forEach((p) => {
    if (!taken.has(Number(p.port))) {
      taken.set(Number(p.port), serviceRef(s));
    }
  }));

  return mine.filter((p) => taken.has(Number(p.port))).map((p) => ({ port: `${ Number(p.port) }`, owner: taken.get(Number(p.port)) as string }));
}
