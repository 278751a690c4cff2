/**
 * A kubelet stand-in for k3s-bare, the guest the set-up flow sets up: once a `harvester-cloud-provider` Deployment is
 * there (the chart Apply installs, ../../../simulator/real/guestCharts.ts), it runs Harvester's real cloud provider
 * (the one build of ../shared/harvester) as that Deployment's Pod would run: its container's args, its ServiceAccount
 * (in-cluster config), and its `cloud-config` volume filled from what the volume names (the Secret Apply wrote) at the
 * path the args read. The Pod has the node's network (the chart sets hostNetwork): a network namespace where the
 * guest's API server is on 127.0.0.1 and Harvester's VIP (10.10.0.10:6443, ConfigMap harvester-system/vip) reaches
 * the host's API server, whose certificate names the VIP. The chart's kube-vip runs as the kube-vip stand-in.
 * A changed template or Secret starts a new Pod; an exit restarts it (with a back-off); no Deployment, no Pod.
 *   tsx lab/standins/providerKubelet.ts   (STACK_BASE_PORT and STACK_DIR from the environment)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { apiUrl, clusterOf, HARVESTER_VIP } from '../core/config';
import { apiserverCaFile } from '../core/controllerManager';
import { KubeTarget, kubeRequest } from '../core/kubeClient';
import {
  addAddress, bridgeAddresses, bridgeEnv, createNetns, deleteNetns, providerNetns
} from '../core/netns';
import { RUN_DIR } from '../core/paths';
import { startAsPod } from '../core/podEnv';
import { isAlive, Started, stopPids } from '../core/processes';
import { startKubeVip } from './kubeVip';
import { harvesterBin } from '../stack/harvester/components';
import { podOf, ProviderPod } from './providerPod';

const log = (line: string) => process.stderr.write(`${ new Date().toISOString() } ${ line }\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DEPLOYMENT = '/apis/apps/v1/namespaces/kube-system/deployments/harvester-cloud-provider';

export { providerNetns };
/** The Pod's files: the cloud-config volume's one file among them (what the provider reads at --cloud-config). */
export const podDir = () => path.join(RUN_DIR, 'pods', 'harvester-cloud-provider-k3s-bare');

interface Running {
  hash: string;
  processes: Started[];
  kubeVip: { stop(): void };
}

async function setStatus(target: KubeTarget, d: Record<string, any>, ready: number): Promise<void> {
  const status = {
    observedGeneration: d.metadata.generation, replicas: 1, updatedReplicas: 1, readyReplicas: ready, availableReplicas: ready, unavailableReplicas: 1 - ready,
  };

  // The API server omits zero counts: compare field by field, or every round would write the same status again.
  if (Object.entries(status).some(([k, v]) => (d.status?.[k] || 0) !== v)) {
    await kubeRequest(target, 'PUT', `${ DEPLOYMENT }/status`, { ...d, status });
  }
}

async function start(target: KubeTarget, pod: ProviderPod, hash: string): Promise<Running> {
  const bare = clusterOf('bare');
  const host = clusterOf('host');
  const ns = providerNetns();
  const dir = podDir();

  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const args = pod.args.map((a) => a.split(pod.mountPath).join(path.join(dir, 'cloud-config')));

  fs.writeFileSync(path.join(dir, 'cloud-config'), pod.cloudConfig, { mode: 0o600 });
  createNetns(ns);
  addAddress(ns, HARVESTER_VIP);
  const bridges = bridgeAddresses(ns, [{ inside: String(bare.apiPort), outside: bare.apiPort }, { inside: `${ HARVESTER_VIP }:6443`, outside: host.apiPort }], 'harvester-cloud-provider-k3s-bare', bridgeEnv());
  const provider = await startAsPod('harvester-cloud-provider-k3s-bare', harvesterBin('harvester-cloud-provider'), args, {
    target, serviceAccount: { namespace: 'kube-system', name: pod.serviceAccount }, caFile: apiserverCaFile(bare), apiPort: bare.apiPort, netns: ns.name
  });

  log(`Pod started (pid ${ provider.child.pid }): harvester-cloud-provider ${ args.join(' ') }${ pod.image ? ` (image ${ pod.image }: the stack runs its one build)` : '' }`);

  return {
    hash, processes: [...bridges, provider], kubeVip: startKubeVip(target, log)
  };
}

async function stop(running: Running | null): Promise<void> {
  if (running) {
    running.kubeVip.stop();
    await stopPids(running.processes.map((p) => p.child.pid as number).filter(Boolean));
    deleteNetns(providerNetns());
  }
}

async function main(): Promise<void> {
  const bare = clusterOf('bare');
  const target = { url: apiUrl(bare), token: fs.readFileSync(path.join(RUN_DIR, 'secrets', 'admin.token'), 'utf8').trim() };
  let running: Running | null = null;
  let backoffMs = 1000;
  let said = '';

  process.on('SIGTERM', async() => {
    await stop(running);
    process.exit(0);
  });
  for (;;) {
    try {
      const r = await kubeRequest(target, 'GET', DEPLOYMENT);
      const d = r.status === 200 ? r.body : null;
      const pod = d ? await podOf(async(ns, name) => {
        const s = await kubeRequest(target, 'GET', `/api/v1/namespaces/${ ns }/secrets/${ name }`);

        return { status: s.status, data: s.body?.data };
      }, d) : null;

      if (!d || 'waiting' in (pod as object)) {
        const why = d ? (pod as { waiting: string }).waiting : '';

        if (why !== said) {
          log(why || 'no Deployment kube-system/harvester-cloud-provider: no Pod');
          said = why;
        }
        await stop(running);
        running = null;
      } else {
        const p = pod as ProviderPod;
        const hash = crypto.createHash('sha256').update(JSON.stringify([d.spec.template, p.cloudConfig])).digest('hex');
        const alive = !!running && running.processes.every((x) => isAlive(x.child.pid as number));

        if (!running || running.hash !== hash || !alive) {
          if (running && !alive) {
            log(`the provider exited: restarted in ${ backoffMs / 1000 } s`);
            await sleep(backoffMs);
            backoffMs = Math.min(backoffMs * 2, 60000);
          }
          await stop(running);
          running = await start(target, p, hash);
          said = '';
        }
        await setStatus(target, d, 1);
      }
    } catch (e) {
      log(`${ (e as Error).message }`);
    }
    await sleep(2000);
  }
}

if (require.main === module) {
  main().catch((e) => {
    log(`provider kubelet: ${ e?.message || e }`);
    process.exit(1);
  });
}
