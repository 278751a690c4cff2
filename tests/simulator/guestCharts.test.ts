/** @jest-environment node */
import { K3S_CONFIG_PATH, RKE2_CONFIG_PATH } from '../../lab/simulator/catalog/cloudConfig';
import { OPERATION_TIMING } from '../../lab/simulator/catalog/helmOperation';
import { RANCHER_CHARTS } from '../../lab/simulator/catalog/guestCharts';
import { getObject, storeObject } from '../../lab/simulator/core/state';
import { gitClusterRepo } from '../../lab/world/builders';
import { K3S_BARE, PLAIN_CLUSTER } from '../../lab/world/ids';
import { call, demoState } from './helpers';

const repoPath = (cluster: string) => `/k8s/clusters/${ cluster }/v1/catalog.cattle.io.clusterrepos/${ RANCHER_CHARTS.name }`;

/** `?action=install` of both Harvester charts without a cloud-config Secret, as the Set up flow sends it for the nodes' file. */
function installWithoutSecret(state: ReturnType<typeof demoState>, cluster: string): { operationName: string; operationNamespace: string } {
  const res = call(state, 'POST', repoPath(cluster), {
    query: { action: 'install' },
    body:  {
      namespace: 'kube-system',
      charts:    [
        { chartName: 'harvester-cloud-provider', values: { global: { cattle: { clusterName: 'guest' } } } },
        { chartName: 'harvester-csi-driver', values: {} },
      ],
    },
  });

  expect(res.status).toBe(201);
  jest.advanceTimersByTime(OPERATION_TIMING.startMs + OPERATION_TIMING.runMs);

  return res.body;
}

/** Where the installed provider reads its cloud config on the nodes, and the folder the CSI driver mounts. */
function nodePaths(state: ReturnType<typeof demoState>, cluster: string): { provider: string; csi: string } {
  const provider = getObject(state, cluster, 'apps.deployment', 'kube-system/harvester-cloud-provider');
  const csi = getObject(state, cluster, 'apps.daemonset', 'kube-system/harvester-csi-driver');

  return { provider: provider?.spec.template.spec.volumes[0].hostPath?.path, csi: csi?.spec.template.spec.volumes[0].hostPath?.path };
}

describe('the Harvester charts installed from a guest\'s rancher-charts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('read the cloud config where a K3s guest keeps it, not RKE2\'s path, when no Secret is named', () => {
    const state = demoState();

    expect(getObject(state, 'local', 'management.cattle.io.cluster', K3S_BARE.id)?.status?.provider).toBe('k3s');
    const answer = installWithoutSecret(state, K3S_BARE.id);
    // R-SET-10: the Operation is the guest's, in the release's namespace, and says Helm is done (kstatus).
    const op = getObject(state, K3S_BARE.id, 'catalog.cattle.io.operation', `${ answer.operationNamespace }/${ answer.operationName }`);

    expect(answer.operationNamespace).toBe('kube-system');
    expect(getObject(state, 'local', 'catalog.cattle.io.operation', `${ answer.operationNamespace }/${ answer.operationName }`)).toBeUndefined();
    expect(op?.status).toMatchObject({
      podCreated: true, podNamespace: 'cattle-system', releaseName: 'harvester-csi-driver'
    });
    expect(op?.status.conditions.map((c: { type: string; status: string }) => `${ c.type }=${ c.status }`)).toEqual(['Reconciling=False', 'Stalled=False']);

    expect(nodePaths(state, K3S_BARE.id)).toEqual({ provider: K3S_CONFIG_PATH, csi: '/etc/kubernetes/' });
    expect(JSON.stringify(getObject(state, K3S_BARE.id, 'apps.deployment', 'kube-system/harvester-cloud-provider'))).not.toContain('/var/lib/rancher/rke2');
  });

  it('the index lists the versions whose kube-version admits the guest\'s API server, as Rancher filters it, and all with skipFilter', () => {
    const state = demoState();
    const versions = (query: Record<string, string>) => {
      const index = call(state, 'GET', repoPath(K3S_BARE.id), { query: { link: 'index', ...query } }).body;

      return ['harvester-cloud-provider', 'harvester-csi-driver'].map((c) => (index.entries[c] || []).map((e: { version: string }) => e.version).join(' '));
    };

    // k3s-bare runs v1.32.5: both versions of each chart admit it.
    expect(versions({})).toEqual(['107.0.1+up0.2.15 106.0.2+up0.2.14', '107.0.0+up0.1.31 106.0.1+up0.1.29']);
    // Its API server upgraded first (Rancher keeps its version as the management cluster's status.version), the
    // kubelets not yet: Rancher's filter reads the API server (content.go k8sVersion), so the 1.33-capped versions go.
    const mgmt = getObject(state, 'local', 'management.cattle.io.cluster', K3S_BARE.id);

    if (!mgmt) {
      throw new Error('k3s-bare has no management cluster');
    }
    mgmt.status.version.gitVersion = 'v1.33.4+k3s1';
    expect(versions({})).toEqual(['107.0.1+up0.2.15', '107.0.0+up0.1.31']);
    expect(versions({ k8sVersion: '1.34.0' })).toEqual(['', '']);
    expect(versions({ k8sVersion: '1.34.0', skipFilter: 'true' })).toEqual(['107.0.1+up0.2.15 106.0.2+up0.2.14', '107.0.0+up0.1.31 106.0.1+up0.1.29']);
  });

  it('read RKE2\'s file and folder on an RKE2 guest', () => {
    const state = demoState();

    storeObject(state, PLAIN_CLUSTER.id, 'catalog.cattle.io.clusterrepo', gitClusterRepo(RANCHER_CHARTS.name, RANCHER_CHARTS.gitRepo, RANCHER_CHARTS.gitBranch, '5f0c1d2e'));
    expect(getObject(state, 'local', 'management.cattle.io.cluster', PLAIN_CLUSTER.id)?.status?.provider).toBe('rke2');
    installWithoutSecret(state, PLAIN_CLUSTER.id);

    expect(nodePaths(state, PLAIN_CLUSTER.id)).toEqual({ provider: RKE2_CONFIG_PATH, csi: '/var/lib/rancher/rke2/etc/config-files/' });
  });
});
