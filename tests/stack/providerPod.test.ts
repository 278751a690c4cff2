/**
 * What the kubelet stand-in of k3s-bare runs the provider with (lab/standins/providerPod.ts): the chart's
 * Deployment read as a kubelet would — the Secret's key the volume names, at the path the args read — and the
 * Deployments it must not run, each with the reason it logs.
 */
import { podOf, ReadSecret } from '../../lab/standins/providerPod';
import { chartObjects } from '../../lab/simulator/catalog/guestChartObjects';
import { GUEST_CHART_INDEX } from '../../lab/simulator/catalog/guestCharts';

const PROVIDER = GUEST_CHART_INDEX.entries['harvester-cloud-provider'][0];
const deploymentOf = (values: Record<string, unknown>) => chartObjects(PROVIDER, values, 2, 'k3s').find((o) => o.kind === 'Deployment') as any;
const SECRET_VALUES = { global: { cattle: { clusterName: 'k3s-bare' } }, cloudConfig: { secretName: 'harvester-cloud-config', secretKey: 'cloud-config' } };

function secrets(data: Record<string, string> | null): ReadSecret {
  return async() => (data ? { status: 200, data } : { status: 404 });
}

describe('podOf', () => {
  it('runs the chart\'s args with the Secret key\'s bytes at the mounted path, as the chart\'s ServiceAccount', async() => {
    const pod = await podOf(secrets({ 'cloud-config': Buffer.from('apiVersion: v1\nkind: Config\n').toString('base64'), other: 'eA==' }), deploymentOf(SECRET_VALUES));

    expect(pod).toEqual({
      args:           ['--cloud-config=/etc/kubernetes/cloud-config', '--cluster-name=k3s-bare'],
      image:          `rancher/harvester-cloud-provider:${ PROVIDER.appVersion }`,
      serviceAccount: 'harvester-cloud-provider',
      mountPath:      '/etc/kubernetes/cloud-config',
      cloudConfig:    'apiVersion: v1\nkind: Config\n',
    });
  });

  it('reads the key the values name (cloudConfig.secretKey), not another', async() => {
    const pod = await podOf(secrets({ 'cloud-config': 'YQ==', 'cloud-provider-config': 'Yg==' }), deploymentOf({ ...SECRET_VALUES, cloudConfig: { secretName: 'harvester-cloud-config', secretKey: 'cloud-provider-config' } }));

    expect(pod).toMatchObject({ cloudConfig: 'b' });
  });

  it('waits, saying why, for a missing Secret or key, and never runs a Pod whose config is a file on the nodes', async() => {
    expect(await podOf(secrets(null), deploymentOf(SECRET_VALUES))).toEqual({ waiting: 'Secret kube-system/harvester-cloud-config is not there (404): the Pod waits for it, as a kubelet does' });
    expect(await podOf(secrets({ other: 'eA==' }), deploymentOf(SECRET_VALUES))).toEqual({ waiting: 'Secret kube-system/harvester-cloud-config has no key cloud-config' });
    expect(await podOf(secrets({}), deploymentOf({}))).toEqual({ waiting: 'the cloud config is a file on the nodes (/etc/kubernetes/cloud-config): the stand-in has no nodes\' files, no Pod' });
  });
});

describe('chartObjects', () => {
  it('gives the provider the RBAC of its chart\'s rbac.yaml, bound to the ServiceAccount its Deployment runs as', () => {
    const objs = chartObjects(PROVIDER, SECRET_VALUES, 2, 'k3s');

    expect(objs.map((o) => `${ o.kind }/${ o.metadata.name }`)).toEqual(['ServiceAccount/harvester-cloud-provider', 'ClusterRole/harvester-cloud-provider', 'ClusterRoleBinding/harvester-cloud-provider', 'Deployment/harvester-cloud-provider']);
    expect((objs[1] as any).rules).toContainEqual({
      apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'watch', 'create', 'update']
    });
    expect((objs[2] as any).subjects).toEqual([{
      kind: 'ServiceAccount', name: 'harvester-cloud-provider', namespace: 'kube-system'
    }]);
    expect((objs[3] as any).spec.template.spec).toMatchObject({ serviceAccountName: 'harvester-cloud-provider', hostNetwork: true });
  });

  it('leaves the CSI chart its DaemonSet only', () => {
    const csi = GUEST_CHART_INDEX.entries['harvester-csi-driver'][0];

    expect(chartObjects(csi, {}, 2, 'k3s').map((o) => o.kind)).toEqual(['DaemonSet']);
  });
});
