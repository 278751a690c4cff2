/**
 * Stand-in for kube-proxy and the cluster's DNS, for one client: Rancher's server, which runs in a network namespace
 * of its own (lab/stack/rancher/server.ts) and reaches in-cluster URLs by their Service names (the catalog image's
 * ClusterRepo `http://<svc>.<ns>.svc:8080`, its UIPlugins' endpoints). For each Service whose selector matches a Pod
 * the Pod runner runs, each numbered port gets an address of the client's loopback (127.0.0.<n>), bridged into the Pod's
 * network namespace (../../core/netBridge.ts through a Unix socket); every Service that selects Pods has its names in
 * the client's hosts file at its address from its creation on, as the cluster's DNS would. The Service's ClusterIP
 * is an address of the client's loopback, bridged the same way. What it does not do: Endpoints, load-balancing over
 * several Pods (the first matching Pod takes it), named target ports, UDP, or any client but the one it is given.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bridgeEnv } from '../../core/netns';
import { startProcess, Started } from '../../core/processes';

type Obj = Record<string, any>;

export interface RoutedPod {
  namespace: string;
  name: string;
  labels: Record<string, string>;
  netns: string;
}

export interface Route {
  /** `<namespace>/<service>:<port>` */
  key: string;
  names: string[];
  port: number;
  targetPort: number;
  podNetns: string;
  /** The Service's ClusterIP, routed too: Rancher 2.12–2.14's Import Extension Catalog writes it into the repository's URL. */
  clusterIP?: string;
}

const MARKER = '# Services of the Pod runner (lab/standins/pods/services.ts)';

function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.entries(selector).every(([k, v]) => labels[k] === v);
}

/** The Services it gives names and an address (those that select Pods), by `<namespace>/<name>` (pure). */
export function namedServices(services: Obj[]): Map<string, string[]> {
  const named = new Map<string, string[]>();

  for (const s of services) {
    const { namespace: ns, name } = s.metadata;

    if (Object.keys(s.spec?.selector || {}).length && (!s.spec?.type || ['ClusterIP', 'NodePort', 'LoadBalancer'].includes(s.spec.type))) {
      named.set(`${ ns }/${ name }`, [`${ name }.${ ns }.svc.cluster.local`, `${ name }.${ ns }.svc`, `${ name }.${ ns }`]);
    }
  }

  return named;
}

/** The routes the Services and the Pods give, in a stable order (pure). */
export function routesFor(services: Obj[], pods: RoutedPod[]): Route[] {
  const routes: Route[] = [];
  const named = namedServices(services);

  for (const s of services) {
    const { namespace: ns, name } = s.metadata;
    const selector = s.spec?.selector || {};

    if (!named.has(`${ ns }/${ name }`)) {
      continue;
    }
    const pod = pods.filter((p) => p.namespace === ns && selects(selector, p.labels)).sort((a, b) => a.name.localeCompare(b.name))[0];

    for (const p of pod ? s.spec.ports || [] : []) {
      const target = p.targetPort ?? p.port;

      if ((p.protocol || 'TCP') === 'TCP' && typeof target === 'number') {
        routes.push({
          key:        `${ ns }/${ name }:${ p.port }`,
          names:      named.get(`${ ns }/${ name }`) as string[],
          port:       p.port,
          targetPort: target,
          podNetns:   pod.netns,
          ...(/^\d+\.\d+\.\d+\.\d+$/.test(s.spec.clusterIP || '') ? { clusterIP: s.spec.clusterIP } : {}),
        });
      }
    }
  }

  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

/** The hosts file: what it held above the runner's section, then one line per routed address. */
export function hostsText(before: string, lines: { address: string; names: string[] }[]): string {
  const base = before.includes(MARKER) ? before.slice(0, before.indexOf(MARKER)) : `${ before.replace(/\n*$/, '') }\n`;

  return `${ base }${ MARKER }\n${ lines.map((l) => `${ l.address }\t${ l.names.join(' ') }\n`).join('') }`;
}

/**
 * How long a Go client (Rancher) keeps a hosts file it read: Go's net/hosts.go `cacheMaxAge`, 5 s before it looks at
 * the file's mtime again. A client that looked a name up before this stand-in wrote it may not see the name until
 * then; a cluster's DNS has no such delay. `namesSeenBy` is the time from which every name written is seen.
 */
export const GO_HOSTS_CACHE_MS = 5000;

export function namesSeenBy(hostsFile: string): number {
  return fs.statSync(hostsFile).mtimeMs + GO_HOSTS_CACHE_MS + 1000;
}

export interface ServiceRoutes {
  reconcile(services: Obj[], pods: RoutedPod[]): void;
  stop(): void;
}

/**
 * Routes into `clientNetns()` (null while the client is not running: nothing is routed then), its names in
 * `hostsFile`, which it starts from the machine's /etc/hosts (the client binds it over its own /etc/hosts).
 */
export function serviceRoutes(opts: { clientNetns: () => string | null; hostsFile: string; socketDir: string; log: (l: string) => void }): ServiceRoutes {
  const live = new Map<string, { route: Route; address: string; procs: Started[] }>();
  const addresses = new Map<string, string>();
  const bridge = path.join(__dirname, '..', '..', 'core', 'netBridge.ts');

  fs.mkdirSync(opts.socketDir, { recursive: true, mode: 0o700 });
  // A fresh run directory: the runner starts before Rancher has made its folder.
  fs.mkdirSync(path.dirname(opts.hostsFile), { recursive: true, mode: 0o700 });
  fs.writeFileSync(opts.hostsFile, hostsText(fs.readFileSync('/etc/hosts', 'utf8'), []), { mode: 0o644 });
  const addressOf = (service: string) => {
    if (!addresses.has(service)) {
      addresses.set(service, `127.0.0.${ 10 + addresses.size }`);
    }

    return addresses.get(service) as string;
  };
  const drop = (key: string) => {
    live.get(key)?.procs.forEach((p) => p.child.kill('SIGTERM'));
    live.delete(key);
  };
  const clusterIPs = new Set<string>();
  // Each Service's ClusterIP an address of the client's loopback from its creation on, as kube-proxy makes it
  // reachable: a connection is refused until a Pod serves it (kube-proxy rejects one to a Service without endpoints),
  // never left to time out.
  const addClusterIPs = (services: Obj[], client: string) => {
    for (const svc of services.filter((x) => namedServices([x]).size && /^\d+\.\d+\.\d+\.\d+$/.test(x.spec?.clusterIP || ''))) {
      const key = `${ client } ${ svc.spec.clusterIP }`;

      if (!clusterIPs.has(key)) {
        try {
          execFileSync('ip', ['-n', client, 'addr', 'replace', `${ svc.spec.clusterIP }/32`, 'dev', 'lo'], { stdio: 'ignore' });
          clusterIPs.add(key);
        } catch (e) {
          opts.log(`[pod runner] Service ${ svc.metadata.namespace }/${ svc.metadata.name }: ClusterIP ${ svc.spec.clusterIP } not added (${ (e as Error).message })`);
        }
      }
    }
  };
  let written = '';
  // As the cluster's DNS: a Service's names resolve from its creation on, whether a Pod serves it yet or not (a
  // connection is refused until one does). Written in place: the client's bind mount holds this file's inode.
  const writeHosts = (services: Obj[], client: string | null) => {
    const lines = client ? [...namedServices(services)].map(([key, names]) => ({ address: addressOf(key), names })) : [];
    const text = hostsText(fs.readFileSync(opts.hostsFile, 'utf8'), lines);

    if (text !== written) {
      fs.writeFileSync(opts.hostsFile, text);
      written = text;
    }
  };

  return {
    reconcile(services, pods) {
      const client = opts.clientNetns();

      if (client) {
        addClusterIPs(services, client);
      }
      const want = client ? routesFor(services, pods) : [];
      const wanted = new Map(want.map((r) => [r.key, r]));

      for (const [key, l] of live) {
        if (JSON.stringify(wanted.get(key)) !== JSON.stringify(l.route)) {
          drop(key);
        }
      }
      for (const r of want.filter((x) => !live.has(x.key))) {
        const address = addressOf(r.key.slice(0, r.key.lastIndexOf(':')));
        const sock = path.join(opts.socketDir, `${ address }-${ r.port }.sock`);

        const listen = [`${ address }:${ r.port }`, sock];

        if (r.clusterIP && clusterIPs.has(`${ client } ${ r.clusterIP }`)) {
          listen.push(`${ r.clusterIP }:${ r.port }`, sock);
        }
        live.set(r.key, {
          route: r,
          address,
          procs: [
            startProcess(`svc-pod-${ address }-${ r.port }`, 'ip', ['netns', 'exec', r.podNetns, process.execPath, bridge, 'unix-to-tcp', sock, `${ r.targetPort }`], undefined, bridgeEnv()),
            startProcess(`svc-client-${ address }-${ r.port }`, 'ip', ['netns', 'exec', client as string, process.execPath, bridge, 'tcp-to-unix', ...listen], undefined, bridgeEnv()),
          ],
        });
        opts.log(`[pod runner] Service ${ r.key } at ${ listen.filter((x, n) => n % 2 === 0).join(' and ') } for ${ client }`);
      }
      writeHosts(services, client);
    },
    stop() {
      [...live.keys()].forEach(drop);
    },
  };
}
