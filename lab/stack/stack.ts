/**
 * The real stack: etcd, then per cluster (rke2-guest, harvester-host, k3s-bare) a kube-apiserver and a Steve, seeded
 * with the demo data, and Harvester's components on harvester-host. `startStack()` reuses a stack already running
 * from the same run directory (stack.json, pids alive, Steve answering), so the tests, `npm run stack` and
 * `npm run sim -- --real` share one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuilt, componentVersions } from './build';
import { harvesterVersions } from './harvester/components';
import {
  apiserverArgs, apiUrl, BASE_PORT, CLUSTERS, ClusterKey, clusterOf, StackCluster, ensureSecrets, ETCD, STACK_ADMIN, steveUrl, writeKubeconfig
} from '../core/config';
import { bin, REPO_ROOT, RUN_DIR, STACK_FILE } from '../core/paths';
import { dropStaleCert } from '../core/certs';
import { etcdArgs, etcdClientTls } from '../core/etcdTls';
import { checkBasePort } from '../core/basePort';
import {
  isAlive, startProcess, Started, stopPids, waitReady
} from '../core/processes';
import { createObjects, seedCluster } from './seed';
import { controllerManagerArgs, controllerManagerHealth, WORKLOAD_CONTROLLERS } from '../core/controllerManager';
import { startHarvester, waitHarvesterSettled } from './harvester/phase';
import { waitNadMapping } from './harvester/afterMapping';
import { ensureHarvesterBuilt, harvesterSourcesPresent } from './harvester/build';
import { upstreamCrds } from './harvester/crds';
import { dropWebhookRegistration, webhookNetns } from './harvester/start';
import { serveHarvesterApi } from './harvester/apiServer';
import { bareNodeNetns, deleteNetns, deleteNetnsOf, POD_NETNS } from '../core/netns';
import { K3S_BARE_NODES } from '../world/clusters/k3sBare';
import { seedHistory } from './harvester/history';
import { BASELINE_FILE, recordBaseline } from './baseline';
import { USERS } from '../simulator/rancher/users';
import { stopRancher } from './rancher/state';
import { StackClusterInfo, StackInfo } from '../core/stackInfo';

// What stack.json records, for the modules that always took it from here (tests, scripts, lab/simulator/real).
export { kubeTarget } from '../core/stackInfo';
export type { StackClusterInfo, StackInfo } from '../core/stackInfo';

/** What stack.json says and which of its processes have exited (by name; `pid <n>` for an older stack.json). */
export interface StackStatus {
  info: StackInfo;
  gone: string[];
}

export function readStackStatus(): StackStatus | null {
  try {
    const info = JSON.parse(fs.readFileSync(STACK_FILE, 'utf8')) as StackInfo;
    const processes = info.processes || info.pids.map((pid) => ({ name: `pid ${ pid }`, pid }));

    return { info, gone: processes.filter((p) => !isAlive(p.pid)).map((p) => p.name) };
  } catch (e) {
    return null;
  }
}

/** The stack when every process it started still runs; null otherwise. */
export function readStackInfo(): StackInfo | null {
  const status = readStackStatus();

  return status && !status.gone.length ? status.info : null;
}

export interface StartOptions {
  log?: (line: string) => void;
  /** Start on an empty etcd (default: keep what the last run left, seeding only what is missing). */
  fresh?: boolean;
}

export async function startStack(opts: StartOptions = {}): Promise<StackInfo> {
  const log = opts.log || ((l: string) => process.stderr.write(`${ l }\n`));
  const status = readStackStatus();

  if (status && !status.gone.length && !opts.fresh) {
    return status.info;
  }
  // A stack with a process gone is started again: what still runs of it first stops (it holds the ports).
  if (status) {
    await stopStack();
  }
  checkBasePort(BASE_PORT);
  ensureBuilt(log);
  const harvester = harvesterSourcesPresent();

  if (harvester) {
    ensureHarvesterBuilt(log);
  } else {
    log('[stack] ../shared/harvester is not there: Harvester\'s controllers will not run, the seeded state stands in for them');
  }
  const etcdDir = path.join(RUN_DIR, 'etcd');

  const emptyEtcd = opts.fresh || !fs.existsSync(etcdDir);

  if (opts.fresh) {
    fs.rmSync(etcdDir, { recursive: true, force: true });
  }
  if (emptyEtcd) {
    fs.rmSync(BASELINE_FILE, { force: true });
  }
  fs.mkdirSync(RUN_DIR, { recursive: true });
  const secrets = ensureSecrets();
  const started: Started[] = [];
  const t0 = Date.now();

  try {
    const etcd = startProcess('etcd', bin('etcd'), etcdArgs(secrets.etcd, etcdDir, ETCD));

    started.push(etcd);
    await waitReady(etcd, `https://127.0.0.1:${ ETCD.client }/health`, 30000, {}, undefined, etcdClientTls(secrets.etcd));
    const apis = CLUSTERS.map((c) => {
      dropStaleCert(c);
      const p = startProcess(`kube-apiserver-${ c.name }`, bin('kube-apiserver'), apiserverArgs(c, secrets));

      started.push(p);

      return { c, p };
    });

    for (const { c, p } of apis) {
      await waitReady(p, `${ apiUrl(c) }/readyz`, 120000, { authorization: `Bearer ${ secrets.adminToken }` });
    }
    for (const c of CLUSTERS) {
      const p = startProcess(`kube-controller-manager-${ c.name }`, bin('kube-controller-manager'), controllerManagerArgs(c, writeKubeconfig(c, secrets.adminToken), secrets.saKey, c.runsPods ? WORKLOAD_CONTROLLERS : []));

      started.push(p);
      await waitReady(p, controllerManagerHealth(c), 60000);
    }
    if (!opts.fresh) {
      await dropWebhookRegistration({ url: apiUrl(clusterOf('host')), token: secrets.adminToken });
    }
    let seeded = 0;
    let harvesterApi: string | undefined;
    let harvesterApiToken: string | undefined;
    const vmUids = new Map<string, string>();
    const later: Record<string, any>[] = [];

    // The host first: the guest's nodes name their VMs' uids.
    for (const c of [...CLUSTERS].sort((a) => (a.key === 'host' ? -1 : 1))) {
      seeded += await seedCluster({ url: apiUrl(c), token: secrets.adminToken }, c, {
        upstreamCrds: upstreamCrds(c.key, harvester), controllers: harvester, vmUids, later: harvester && c.key === 'guest' ? later : undefined
      });
    }
    if (harvester) {
      // What the demo's past left on the host (lab/world/history.ts), before any controller looks.
      await seedHistory({ url: apiUrl(CLUSTERS.find((c) => c.key === 'host') as StackCluster), token: secrets.adminToken }, { url: apiUrl(CLUSTERS.find((c) => c.key === 'guest') as StackCluster), token: secrets.adminToken });
    }
    const harvesterStarted = harvester ? await startHarvester(secrets.adminToken, log) : null;

    started.push(...(harvesterStarted?.processes || []));
    const steves = CLUSTERS.map((c) => {
      // Steve's SQL cache writes informer_object_cache.db* into its working directory: one directory per cluster.
      const cwd = path.join(RUN_DIR, c.name);

      fs.mkdirSync(cwd, { recursive: true });
      const p = startProcess(`steve-${ c.name }`, bin('steve'), [
        `--kubeconfig=${ writeKubeconfig(c, secrets.adminToken) }`, '--https-listen-port=0', `--http-listen-port=${ c.stevePort }`, '--enable-header-auth', '--sql-cache',
        `--token-file=${ secrets.steveTokenFile }`
      ], cwd);

      started.push(p);

      return { c, p };
    });

    if (harvesterStarted) {
      started.push(...await harvesterStarted.afterWebhook());
      const guest = CLUSTERS.find((c) => c.key === 'guest') as StackCluster;

      const guestTarget = { url: apiUrl(guest), token: secrets.adminToken };

      await waitNadMapping(guestTarget, guest);
      await createObjects(guestTarget, guest, later, 1);
      // k3s-bare's set-up (real mode): Harvester's kubeconfig endpoint, and the kubelet of its VMs (the Pod runner),
      // which runs the provider the set-up's chart deploys.
      const api = await serveHarvesterApi({ url: apiUrl(clusterOf('host')), token: secrets.adminToken });

      harvesterApi = api.url;
      harvesterApiToken = api.token;
      started.push(api.started, startProcess('pod-runner-k3s-bare', path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [path.join(REPO_ROOT, 'lab', 'standins', 'pods', 'podRunner.ts'), 'bare']));
    }
    for (const { c, p } of steves) {
      await waitReady(p, `${ steveUrl(c) }/v1/schemas`, 120000, { authorization: `Bearer ${ secrets.steveToken }` });
      await waitSteveSynced(p, c, secrets.steveToken);
    }
    if (harvester) {
      await waitHarvesterSettled(secrets.adminToken, log);
    }
    const info: StackInfo = {
      pids:       started.map((s) => s.child.pid as number),
      processes:  started.map((s) => ({ name: s.name, pid: s.child.pid as number })),
      startedAt:  new Date().toISOString(),
      adminToken: secrets.adminToken,
      steveToken: secrets.steveToken,
      clusters:   Object.fromEntries(CLUSTERS.map((c) => [c.key, {
        clusterId: c.clusterId, name: c.name, api: apiUrl(c), steve: steveUrl(c), kubeconfig: path.join(RUN_DIR, 'secrets', `${ c.name }.kubeconfig`)
      }])) as Record<ClusterKey, StackClusterInfo>,
      versions: { ...componentVersions(), ...(harvester ? harvesterVersions() : {}) },
      harvester,
      harvesterApi,
      harvesterApiToken,
    };

    if (emptyEtcd) {
      await recordBaseline(info);
    }
    fs.writeFileSync(STACK_FILE, JSON.stringify(info, null, 2), { mode: 0o600 });
    log(`[stack] ready in ${ Math.round((Date.now() - t0) / 100) / 10 } s (${ seeded } demo objects; identity ${ STACK_ADMIN })`);

    return info;
  } catch (e) {
    await stopPids(started.map((s) => s.child.pid as number).filter(Boolean));
    throw e;
  }
}

/**
 * Steve answers /v1/schemas before its access sets and caches are in: wait until each demo user sees what RBAC
 * grants them (the seeded objects of a type the cluster has), so the first request of a test is not a 404.
 */
async function waitSteveSynced(p: Started, c: StackCluster, steveToken: string): Promise<void> {
  const type = c.key === 'host' ? 'kubevirt.io.virtualmachines' : 'services';
  const users = Object.values(USERS).filter((u) => u.admin || u.readOnlyClusters.includes(c.clusterId));

  for (const u of users) {
    await waitReady(p, `${ steveUrl(c) }/v1/${ type }?pagesize=1`, 60000, {
      authorization: `Bearer ${ steveToken }`, 'impersonate-user': u.id, 'impersonate-group': 'system:authenticated'
    }, (body) => {
      try {
        return JSON.parse(body).count > 0;
      } catch (e) {
        return false;
      }
    });
  }
}

/** The pid of an `npm run stack` still starting the stack of this run directory (scripts/stack/main.ts writes it). */
export const STARTING_FILE = path.join(RUN_DIR, 'starting.pid');

export async function stopStack(): Promise<boolean> {
  let info: StackInfo | null = null;

  // A start still under way first: left running, it would go on starting parts and, failing later, write its own
  // record of Rancher's processes over the one this stop reads (seen: a second start's Rancher left running).
  const starting = fs.existsSync(STARTING_FILE) ? Number(fs.readFileSync(STARTING_FILE, 'utf8')) : 0;

  // Not when the start itself stops what an earlier one left (a fresh start).
  if (starting > 0 && starting !== process.pid) {
    await stopPids([starting]);
    fs.rmSync(STARTING_FILE, { force: true });
  }
  // Rancher (npm run stack -- --rancher) first: its agents are clients of the clusters below.
  await stopRancher();

  try {
    info = JSON.parse(fs.readFileSync(STACK_FILE, 'utf8'));
  } catch (e) {
    return false;
  }
  // Steve and the API servers first, etcd (started first) once they are gone: it then has no clients to wait for.
  const [etcd, ...others] = info?.pids || [];

  await stopPids(others.reverse());
  await stopPids(etcd ? [etcd] : []);
  deleteNetns(webhookNetns());
  K3S_BARE_NODES.forEach((n, i) => deleteNetns(bareNodeNetns(i)));
  deleteNetnsOf(POD_NETNS.bare);
  fs.rmSync(STACK_FILE, { force: true });

  return true;
}
