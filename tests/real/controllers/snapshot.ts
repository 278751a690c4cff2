/**
 * What a scenario left behind, as the differential compares it: the guest Services of its namespace (annotations,
 * labels, finalizers, addresses) with the service controller's events about them, the host LoadBalancers made for
 * them, and the IP pools it names. Uids, resource versions and timestamps are dropped; a host LoadBalancer's CRC
 * suffix (cloud-provider-harvester `loadBalancerName`: CRC-32 of the name's base and the Service's uid) becomes
 * `<crc>` once checked against that Service's uid on the same side, so a wrong name still shows as a difference.
 */
import { loadBalancerName } from '../../../simulator/controllers/loadBalancerName';
import { Backend, items } from './backend';

type Obj = Record<string, any>;

const GUEST = 'rke2-guest';

export interface Snapshot {
  services: Obj;
  events: Obj;
  loadBalancers: Obj;
  pools: Obj;
}

function crcNames(ns: string, services: Obj[]): (s: string) => string {
  const names = services.map((s) => loadBalancerName(GUEST, ns, s.metadata.name, s.metadata.uid));

  return (text: string) => names.reduce((t, n) => t.split(n).join(`${ n.slice(0, -8) }<crc>`), text);
}

function cleanConditions(conditions: Obj[] = []): Obj[] {
  return conditions.map((c) => ({
    type: c.type, status: c.status, ...(c.message ? { message: c.message } : {})
  }));
}

export async function takeSnapshot(b: Backend, ns: string, pools: string[]): Promise<Snapshot> {
  const services = items(await b.request('guest', 'GET', `/api/v1/namespaces/${ ns }/services`));
  const fix = crcNames(ns, services);
  const events = items(await b.request('guest', 'GET', `/api/v1/namespaces/${ ns }/events`));
  const lbs = items(await b.request('host', 'GET', `/apis/loadbalancer.harvesterhci.io/v1beta1/loadbalancers?labelSelector=${ encodeURIComponent(`cloudprovider.harvesterhci.io/serviceNamespace=${ ns }`) }`));
  const allPools = items(await b.request('host', 'GET', '/apis/loadbalancer.harvesterhci.io/v1beta1/ippools'));
  const deep = (v: unknown) => JSON.parse(fix(JSON.stringify(v)));

  return {
    services: Object.fromEntries(services.map((s) => [s.metadata.name, deep({
      annotations: s.metadata.annotations || {},
      labels:      s.metadata.labels || {},
      finalizers:  s.metadata.finalizers || [],
      ingress:     s.status?.loadBalancer?.ingress || [],
    })])),
    events: Object.fromEntries(services.map((s) => [s.metadata.name, [...new Set(events
      .filter((e) => e.involvedObject?.kind === 'Service' && e.involvedObject?.name === s.metadata.name)
      .map((e) => fix(`${ e.type } ${ e.reason }: ${ e.message }`)))].sort()])),
    loadBalancers: Object.fromEntries(lbs.map((lb) => [fix(lb.metadata.name), deep({
      labels:      lb.metadata.labels || {},
      annotations: lb.metadata.annotations || {},
      spec:        lb.spec,
      status:      { ...lb.status, conditions: cleanConditions(lb.status?.conditions) },
    })])),
    pools: Object.fromEntries(allPools.filter((p) => pools.includes(p.metadata.name)).map((p) => [p.metadata.name, deep({
      allocated: p.status?.allocated || {}, available: p.status?.available, total: p.status?.total, conditions: cleanConditions(p.status?.conditions),
    })])),
  };
}
