/**
 * A network namespace for a program that listens on every interface and has no flag to bind elsewhere (the
 * Harvester load balancer webhook: rancher/dynamiclistener listens on `:port`). Inside, it can listen where it likes:
 * the namespace has only its loopback and one end of a veth pair whose other end is in the machine's namespace, and
 * the machine does not forward packets (ip_forward 0, checked), so nothing outside the machine can reach it. The
 * kube-apiserver reaches it at the namespace's veth address; the program reaches the API servers on its own
 * 127.0.0.1 through netBridge.ts over Unix sockets.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BASE_PORT } from './config';
import { RUN_DIR } from './paths';
import { startProcess, Started } from './processes';

export interface Netns {
  name: string;
  /** The namespace's address on its veth (what an EndpointSlice names). */
  address: string;
  hostAddress: string;
}

/** Per stack (STACK_BASE_PORT), so a second stack on the machine gets a namespace and subnet of its own. */
export function netnsFor(purpose: string, index: number): Netns {
  const slot = Math.floor(BASE_PORT / 100) % 250;

  return {
    name: `hcui-${ slot }-${ purpose }`, address: `10.231.${ slot }.${ index * 4 + 2 }`, hostAddress: `10.231.${ slot }.${ index * 4 + 1 }`
  };
}

function ip(...args: string[]): string {
  return execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The machine's network namespaces by name (`ip netns list` adds ` (id: n)` to some); none when `ip` fails. */
function netnsNames(): string[] {
  try {
    return ip('netns', 'list').split('\n').map((l) => l.split(' ')[0]).filter(Boolean);
  } catch (e) {
    return [];
  }
}

export function netnsExists(ns: Netns): boolean {
  return netnsNames().includes(ns.name);
}

/**
 * Creates the namespace and its veth pair (afresh). Throws with what `ip` said when the machine does not allow it.
 *
 * The machine's end of the pair gets no address, IPv4 or IPv6 (addrgenmode none), only a route to the namespace's
 * address: Chromium flushes its sockets on any address change in its network namespace, so every request of a browser
 * flow running beside a stack's start failed with net::ERR_NETWORK_CHANGED (CI, Rancher 2.15: the shell's
 * /v1/uiplugins, and so the extension, while Rancher 2.13's stack started; tests/real/netns.real.ts).
 * Replies go back to the address the machine sends from (`ip route get`).
 */
export function createNetns(ns: Netns): void {
  if (fs.readFileSync('/proc/sys/net/ipv4/ip_forward', 'utf8').trim() !== '0') {
    throw new Error(`this machine forwards IPv4 packets (net.ipv4.ip_forward=1): a program in network namespace ${ ns.name } could be reached from outside; refusing to start it`);
  }
  deleteNetns(ns);
  const veth = ns.name.replace(/^hcui-/, 'hv');
  const [outside, inside] = [`${ veth }o`.slice(0, 15), `${ veth }i`.slice(0, 15)];

  ip('netns', 'add', ns.name);
  ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
  ip('link', 'set', 'dev', outside, 'addrgenmode', 'none');
  ip('link', 'set', inside, 'netns', ns.name);
  ip('link', 'set', outside, 'up');
  ip('route', 'replace', `${ ns.address }/32`, 'dev', outside);
  const source = routeSource(ns.address);

  if (!source) {
    // No address to send from (a machine with only a loopback): the old way, which browsers beside may notice.
    console.log(`[netns] ${ ns.name }: the machine has no address to reach ${ ns.address } from; giving its veth ${ ns.hostAddress } (a browser running now may see net::ERR_NETWORK_CHANGED)`);
    ip('addr', 'add', `${ ns.hostAddress }/30`, 'dev', outside);
  }

  ip('netns', 'exec', ns.name, 'ip', 'addr', 'add', `${ ns.address }/${ source ? 32 : 30 }`, 'dev', inside);
  ip('netns', 'exec', ns.name, 'ip', 'link', 'set', inside, 'up');
  ip('netns', 'exec', ns.name, 'ip', 'link', 'set', 'lo', 'up');
  if (source) {
    ip('netns', 'exec', ns.name, 'ip', 'route', 'add', `${ source }/32`, 'dev', inside);
  }
}

/** The address the machine sends from to `address` (`ip route get`'s src), or null when it has none. */
function routeSource(address: string): string | null {
  try {
    const src = /\bsrc (\d+\.\d+\.\d+\.\d+)/.exec(ip('-o', 'route', 'get', address))?.[1];

    return src && src !== '0.0.0.0' ? src : null;
  } catch (e) {
    return null;
  }
}

/** Removes the namespace (its veth pair goes with it). */
export function deleteNetns(ns: Netns): void {
  if (netnsExists(ns)) {
    ip('netns', 'delete', ns.name);
  }
}

/** The Pod runners' namespaces, one per Pod (`<purpose><n>`): Rancher's local cluster's and k3s-bare's. */
export const POD_NETNS = { local: 'pod-', bare: 'podb-' } as const;

/**
 * Removes this stack's namespaces named `<purpose>…`: what a Pod runner leaves when it ends while a Pod is starting
 * (its namespace made, the Pod not yet among those the runner stops) or is killed (seen in CI: one left after
 * Rancher 2.13's stack stopped). Returns how many there were.
 */
export function deleteNetnsOf(purpose: string): number {
  const prefix = netnsFor(purpose, 0).name;
  const names = netnsNames().filter((n) => n.startsWith(prefix));

  for (const name of names) {
    try {
      ip('netns', 'delete', name);
    } catch (e) {}
  }

  return names.length;
}

/** The environment of a netBridge.ts this process starts and that should end when this process is gone. */
export const bridgeEnv = () => ({ NETBRIDGE_PARENT: String(process.pid) });

function bridgeSocket(ns: Netns, port: number | string): string {
  return path.join(RUN_DIR, 'bridges', `${ ns.name }-${ port }.sock`);
}

/** Gives the namespace's loopback one more address (a VIP the program inside dials). */
export function addAddress(ns: Netns, address: string): void {
  ip('netns', 'exec', ns.name, 'ip', 'addr', 'add', `${ address }/32`, 'dev', 'lo');
}

/**
 * The machine's 127.0.0.1 ports `ports` made reachable on the namespace's own 127.0.0.1, and `program` started in the
 * namespace. Returns the processes (bridges first) for the stack to stop.
 */
export function startInNetns(ns: Netns, ports: number[], name: string, program: string, args: string[], env: Record<string, string> = {}, cwd?: string): Started[] {
  const bridges = bridgeIntoNetns(ns, ports, name);
  const main = startProcess(name, 'ip', ['netns', 'exec', ns.name, 'env', ...Object.entries(env).map(([k, v]) => `${ k }=${ v }`), program, ...args], cwd);

  return [...bridges, main];
}

/** Only the bridges of startInNetns, for a program started otherwise (as a Pod: lab/stack/rancher/agent.ts). */
export function bridgeIntoNetns(ns: Netns, ports: number[], name: string, env?: Record<string, string>): Started[] {
  return bridgeAddresses(ns, ports.map((p) => ({ inside: String(p), outside: p })), name, env);
}

/**
 * The machine's 127.0.0.1:<outside> reachable in the namespace at `inside` (`<port>` on its 127.0.0.1, or
 * `<address>:<port>`, an address the namespace holds: addAddress). `env`: bridgeEnv() from a long-running stand-in.
 */
export function bridgeAddresses(ns: Netns, pairs: { inside: string; outside: number }[], name: string, env?: Record<string, string>): Started[] {
  fs.mkdirSync(path.join(RUN_DIR, 'bridges'), { recursive: true, mode: 0o700 });
  const node = process.execPath;
  const bridge = path.join(__dirname, 'netBridge.ts');
  const socketOf = (p: { inside: string }) => bridgeSocket(ns, p.inside.replace(/[^0-9a-z]+/gi, '_'));
  const pairsOut = pairs.flatMap((p) => [socketOf(p), String(p.outside)]);
  const pairsIn = pairs.flatMap((p) => [p.inside, socketOf(p)]);
  const outside = startProcess(`${ name }-bridge-out`, node, [bridge, 'unix-to-tcp', ...pairsOut], undefined, env);
  const inside = startProcess(`${ name }-bridge-in`, 'ip', ['netns', 'exec', ns.name, node, bridge, 'tcp-to-unix', ...pairsIn], undefined, env);

  return [outside, inside];
}

/** The network namespace of k3s-bare's VM number `i` (the Pod runner's, lab/standins/pods/sites.ts): the stack removes them on stop. */
export const bareNodeNetns = (i: number): Netns => netnsFor(`barenode${ i }`, 2 + i);
