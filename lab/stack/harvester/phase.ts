/**
 * The stack's Harvester phase, after both clusters are seeded: the stand-ins (KubeVirt runs the host's VMs), the
 * load balancer controller and its webhook on the host; once the webhook has registered itself (as in a cluster,
 * where it is up before any guest asks for a load balancer), the cloud provider of rke2-guest. Then the stack waits
 * until every LoadBalancer Service of the guest has been handled: an address, or the provider's failure event.
 */
import path from 'node:path';
import { apiUrl, clusterOf, CLUSTERS, ClusterKey } from '../../core/config';
import { KubeTarget, kubeRequest } from '../../core/kubeClient';
import { REPO_ROOT, RUN_DIR } from '../../core/paths';
import { startProcess, Started } from '../../core/processes';
import { startGuestControllers, startHostControllers, webhookRegistered } from './start';

const target = (key: ClusterKey, token: string): KubeTarget => ({ url: apiUrl(CLUSTERS.find((c) => c.key === key) as any), token });
const cluster = (key: ClusterKey) => CLUSTERS.find((c) => c.key === key) as (typeof CLUSTERS)[number];

async function until(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + ms;

  while (Date.now() < end) {
    if (await check()) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${ what } did not happen within ${ ms / 1000 } s`);
}

export interface HarvesterStarted {
  processes: Started[];
  /** Waits for the webhook's registration, then starts the guest's cloud provider. */
  afterWebhook(): Promise<Started[]>;
}

export async function startHarvester(token: string, log: (l: string) => void): Promise<HarvesterStarted> {
  const host = target('host', token);
  const guest = target('guest', token);
  const standins = startProcess('stand-ins', path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [
    path.join(REPO_ROOT, 'lab', 'standins', 'main.ts'), '--host', host.url, '--guest', guest.url, '--bare', apiUrl(clusterOf('bare')), '--token-file', path.join(RUN_DIR, 'secrets', 'admin.token'),
  ]);
  const processes = [standins, ...await startHostControllers(cluster('host'), host)];

  return {
    processes,
    async afterWebhook() {
      const t0 = Date.now();

      await until('the load balancer webhook\'s registration', 90000, () => webhookRegistered(host));
      log(`[stack] load balancer webhook registered (${ Math.round((Date.now() - t0) / 1000) } s)`);

      return startGuestControllers(cluster('guest'), guest, host);
    },
  };
}

/**
 * Every LoadBalancer Service of the guest has an address, or an event from the provider saying why not, and that has
 * stayed so for `stableMs` (0: once is enough, for a reset that only removed what flows made, lab/stack/baseline.ts).
 */
export async function waitHarvesterSettled(token: string, log: (l: string) => void, ms = 120000, stableMs = 5000): Promise<void> {
  const guest = target('guest', token);
  const t0 = Date.now();

  let last = '';
  let stableSince = 0;

  // Handled, and the same for 5 s: a secondary fails until its primary has an address, then succeeds on a retry.
  await until('the cloud provider handling every LoadBalancer Service', ms, async() => {
    const services = (await kubeRequest(guest, 'GET', '/api/v1/services')).body?.items || [];
    const events = (await kubeRequest(guest, 'GET', '/api/v1/events')).body?.items || [];
    const failures = new Map<string, string>(events.filter((e: any) => e.reason === 'SyncLoadBalancerFailed').map((e: any) => [e.involvedObject.uid, e.message]));
    const state = services.filter((s: any) => s.spec.type === 'LoadBalancer').map((s: any) => s.status?.loadBalancer?.ingress?.[0]?.ip || failures.get(s.metadata.uid) || null);

    if (state.includes(null)) {
      return false;
    }
    const now = JSON.stringify(state);

    if (now !== last) {
      [last, stableSince] = [now, Date.now()];
    }

    return Date.now() - stableSince >= stableMs;
  });
  log(`[stack] Harvester's controllers settled the guest's load balancers (${ Math.round((Date.now() - t0) / 1000) } s)`);
}
