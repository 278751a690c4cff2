/**
 * The Load Balancers page's decisions: one row per LoadBalancer Service, with what the Harvester host says of it
 * (its LoadBalancer's pool, when readable), the pool rule (ipPoolMatch.ts `choosePool`), its sharing group, and the
 * Pending reason the Service detail page gives (pendingReasons.ts, from the same events). Values stay text.
 */
import { KubeObject } from '../data/types';
import { ANNOTATIONS } from '../addOnConfig/annotations';
import { ingressAddress, portsOf, serviceRef } from '../addOnConfig/services';
import { describeHostLb, HostLbStatus, hostLbState, LB_LABELS } from '../addOnConfig/hostLoadBalancer';
import { loadBalancerName } from '../addOnConfig/hostLbName';
import { choosePool, PoolRule } from '../addOnConfig/ipPoolMatch';
import { currentFailure, Explanation, loadBalancerEvents } from '../addOnConfig/pendingReasons';

export type RowIpam = 'pool' | 'dhcp' | 'invalid';

/**
 * What the host tells of the Service's pool: read (with the rule), or not readable by this user. A read says what it
 * read of the host's LoadBalancer (issue 34: a row said "No pool" for a load balancer it had not found):
 * - `absent`: the host has no LoadBalancer for the Service (yet); no pool is named;
 * - `waiting`: the LoadBalancer has no address allocated yet; `name` is the pool the rules pick today (or null);
 * - `allocated`: `name` is the pool the address came from.
 */
export type RowPool =
  | {
    state: 'read'; lb: 'absent' | 'waiting' | 'allocated'; name: string | null; rule: PoolRule | null;
    /** The pool the rules pick today when it is not the allocated one. */ now?: string | null;
    /** Waiting, and Harvester's load balancer controller has not acted on it (no Ready condition: hostLbState). */ unprocessed?: boolean
  }
  | { state: 'notReadable' } | { state: 'dhcp' } | { state: 'loading' };

export interface LbRow {
  ref: string;
  name: string;
  namespace: string;
  address: string | null;
  ipam: RowIpam;
  network: string;
  pool: RowPool;
  /** The primary's ref for a primary with secondaries and for each secondary; null when not sharing. */
  group: string | null;
  role: 'primary' | 'secondary' | 'alone';
  /** A primary's secondaries among the Services this row list was built from, each with the ports it holds. */
  secondaries: { ref: string; ports: string }[];
  ports: string;
  pending: Explanation | null;
}

/** The provider reads a missing IPAM annotation as pool; `pool` and `dhcp` are its values, anything else is invalid. */
export function ipamOf(svc: KubeObject): RowIpam {
  const v = svc.metadata.annotations?.[ANNOTATIONS.ipam];

  return v === undefined || v === 'pool' ? 'pool' : v === 'dhcp' ? 'dhcp' : 'invalid';
}

export interface HostView {
  lbs: KubeObject[];
  pools: KubeObject[];
  clusterName: string | null;
}

function hostIndex(host: HostView) {
  const byName = new Map<string, KubeObject>();
  const byService = new Map<string, KubeObject>();

  host.lbs.forEach((lb) => {
    byName.set(lb.metadata.name, lb);
    const l = lb.metadata.labels || {};

    if (l[LB_LABELS.serviceName]) {
      byService.set(`${ l[LB_LABELS.serviceNamespace] || 'default' }/${ l[LB_LABELS.serviceName] }`, lb);
    }
  });

  return (owner: KubeObject): KubeObject | null => {
    const ns = owner.metadata.namespace || 'default';
    const expected = host.clusterName !== null && owner.metadata.uid ? loadBalancerName(host.clusterName, ns, owner.metadata.name, owner.metadata.uid) : null;

    return (expected && byName.get(expected)) || byService.get(serviceRef(owner)) || null;
  };
}

function poolOf(owner: KubeObject | null, ipam: RowIpam, host: HostView | null | undefined, find: ((o: KubeObject) => KubeObject | null) | null): RowPool {
  if (ipam === 'dhcp') {
    return { state: 'dhcp' };
  }
  if (host === undefined) {
    return { state: 'loading' };
  }
  if (!host || !find) {
    return { state: 'notReadable' };
  }
  const lb = owner ? find(owner) : null;

  if (!lb) {
    return {
      state: 'read', lb: 'absent', name: null, rule: null
    };
  }
  const allocated = lb.status?.allocatedAddress?.ipPool || null;
  const choice = choosePool(host.pools, lb);

  if (!allocated && !lb.status?.allocatedAddress?.ip) {
    return {
      state: 'read', lb: 'waiting', name: choice.pool, rule: choice.rule, unprocessed: hostLbState(describeHostLb(lb) as HostLbStatus) === 'unprocessed'
    };
  }
  // The pool it came from is the allocated one; the rule is the one that picks that pool today. When today's rules
  // pick another pool (or none: the pools changed since), the row says so instead of inventing a reason.
  if (allocated && allocated !== choice.pool) {
    return {
      state: 'read', lb: 'allocated', name: allocated, rule: null, now: choice.pool
    };
  }

  return {
    state: 'read', lb: 'allocated', name: allocated || choice.pool, rule: choice.rule
  };
}

function stub(ref: string): KubeObject {
  const [namespace, name] = ref.includes('/') ? ref.split('/', 2) : ['default', ref];

  return { metadata: { namespace, name } } as KubeObject;
}

/**
 * Rows of one page of Services; `services` may be that page, `events` the page's one events list (null: unreadable),
 * `host` what the Harvester host says (null: not readable; undefined: not read yet).
 */
export function buildRows(services: KubeObject[], events: KubeObject[] | null, host: HostView | null | undefined): LbRow[] {
  const byRef = new Map(services.map((s) => [serviceRef(s), s]));
  const portsText = (svc: KubeObject) => portsOf(svc).map((p) => `${ p.port }/${ p.protocol || 'TCP' }`).join(', ');
  const secondaries = new Map<string, { ref: string; ports: string }[]>();

  services.forEach((svc) => {
    const primary = svc.metadata.annotations?.[ANNOTATIONS.primaryService];

    if (primary) {
      secondaries.set(primary, [...(secondaries.get(primary) || []), { ref: serviceRef(svc), ports: portsText(svc) }]);
    }
  });
  const eventsByRef = new Map<string, KubeObject[]>();

  (events || []).forEach((e) => {
    const o = (e as KubeObject & { involvedObject?: { namespace?: string; name?: string } }).involvedObject || {};
    const key = `${ o.namespace || 'default' }/${ o.name }`;

    eventsByRef.set(key, [...(eventsByRef.get(key) || []), e]);
  });
  const find = host ? hostIndex(host) : null;

  return services.map((svc) => {
    const ref = serviceRef(svc);
    const primary = svc.metadata.annotations?.[ANNOTATIONS.primaryService];
    // A primary off this page is still found on the host by its labels (cloudprovider.harvesterhci.io/serviceName).
    const owner = primary ? byRef.get(primary) || stub(primary) : svc;
    const ownerIpam = ipamOf(owner || svc);
    const address = ingressAddress(svc);
    const failure = currentFailure(loadBalancerEvents(eventsByRef.get(ref) || [], svc), !!address);

    return {
      ref,
      name:        svc.metadata.name,
      namespace:   svc.metadata.namespace || 'default',
      address,
      ipam:        ipamOf(svc),
      network:     svc.metadata.annotations?.[ANNOTATIONS.network] || '',
      pool:        poolOf(owner, ownerIpam, host, find),
      group:       primary || (secondaries.has(ref) ? ref : null),
      role:        primary ? 'secondary' : secondaries.has(ref) ? 'primary' : 'alone',
      secondaries: primary ? [] : (secondaries.get(ref) || []).sort((a, b) => a.ref.localeCompare(b.ref)),
      ports:       portsText(svc),
      pending:     address ? null : failure?.explanation || null,
    };
  });
}

/**
 * The pool a row is filed under: the pool its address came from, else what was read (`noLoadBalancer`, `waiting`) or
 * why nothing was (`notReadable`, `dhcp`, `loading`); '' for an allocated address without a pool.
 */
export function poolGroupKey(p: RowPool): string {
  if (p.state !== 'read') {
    return p.state;
  }

  return p.lb === 'absent' ? 'noLoadBalancer' : p.lb === 'waiting' ? 'waiting' : p.name || '';
}

/** The keys of poolGroupKey that are states, not pool names. */
export const POOL_STATE_KEYS = ['notReadable', 'dhcp', 'loading', 'noLoadBalancer', 'waiting'];

export type GroupBy = 'none' | 'pool' | 'network';

export interface RowGroup {
  key: string;
  rows: LbRow[];
}

export function groupKey(row: LbRow, by: GroupBy): string {
  if (by === 'network') {
    return row.network;
  }
  if (by === 'pool') {
    return poolGroupKey(row.pool);
  }

  return '';
}

/** Groups in key order (the empty key, "none", last); within a group the rows keep their order. */
export function groupRows(rows: LbRow[], by: GroupBy): RowGroup[] {
  const groups = new Map<string, LbRow[]>();

  rows.forEach((r) => {
    const k = groupKey(r, by);

    groups.set(k, [...(groups.get(k) || []), r]);
  });

  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([key, rs]) => ({ key, rows: rs }));
}
