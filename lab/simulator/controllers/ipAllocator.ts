/**
 * Address allocation from an IP pool, as harvester/load-balancer-harvester pkg/ipam (allocator.go, store.go) does
 * with the CNI host-local allocator: an applicant (`<lb namespace>/<lb name>`) keeps the address it holds; a new
 * one gets the next free address after `status.lastAllocated`, walking the pool's ranges and wrapping; the pool's
 * status records `allocated[ip] = applicant`, `available`, `lastAllocated`, and released addresses move to
 * `allocatedHistory`.
 */
import { KubeObject } from '../core/types';

function toInt(ip: string): number {
  return ip.split('.').reduce((n, o) => n * 256 + parseInt(o, 10), 0);
}

function toIp(n: number): string {
  return [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');
}

interface Range { rangeStart?: string; rangeEnd?: string; subnet: string; gateway?: string }

/** The usable addresses of a range: rangeStart..rangeEnd, or the subnet without network, broadcast and gateway. */
function addressesOf(r: Range): number[] {
  const [net, bits] = r.subnet.split('/');
  const size = 2 ** (32 - parseInt(bits, 10));
  const base = toInt(net) - (toInt(net) % size);
  const first = r.rangeStart ? toInt(r.rangeStart) : base + 1;
  const last = r.rangeEnd ? toInt(r.rangeEnd) : base + size - 2;
  const gateway = r.gateway ? toInt(r.gateway) : -1;
  const out: number[] = [];

  for (let n = first; n <= last && out.length < 65536; n++) {
    if (n !== gateway) {
      out.push(n);
    }
  }

  return out;
}

function rangeOf(pool: KubeObject, ip: string): Range | undefined {
  return (pool.spec?.ranges || []).find((r: Range) => addressesOf(r).includes(toInt(ip)));
}

export interface Allocation {
  ip: string;
  mask: string;
  gateway: string;
}

function maskOf(subnet: string): string {
  const bits = parseInt(subnet.split('/')[1], 10);

  return toIp(bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0);
}

export function poolTotal(pool: KubeObject): number {
  return (pool.spec?.ranges || []).reduce((n: number, r: Range) => n + addressesOf(r).length, 0);
}

/** Allocates for `applicant`; returns the pool's next status and the address, or an error text. */
export function allocate(pool: KubeObject, applicant: string): { status: any; allocation: Allocation } | { error: string } {
  const status = {
    total: poolTotal(pool), available: 0, lastAllocated: '', allocated: {}, ...(pool.status || {})
  };
  const allocated: Record<string, string> = { ...(status.allocated || {}) };
  const held = Object.keys(allocated).find((ip) => allocated[ip] === applicant);
  const all = (pool.spec?.ranges || []).flatMap((r: Range) => addressesOf(r));
  let ip = held;

  if (!ip) {
    const start = status.lastAllocated ? all.indexOf(toInt(status.lastAllocated)) + 1 : 0;

    for (let i = 0; i < all.length && !ip; i++) {
      const candidate = toIp(all[(start + i) % all.length]);

      if (!allocated[candidate]) {
        ip = candidate;
      }
    }
  }
  if (!ip) {
    // CNI host-local's error when every address is taken.
    return { error: `no IP addresses available in range set: ${ (pool.spec?.ranges || []).map((r: Range) => `${ r.rangeStart || r.subnet }-${ r.rangeEnd || '' }`).join(',') }` };
  }
  allocated[ip] = applicant;
  const history = { ...(status.allocatedHistory || {}) };

  delete history[ip];
  const range = rangeOf(pool, ip) as Range;

  return {
    status: {
      ...status,
      allocated,
      ...(Object.keys(history).length ? { allocatedHistory: history } : {}),
      lastAllocated: ip,
      total:         poolTotal(pool),
      available:     poolTotal(pool) - Object.keys(allocated).length,
    },
    allocation: {
      ip, mask: maskOf(range.subnet), gateway: range.gateway || ''
    },
  };
}

/** Releases what `applicant` holds; returns the pool's next status (unchanged when it held nothing). */
export function release(pool: KubeObject, applicant: string): any {
  const status = pool.status || {};
  const allocated: Record<string, string> = { ...(status.allocated || {}) };
  const ip = Object.keys(allocated).find((a) => allocated[a] === applicant);

  if (!ip) {
    return status;
  }
  delete allocated[ip];

  return {
    ...status,
    allocated,
    allocatedHistory: { ...(status.allocatedHistory || {}), [ip]: applicant },
    available:        poolTotal(pool) - Object.keys(allocated).length,
  };
}
