/**
 * What a scenario left behind, as the differential compares it: the guest Services of its namespace (annotations,
 * labels, finalizers, addresses) with the service controller's events about them, the host LoadBalancers made for
 * them, and the IP pools it names. Uids, resource versions and timestamps are dropped; a host LoadBalancer's CRC
 * suffix (cloud-provider-harvester `loadBalancerName`: CRC-32 of the name's base and the Service's uid) becomes
 * `<crc>` once checked against that Service's uid on the same side, so a wrong name still shows as a difference.
 */
import { loadBalancerName } from '../../../lab/simulator/controllers/loadBalancerName';
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

/**
 * Addresses: the two sides start from different allocations (the demo's own Services took theirs in another order),
 * so an address is compared as where it came from: `<pool-name>` (inside that pool's range) or `<dhcp>` (a lease).
 */
function addressOf(ip: string, pools: Obj[]): string {
  const n = (a: string) => a.split('.').reduce((x, o) => (x * 256) + Number(o), 0);

  if (ip === '0.0.0.0') {
    return ip;
  }
  for (const p of pools) {
    if ((p.spec?.ranges || []).some((r: Obj) => n(ip) >= n(r.rangeStart) && n(ip) <= n(r.rangeEnd))) {
      return `<${ p.metadata.name }>`;
    }
  }

  return /^192\.168\.100\.2\d\d$/.test(ip) ? '<dhcp>' : ip;
}

export async function takeSnapshot(b: Backend, ns: string, pools: string[]): Promise<Snapshot> {
  const services = items(await b.request('guest', 'GET', `/api/v1/namespaces/${ ns }/services`));
  const uids = new Set(services.map((s) => s.metadata.uid));
  const lbNames = new Set(services.map((s) => loadBalancerName(GUEST, ns, s.metadata.name, s.metadata.uid)));
  const fix = crcNames(ns, services);
  // Only this run's (a namespace keeps its events for an hour, and a LoadBalancer can outlive its Service), and only
  // the service controller's about load balancers (EnsuringLoadBalancer, SyncLoadBalancerFailed, …; not, say, the API
  // server's ClusterIP repair: a filter on reasons that *end* in LoadBalancer dropped every failure for three days,
  // which only the check of the recorded messages both ways showed). A failure
  // that is a write race between the provider and the load balancer controller (409, "Operation cannot be
  // fulfilled") is retried at once and means nothing to a user: whether one happens is timing, not behaviour.
  const events = items(await b.request('guest', 'GET', `/api/v1/namespaces/${ ns }/events`))
    .filter((e) => uids.has(e.involvedObject?.uid) && /LoadBalancer/.test(e.reason) && !/Operation cannot be fulfilled/.test(e.message || ''));
  const lbs = items(await b.request('host', 'GET', `/apis/loadbalancer.harvesterhci.io/v1beta1/loadbalancers?labelSelector=${ encodeURIComponent(`cloudprovider.harvesterhci.io/serviceNamespace=${ ns }`) }`))
    .filter((lb) => lbNames.has(lb.metadata.name));
  const allPools = items(await b.request('host', 'GET', '/apis/loadbalancer.harvesterhci.io/v1beta1/ippools'));
  const ips = (text: string) => text.replace(/\b\d+\.\d+\.\d+\.\d+\b/g, (ip) => addressOf(ip, allPools));
  const deep = (v: unknown) => JSON.parse(ips(fix(JSON.stringify(v))).replace(/"kube-vip.io\/hwaddr":"[^"]*"/g, '"kube-vip.io/hwaddr":"<mac>"'));
  const mine = (applicant: string) => [...lbNames].some((n) => applicant.endsWith(`/${ n }`));

  return {
    services: Object.fromEntries(services.map((s) => [s.metadata.name, deep({
      annotations: s.metadata.annotations || {},
      labels:      s.metadata.labels || {},
      finalizers:  s.metadata.finalizers || [],
      ingress:     s.status?.loadBalancer?.ingress || [],
    })])),
    events: Object.fromEntries(services.map((s) => [s.metadata.name, [...new Set(events
      .filter((e) => e.involvedObject?.kind === 'Service' && e.involvedObject?.uid === s.metadata.uid)
      .map((e) => ips(fix(`${ e.type } ${ e.reason }: ${ e.message }`))))].sort()])),
    loadBalancers: Object.fromEntries(lbs.map((lb) => [fix(lb.metadata.name), deep({
      labels:      lb.metadata.labels || {},
      annotations: lb.metadata.annotations || {},
      spec:        lb.spec,
      status:      { ...lb.status, conditions: cleanConditions(lb.status?.conditions) },
    })])),
    // A pool's allocations of this scenario's LoadBalancers (the demo's own are allocated in another order).
    pools: Object.fromEntries(allPools.filter((p) => pools.includes(p.metadata.name)).map((p) => [p.metadata.name, deep({
      allocated:  Object.fromEntries(Object.entries(p.status?.allocated || {}).filter(([, a]) => mine(a as string))),
      conditions: cleanConditions(p.status?.conditions),
    })])),
  };
}
