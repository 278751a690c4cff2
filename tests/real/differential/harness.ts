/**
 * The differential tests' harness: one plain simulator (everything simulated) and one in real mode (Steve and the
 * kube-apiserver real), the same request sent to both, the answers normalised and compared structurally.
 */
import WebSocket from 'ws';
import { startSimServer, SimServer } from '../../../lab/simulator/server';
import { createState } from '../../../lab/simulator/core/state';
import { demoSeed } from '../../../lab/world/seed';
import { realFront } from '../../../lab/backends/real/fromStack';
import { USERS } from '../../../lab/simulator/rancher/users';
import { realStack } from '../stack';
import { allowed } from './allowList';

export type User = keyof typeof USERS;

export interface Answer { status: number; body: any; text: string; contentType: string }

export interface Pair { sim: SimServer; real: SimServer }

export async function startPair(): Promise<Pair> {
  const info = await realStack();
  const sim = await startSimServer({ state: createState(demoSeed()), port: 0 });
  const real = await startSimServer({
    state: createState(demoSeed()), port: 0, front: realFront(info)
  });

  return { sim, real };
}

export function closePair(p: Pair | undefined): void {
  p?.sim.close();
  p?.real.close();
}

export interface Init { method?: string; body?: unknown; headers?: Record<string, string> }

export async function call(server: SimServer, path: string, user: User, init: Init = {}): Promise<Answer> {
  const headers: Record<string, string> = {
    accept: 'application/json', authorization: `Bearer ${ USERS[user].token }`, ...(init.headers || {})
  };

  if (init.body !== undefined && !headers['content-type']) {
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${ server.url }${ path }`, {
    method: init.method || 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body)
  });
  const text = await res.text();
  let body: any = text;

  try {
    body = JSON.parse(text);
  } catch {}

  return {
    status: res.status, body, text, contentType: res.headers.get('content-type') || ''
  };
}

/** Same request to both fronts. */
export async function both(p: Pair, path: string, user: User, init: Init = {}): Promise<{ sim: Answer; real: Answer }> {
  return { sim: await call(p.sim, path, user, init), real: await call(p.real, path, user, init) };
}

const VOLATILE = new Set(['uid', 'resourceVersion', 'creationTimestamp', 'revision', 'generation', 'managedFields', 'time', 'lastTransitionTime', 'lastUpdateTime', 'clusterIP', 'clusterIPs', 'nodePort']);

/** Replaces what differs per run (uids, resource versions, timestamps, the front's URL and port) by markers. */
export function normalise(v: any, base: string): any {
  if (Array.isArray(v)) {
    return v.map((x) => normalise(x, base));
  }
  if (v && typeof v === 'object') {
    const out: Record<string, any> = {};

    for (const [k, x] of Object.entries(v)) {
      out[k] = VOLATILE.has(k) && x !== undefined && x !== null && x !== '' ? '<volatile>' : normalise(x, base);
    }

    return out;
  }
  if (typeof v === 'string') {
    // A guest node's VM uid and a host LoadBalancer's CRC of its Service's uid differ per run on the real side.
    return v.split(base).join('<base>').replace(/harvester:\/\/[0-9a-f-]{36}/g, 'harvester://<vm uid>').replace(/^((default\/)?(rke2|k3s)-guest-.+)-[0-9a-f]{8}$/, '$1-<crc>')
      .replace(/\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\b/g, '<time>')
      .replace(/"\d{2,}"/g, '"<n>"')
      .replace(/\bresource version: \d+ \(\d+\)/, 'resource version: <n> (<n>)')
      .replace(/(resourceVersion|revision)[=:]\s*"?\d+"?/g, '$1=<n>');
  }

  return v;
}

/** Structural differences: `path: sim=… real=…`, one a line. */
export function diff(a: any, b: any, path = '', out: string[] = []): string[] {
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = Array.isArray(a) ? [...Array(Math.max(a.length, b.length)).keys()].map(String) : [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();

    for (const k of keys) {
      diff(a[k as any], b[k as any], path ? `${ path }.${ k }` : k, out);
    }

    return out;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) {
    out.push(`${ path }: sim=${ short(a) } real=${ short(b) }`);
  }

  return out;
}

function short(v: unknown): string {
  const s = JSON.stringify(v);

  return s === undefined ? 'undefined' : s.length > 160 ? `${ s.slice(0, 160) }…` : s;
}

/** Differences the allow-list does not explain, for `expect(…).toEqual([])`. */
export function unexplained(step: string, sim: unknown, real: unknown, p: Pair): string[] {
  return diff(normalise(sim, p.sim.url), normalise(real, p.real.url)).filter((d) => !allowed(step, d)).map((d) => `${ step } ${ d }`);
}

/** A websocket on `/k8s/clusters/<id>/v1/subscribe`, with a wait for the first message that matches. */
export class Socket {
  messages: any[] = [];
  private ws: WebSocket;
  private waiters: { match: (m: any) => boolean; resolve: (m: any) => void }[] = [];

  constructor(server: SimServer, cluster: string, user: User) {
    this.ws = new WebSocket(`${ server.url.replace(/^http/, 'ws') }/k8s/clusters/${ cluster }/v1/subscribe`, { headers: { authorization: `Bearer ${ USERS[user].token }` } });
    this.ws.on('message', (data) => {
      const m = JSON.parse(`${ data }`);

      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => (w.match(m) ? (w.resolve(m), false) : true));
    });
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
  }

  send(msg: Record<string, unknown>): void {
    this.ws.send(JSON.stringify(msg));
  }

  waitFor(match: (m: any) => boolean, ms = 15000): Promise<any> {
    const seen = this.messages.find(match);

    if (seen) {
      return Promise.resolve(seen);
    }

    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message in ${ ms }ms; got ${ JSON.stringify(this.messages.map((x) => x.name)) }`)), ms);

      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer); resolve(m);
        }
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}
