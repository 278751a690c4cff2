/**
 * Issue 36 on Rancher's own server: k3s-bare (Harvester's VMs, the set-up flow's guest) imported into Rancher, its
 * agent the Pod kube-controller-manager makes from the `cattle-cluster-agent` Deployment of Rancher's registration
 * manifest, run by the Pod runner on one of the VMs with the image's own run.sh (lab/standins/pods/agentImage.ts).
 * What a user sees: the cluster Active and connected in Rancher, its nodes listed through Rancher's cluster proxy,
 * and the agent's Pod Running on a VM, with run.sh's checks in its log. And the cluster's `rancher-charts` as
 * Rancher's own catalog serves it from the repository the agent image bundles (agentCharts.ts: Harvester's charts):
 * what Rancher's filter keeps for a Kubernetes version is what the simulator's filter keeps (helmIndex.ts), the
 * index the set-up page picks its chart versions from (R-SET-7).
 */
import fs from 'node:fs';
import { podDirOf } from '../../../lab/standins/pods/sites';
import { logFileOf } from '../../../lab/standins/pods/runContainer';
import { K3S_BARE } from '../../../lab/world/ids';
import { K3S_BARE_NODES } from '../../../lab/world/clusters/k3sBare';
import { loginToken, rancherExpect } from '../../../lab/stack/rancher/rancherApi';
import { readRancherInfo } from '../../../lab/stack/rancher/state';
import { DEMO_PASSWORD } from '../../../lab/simulator/rancher/users';
import { GUEST_CHART_INDEX } from '../../../lab/simulator/catalog/guestCharts';
import { filterReleases } from '../../../lab/simulator/catalog/helmIndex';
import { newestInIndex } from '../../../pkg/harvester-cloud-ui/setup/charts';

let token: string;
const CLUSTER = K3S_BARE.id;

beforeAll(async() => {
  if (!readRancherInfo()) {
    throw new Error('no Rancher running in the stack: npm run test:rancher starts it');
  }
  token = await loginToken('admin', DEMO_PASSWORD);
});

it('k3s-bare is Active and connected in Rancher, and its nodes are read through Rancher\'s proxy and its agent', async() => {
  const c = (await rancherExpect('GET', `/v3/clusters/${ CLUSTER }`, token)).body;
  const isTrue = (type: string) => (c.conditions || []).some((x: any) => x.type === type && x.status === 'True');

  expect(c.state).toBe('active');
  expect(isTrue('Connected')).toBe(true);
  const nodes = (await rancherExpect('GET', `/k8s/clusters/${ CLUSTER }/v1/nodes`, token)).body.data.map((n: any) => n.id);

  expect(nodes.sort()).toEqual([...K3S_BARE_NODES].sort());
});

it('its agent runs in the Pod of Rancher\'s Deployment, on one of the VMs, with the image\'s run.sh before it', async() => {
  const pods = (await rancherExpect('GET', `/k8s/clusters/${ CLUSTER }/v1/pods/cattle-system`, token)).body.data.filter((p: any) => p.metadata.labels?.app === 'cattle-cluster-agent');
  const running = pods.filter((p: any) => p.status.phase === 'Running' && !p.metadata.deletionTimestamp);

  expect(running.length).toBeGreaterThan(0);
  for (const p of running) {
    expect(K3S_BARE_NODES).toContain(p.spec.nodeName);
    expect(p.spec.containers[0].image).toBe(`rancher/rancher-agent:${ readRancherInfo()?.version }`);
    expect(p.metadata.ownerReferences[0].kind).toBe('ReplicaSet');
  }
  // The Deployment is available by kube-controller-manager's count.
  const d = (await rancherExpect('GET', `/k8s/clusters/${ CLUSTER }/v1/apps.deployments/cattle-system/cattle-cluster-agent`, token)).body;

  expect(d.status.availableReplicas).toBeGreaterThan(0);
  // No kubelet API serves k3s-bare's logs (sites.ts): the runner keeps them in the Pod's folder, in the CRI format.
  const log = fs.readFileSync(logFileOf(podDirOf('bare', 'cattle-system', running[0].metadata.name), 'cluster-register'), 'utf8');

  expect(log).toMatch(/stderr F INFO: https:\/\/127\.0\.0\.1:\d+\/ping is accessible/);
  expect(log).toMatch(/stderr F INFO: Value from https:\/\/127\.0\.0\.1:\d+\/v3\/settings\/cacerts is an x509 certificate/);
});

const versionsOf = (index: any) => Object.fromEntries(Object.entries<any[]>(index.entries).filter(([, v]) => v.length).map(([k, v]) => [k, v.map((e) => e.version)]));
const REPO = `/k8s/clusters/${ CLUSTER }/v1/catalog.cattle.io.clusterrepos/rancher-charts`;

it('its rancher-charts is the one the agent image bundles, read by Rancher\'s own catalog without the network', async() => {
  const repo = (await rancherExpect('GET', REPO, token)).body;

  expect(repo.spec.gitRepo).toBe('https://git.rancher.io/charts');
  expect(repo.status.conditions).toContainEqual(expect.objectContaining({ type: 'Downloaded', status: 'True' }));
  const all = (await rancherExpect('GET', `${ REPO }?link=index&skipFilter=true`, token)).body;

  expect(versionsOf(all)).toEqual(versionsOf(GUEST_CHART_INDEX));
});

it('Rancher\'s filter by Kubernetes version keeps what the simulator\'s keeps, and the set-up page picks the same versions', async() => {
  for (const k8s of ['1.32.5', '1.33.4', '1.36.3']) {
    const rancher = (await rancherExpect('GET', `${ REPO }?link=index&k8sVersion=v${ k8s }`, token)).body;
    const sim = filterReleases(GUEST_CHART_INDEX, k8s);

    expect({ k8s, versions: versionsOf(rancher) }).toEqual({ k8s, versions: versionsOf(sim) });
    for (const chart of Object.keys(GUEST_CHART_INDEX.entries)) {
      expect(newestInIndex(rancher, chart)).toBe(newestInIndex(sim, chart));
    }
  }
});
