/**
 * The cloud provider's side of a host LoadBalancer (cloud-provider-harvester v0.2.7 loadbalancer.go `constructLB`),
 * and what starts a sync of a Service (the service controller's `needsUpdate`).
 */
import { SimState } from '../core/state';
import { ChangeEvent, KubeObject } from '../core/types';
import { HarvesterGuest } from './harvesterGuests';
import { LB_ANNOTATIONS } from './hostLoadBalancer';
import { PROVIDER } from './providerKeys';

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v));
}

/** constructLB: the host LoadBalancer the provider asks for. */
export function constructLb(guest: HarvesterGuest, svc: KubeObject, name: string, old?: KubeObject): KubeObject {
  const a = svc.metadata.annotations || {};
  const lb: KubeObject = old ? clone(old) : {
    apiVersion: 'loadbalancer.harvesterhci.io/v1beta1', kind: 'LoadBalancer', metadata: { name, namespace: guest.vmNamespace }, spec: {}
  };
  const ann = lb.metadata.annotations = lb.metadata.annotations || {};

  if (!old) {
    ann[LB_ANNOTATIONS.network] = a[PROVIDER.network] || '';
    ann[PROVIDER.lbNetwork] = a[PROVIDER.network] || '';
  }
  ann[LB_ANNOTATIONS.project] = a[PROVIDER.project] || '';
  ann[LB_ANNOTATIONS.namespace] = a[PROVIDER.namespace] || '';
  ann[LB_ANNOTATIONS.cluster] = guest.name;
  lb.metadata.labels = {
    ...(lb.metadata.labels || {}), [PROVIDER.lbCluster]: guest.name, [PROVIDER.lbSvcNamespace]: svc.metadata.namespace as string, [PROVIDER.lbSvcName]: svc.metadata.name
  };
  lb.spec = {
    ...(lb.spec || {}), ipam: a[PROVIDER.ipam] || 'pool', workloadType: 'cluster'
  };
  const ingress = svc.status?.loadBalancer?.ingress?.[0]?.ip;

  if (ingress) {
    lb.status = { ...(lb.status || {}), address: ingress };
  }

  return lb;
}

/** A change of the Service's status alone starts no sync (k8s.io/cloud-provider controllers/service `needsUpdate`). */
const seenSpecs = new WeakMap<SimState, Map<string, string>>();

export function specChanged(state: SimState, ev: ChangeEvent): boolean {
  const seen = seenSpecs.get(state) || new Map<string, string>();
  const meta: Record<string, unknown> = { ...ev.object.metadata };

  delete meta.resourceVersion;
  delete meta.managedFields;
  delete meta.generation;
  const key = `${ ev.cluster }/${ ev.id }`;
  const now = JSON.stringify({ meta, spec: ev.object.spec });
  const changed = seen.get(key) !== now;

  seen.set(key, now);
  seenSpecs.set(state, seen);

  return changed;
}
