/**
 * `npm run stack -- --rancher[=2.13]`: Rancher's server on top of a running stack. In order: the local cluster's
 * kube-apiserver and kube-controller-manager, the project's Helm repository server, Rancher (server.ts), its first
 * run and the demo users (users.ts), harvester-host, rke2-guest and k3s-bare imported with their agents (importCluster.ts;
 * agent.ts, and the Pod runner for k3s-bare's), the viewer's read-only access to the guest, and the extension
 * (extension.ts). What runs is recorded in
 * `<run>/rancher.json` (pids, cluster ids; no credentials); the stack's stop stops it too. The admin's Rancher API
 * token stays in secrets/ (0600) for the tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  apiUrl, CLUSTERS, ClusterKey, ensureSecrets, StackCluster, writeKubeconfig
} from '../../core/config';
import { controllerManagerArgs, controllerManagerHealth, WORKLOAD_CONTROLLERS } from '../../core/controllerManager';
import { bin, REPO_ROOT, RUN_DIR } from '../../core/paths';
import { startProcess, Started, waitReady } from '../../core/processes';
import { StackInfo, kubeTarget } from '../../core/stackInfo';
import { applyCapiCrds } from './capiCrds';
import { ensureRancherBuilt } from './build';
import {
  addClusterRepo, EXTENSION, installExtension, PublishRepo, repoUrl
} from './extension';
import { startHarvesterApi, waitHarvesterApi } from './harvesterApi';
import { applyRegistration, importCluster } from './importCluster';
import { LOCAL, localApiserverArgs, RANCHER_PORTS } from './localCluster';
import { rancherRequest, until } from './rancherApi';
import { rancherUrl, startRancherServer } from './server';
import {
  adminTokenFile, agentNetns, baselineFile, RancherInfo, rancherFile, readRancherInfo, stopRancher
} from './state';
import { bootstrapAdmin, ensureViewer, grantReadOnly, waitViewerAccess } from './users';
import { DEFAULT_RANCHER, rancherVersion } from './versions';

export interface RancherOptions {
  /** `2.15` (default) or `2.13`. */
  version?: string;
  /** Publishes the extension's Helm repository (scripts/stack/extensionRepo.ts: dist-pkg, else extensions/). */
  publishRepo: PublishRepo;
  log?: (line: string) => void;
}

async function waitClusterActive(token: string, id: string): Promise<void> {
  await until(`cluster ${ id } connected and active in Rancher`, 300000, async() => {
    const r = await rancherRequest('GET', `/v3/clusters/${ id }`, token);
    const conditions: any[] = r.body?.conditions || [];
    const isTrue = (type: string) => conditions.some((c) => c.type === type && c.status === 'True');

    // Connected: Rancher reached the agent's Steve through its tunnel (clusterconnected.go pings it every 15 s).
    return r.body?.state === 'active' && isTrue('Ready') && isTrue('Connected');
  }, 2000);
}

export async function startRancher(stack: StackInfo, opts: RancherOptions): Promise<RancherInfo> {
  const log = opts.log || ((l: string) => process.stderr.write(`${ l }\n`));
  const running = readRancherInfo();
  const v = rancherVersion(opts.version);

  if (running && running.version === v.version) {
    return running;
  }
  // Another version, or one whose start did not finish (its pids are recorded as they start).
  await stopRancher();
  ensureRancherBuilt(v, log);
  const t0 = Date.now();
  const secrets = ensureSecrets();
  const local = { url: apiUrl(LOCAL), token: secrets.adminToken };
  const started: Started[] = [];
  const clusters = {} as Record<ClusterKey, string>;
  let viewerId = '';
  const record = (ready: boolean): RancherInfo => {
    const info: RancherInfo = {
      version:   v.version,
      url:       rancherUrl(),
      pids:      started.map((s) => s.child.pid as number).filter(Boolean),
      processes: started.filter((s) => s.child.pid).map((s) => ({ name: s.name, pid: s.child.pid as number })),
      startedAt: new Date().toISOString(),
      clusters,
      viewerId,
      ready
    };

    fs.writeFileSync(rancherFile(), JSON.stringify(info, null, 2), { mode: 0o600 });

    return info;
  };
  const progress = setInterval(() => record(false), 1000);

  try {
    const api = startProcess('kube-apiserver-local', bin('kube-apiserver'), localApiserverArgs(secrets));

    started.push(api);
    await waitReady(api, `${ apiUrl(LOCAL) }/readyz`, 120000, { authorization: `Bearer ${ secrets.adminToken }` });
    const kcm = startProcess('kube-controller-manager-local', bin('kube-controller-manager'), controllerManagerArgs(LOCAL, writeKubeconfig(LOCAL, secrets.adminToken), secrets.saKey, WORKLOAD_CONTROLLERS));

    started.push(kcm);
    await waitReady(kcm, controllerManagerHealth(LOCAL), 60000);
    // The Pods Rancher creates on its own cluster (helm-operation Pods: the extension's Install below).
    started.push(startProcess('pod-runner', path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [path.join(REPO_ROOT, 'lab', 'standins', 'pods', 'podRunner.ts')]));
    await applyCapiCrds(v, local);
    const repoDir = path.join(RUN_DIR, 'rancher', 'helm-repo');
    const { version: extVersion } = await opts.publishRepo(repoDir, EXTENSION, repoUrl());
    const repo = startProcess('helm-repo', process.execPath, [path.join(__dirname, 'repoServer.ts'), repoDir, `${ RANCHER_PORTS.helmRepo }`]);

    started.push(repo);
    await waitReady(repo, `http://127.0.0.1:${ RANCHER_PORTS.helmRepo }/index.yaml`, 10000);
    await startRancherServer(v, local, started, log);
    const token = await bootstrapAdmin(local, (line) => log(`[rancher] ${ line }`));

    fs.writeFileSync(adminTokenFile(), token, { mode: 0o600 });

    // Imported side by side, as an admin may import several clusters at once: each waits mostly for Rancher's
    // controllers and its agent's tunnel (about a minute each one after the other). k3s-bare's agent is the Pod
    // kube-controller-manager makes from the registration's Deployment, which the Pod runner runs on its VMs
    // (lab/standins/pods/agentImage.ts); the other two clusters have no workload controllers yet (agentKubelet.ts).
    await Promise.all(CLUSTERS.map(async(c) => {
      const id = c.clusterId;

      await importCluster(token, {
        id, name: c.name, harvester: c.key === 'host'
      });
      clusters[c.key] = id;
      await applyRegistration(token, id, kubeTarget(stack, c.key));
      if (c.key !== 'bare') {
        started.push(startProcess(`kubelet-${ c.name }`, path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [path.join(REPO_ROOT, 'lab', 'standins', 'agentKubelet.ts'), c.key, opts.version || DEFAULT_RANCHER]));
      }
      await waitClusterActive(token, id);
      log(`[rancher] ${ c.name } imported as ${ id } (${ Math.round((Date.now() - t0) / 1000) } s)`);
    }));
    const host = CLUSTERS.find((c) => c.key === 'host') as StackCluster;

    started.push(await startHarvesterApi(kubeTarget(stack, 'host'), agentNetns(host).address));
    await waitHarvesterApi(token, host.clusterId);
    viewerId = await ensureViewer(token);

    await grantReadOnly(token, viewerId, clusters.guest);
    await waitViewerAccess(clusters.guest);
    await addClusterRepo(token);
    await installExtension(token, extVersion);
    clearInterval(progress);
    fs.rmSync(baselineFile(), { force: true });
    const info = record(true);

    log(`[rancher] Rancher ${ v.version } ready in ${ Math.round((Date.now() - t0) / 1000) } s: ${ rancherUrl() }/dashboard/`);

    return info;
  } catch (e) {
    // What started stays up, recorded in rancher.json (not ready), for a look at its logs: the next start or
    // `npm run stack -- --stop` stops it.
    clearInterval(progress);
    record(false);
    throw e;
  }
}
