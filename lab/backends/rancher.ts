/**
 * The compat flows' backend on Rancher's own server (`rancher-<version>-server` projects): the stack with Rancher of
 * that version (lab/stack/rancher; started by scripts/test-rancher.sh, joined here, started here when a project
 * runs alone), the dashboard Rancher serves at its server-url, and the real kube-apiservers of rke2-guest and
 * harvester-host for what the flows check. Scenes are set through Rancher's cluster proxy as the admin. The reset
 * is the real mode's (lab/stack/baseline.ts) to the clusters as they were once Rancher had started: Rancher and its
 * agents stay connected, so nothing is restarted between tests; the extension installed or not, as the test says.
 */
import fs from 'node:fs';
import { HARVESTER_HOST, RKE2_GUEST } from '../world/ids';
import { Baseline, captureBaseline, resetToBaseline } from '../stack/baseline';
import { KubeTarget } from '../core/kubeClient';
import { kubeTarget, StackInfo, startStack } from '../stack/stack';
import { rancherExpect, rancherRequest, until } from '../stack/rancher/rancherApi';
import { baselineFile, rancherAdminToken } from '../stack/rancher/state';
import { rancherVersion } from '../stack/rancher/versions';
import { CompatBackend } from './backend';
import { installExtension, newestInRepo, PublishRepo, uninstallExtension } from '../stack/rancher/extension';
import { kubeObject, kubeObjects } from './kubeObjects';

/**
 * The clusters as they were when Rancher had just started (taken by the first worker after a start, kept in the run
 * directory; lab/stack/rancher/start.ts removes it): what a reset goes back to, whatever an earlier run left.
 */
async function baseline(stack: StackInfo): Promise<Baseline> {
  const file = baselineFile();

  if (fs.existsSync(file)) {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  }
  const b = await captureBaseline(stack);

  fs.writeFileSync(file, JSON.stringify(b), { mode: 0o600 });

  return b;
}

type Api = (method: string, path: string) => Promise<{ status: number; body: any }>;

const CLUSTER_IDS = [RKE2_GUEST.id, HARVESTER_HOST.id];

/** A cluster's condition of a type, as Rancher's management object holds it ({} when it has none). */
async function conditionOf(api: Api, id: string): Promise<(type: string) => any> {
  const c = (await api('GET', `/v1/management.cattle.io.clusters/${ id }`)).body;

  return (type: string) => (c?.status?.conditions || []).find((x: any) => x.type === type) || {};
}

/** The two clusters' Connected and Ready conditions with their times, for a failed flow's summary line. */
export async function clusterStates(api: Api): Promise<string> {
  const states = [];

  for (const id of CLUSTER_IDS) {
    const cond = await conditionOf(api, id);

    states.push(`${ id } ${ ['Connected', 'Ready'].map((t) => `${ t }=${ cond(t).status || '?' } (${ cond(t).lastUpdateTime || '' }${ cond(t).reason ? ` ${ cond(t).reason }` : '' })`).join(' ') }`);
  }

  return states.join('; ');
}

/**
 * Both clusters Connected and Ready, as the dashboard needs them: it sends the user home from any page of a cluster
 * whose management object is not (shell/store/index.js loadCluster, "Unready cluster"). Rancher's connectivity check
 * (clusterconnected.go, every 15 s: an HTTP ping through the agent's tunnel) was seen to mark the guest disconnected
 * for one round (about 19 s) on this 2-core machine while a flow ran; a page is opened once it says connected again.
 */
async function connected(api: Api, down: Set<string>): Promise<void> {
  const up = CLUSTER_IDS.filter((id) => !down.has(id));

  await until(`${ up.join(' and ') } Connected and Ready in Rancher`, 60000, async() => {
    for (const id of up) {
      const cond = await conditionOf(api, id);

      if (cond('Connected').status !== 'True' || cond('Ready').status !== 'True') {
        return false;
      }
    }

    return true;
  }, 500);
}

export async function startRancherBackend(version: string, publishRepo: PublishRepo): Promise<CompatBackend> {
  const stack = await startStack({ log: () => undefined });
  const { startRancher } = await import('../stack/rancher/start');
  const info = await startRancher(stack, {
    version, log: () => undefined, publishRepo
  });
  const token = rancherAdminToken();
  const target = (cluster: string): KubeTarget => {
    const key = cluster === RKE2_GUEST.id ? 'guest' : cluster === HARVESTER_HOST.id ? 'host' : null;

    if (!key) {
      throw new Error(`${ cluster } is no cluster of the stack (rke2-guest ${ RKE2_GUEST.id }, harvester-host ${ HARVESTER_HOST.id })`);
    }

    return kubeTarget(stack, key);
  };
  const snap = await baseline(stack);
  const proxy = async(method: string, path: string, body?: unknown) => {
    const r = await rancherRequest(method, path, token, body);

    return { status: r.status, body: r.body };
  };

  const down = new Set<string>();

  return {
    kind:           'rancher',
    dashboard:      `${ info.url }/dashboard`,
    rancherVersion: rancherVersion(version).version,
    adminToken:     token,
    api:            proxy,
    stack,
    client:         {
      object:  (cluster, type, id) => kubeObject(target(cluster), type, id),
      objects: (cluster, type) => kubeObjects(target(cluster), type),
      async steveUpdate(cluster, type, id, change) {
        const base = `/k8s/clusters/${ cluster }/v1/${ type }/${ id }`;
        const got = await proxy('GET', base);

        if (got.status !== 200) {
          throw new Error(`GET ${ base } through Rancher answered ${ got.status }`);
        }
        change(got.body);
        const put = await proxy('PUT', base, got.body);

        if (put.status !== 200) {
          throw new Error(`PUT ${ base } through Rancher answered ${ put.status }: ${ JSON.stringify(put.body) }`);
        }
      },
    },
    async reset(installed = true) {
      await resetToBaseline(stack, snap);
      // As an admin would: Install or Uninstall on the Extensions page (helm-operation Pods the Pod runner runs).
      if (installed) {
        await installExtension(token, await newestInRepo(token));
      } else {
        await uninstallExtension(token);
      }
      await connected(proxy, down);
    },
    ready:      () => connected(proxy, down),
    down,
    // The cluster page's "Download KubeConfig" (Rancher 2.15 `generateKubeconfig`): a new token, Rancher's CA and
    // the cluster proxy `/k8s/clusters/<id>`.
    kubeconfig: async(cluster) => (await rancherExpect('POST', `/v3/clusters/${ cluster }?action=generateKubeconfig`, token)).body.config,
    async close() {
      // The stack and Rancher stay up for the next project or run; scripts/test-rancher.sh stops them.
    },
  };
}
