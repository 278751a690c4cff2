import { KubeObject } from '../data/types';


export function serviceRef(svc: KubeObject): string {
  return `${ svc.metadata.namespace || 'default' }/${ svc.metadata.name }`;
}

export function isLoadBalancer(svc: KubeObject | null | undefined): boolean {
  return svc?.spec?.type === 'LoadBalancer';
}

/** The address the load balancer got, if any (Pending otherwise). */
export function ingressAddress(svc: KubeObject): string | null {
  const ingress: { ip?: string; hostname?: string }[] = svc.status?.loadBalancer?.ingress || [];

  return ingress.map((i) => i.ip || i.hostname || '').find(Boolean) || null;
}

export interface ServicePort {
  port: number;
  protocol?: string;
  name?: string;
}

export function portsOf(svc: KubeObject | null | undefined): ServicePort[] {
  return (svc?.spec?.ports || []).filter((p: ServicePort) => p && p.port !== undefined && p.port !== null && `${ p.port }` !== '');
}
