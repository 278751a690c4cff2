/**
 * What the two Harvester charts render into a guest (harvester/charts `charts/harvester-cloud-provider/templates`,
 * `charts/harvester-csi-driver/templates`), as far as the set-up and the stack's kubelet stand-in read it: the
 * provider's ServiceAccount, ClusterRole and ClusterRoleBinding (`rbac.yaml`) and Deployment (`deployment.yaml`),
 * the CSI driver's DaemonSet. The simulator stores them (guestCharts.ts); real mode creates them in the real guest
 * (lab/standins/guestCharts.ts).
 */
import { daemonSet, deployment } from '../kube/builders';
import { KubeObject } from '../core/types';
import { HelmChartVersion } from './helmIndex';
import { cloudConfigVolume, nodeConfigFolder, nodeConfigPath } from './cloudConfig';

type Values = Record<string, any>;

const PROVIDER = 'harvester-cloud-provider';
const RELEASE_NAMESPACE = 'kube-system';

/**
 * The workload the chart renders, labelled as harvester/charts' `_helpers.tpl` does. Without a Secret its cloud config
 * is a file on the nodes: where the guest's distribution keeps it (`provider`), unless the values name another.
 */
export function workload(chart: string, version: string, appVersion: string, values: Values, nodeCount: number, provider: string | undefined): KubeObject {
  const labels = {
    'helm.sh/chart': `${ chart }-${ version.replace(/\+/g, '_') }`, 'app.kubernetes.io/name': chart, 'app.kubernetes.io/version': appVersion, 'app.kubernetes.io/managed-by': 'Helm'
  };
  const secretName = values.cloudConfig?.secretName;

  if (chart === 'harvester-cloud-provider') {
    const d = deployment('kube-system', chart, {
      image: `rancher/${ chart }:${ appVersion }`, labels, selector: { 'app.kubernetes.io/name': chart }, replicas: 1
    });
    const clusterName = values.global?.cattle?.clusterName;

    const config = cloudConfigVolume(secretName ? { secretName, key: values.cloudConfig?.secretKey } : { path: values.cloudConfigPath || nodeConfigPath(provider) });

    Object.assign(d.spec.template.spec.containers[0], {
      command:      [chart],
      args:         ['--cloud-config=/etc/kubernetes/cloud-config', ...(clusterName ? [`--cluster-name=${ clusterName }`] : []), ...(values.extraArgs || [])],
      volumeMounts: config.volumeMounts,
    });
    d.spec.template.spec.volumes = config.volumes;
    Object.assign(d.spec.template.spec, { serviceAccountName: chart, hostNetwork: true });

    return d;
  }
  const ds = daemonSet('kube-system', chart, {
    image: `rancher/${ chart }:${ appVersion }`, labels, selector: { 'app.kubernetes.io/name': chart, component: 'csi-driver' }, containerName: chart
  }, nodeCount);

  // The CSI chart mounts the whole Secret as a folder (templates/daemonset.yaml), else the distribution's node folder.
  ds.spec.template.spec.volumes = [secretName ? { name: 'cloud-config', secret: { secretName } } : { name: 'cloud-config', hostPath: { path: nodeConfigFolder(provider), type: 'DirectoryOrCreate' } }];

  return ds;
}


/** The provider chart's `rbac.yaml` (harvester/charts, same rules from 0.2.7 to the newest tag read). */
function providerRbac(labels: Record<string, string>): KubeObject[] {
  const meta = (namespaced: boolean) => ({
    name: PROVIDER, labels, ...(namespaced ? { namespace: RELEASE_NAMESPACE } : {})
  });
  const rule = (apiGroups: string[], resources: string[], verbs: string[]) => ({
    apiGroups, resources, verbs
  });

  return [
    {
      apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(true)
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind:       'ClusterRole',
      metadata:   meta(false),
      rules:      [
        rule([''], ['services', 'nodes', 'events'], ['get', 'watch', 'list', 'update', 'create', 'patch']),
        rule([''], ['nodes/status', 'services/status'], ['update', 'patch']),
        rule(['coordination.k8s.io'], ['leases'], ['get', 'update', 'create']),
        rule([''], ['configmaps'], ['get', 'list', 'watch', 'create', 'update']),
      ],
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind:       'ClusterRoleBinding',
      metadata:   meta(false),
      roleRef:    {
        apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: PROVIDER
      },
      subjects: [{
        kind: 'ServiceAccount', name: PROVIDER, namespace: RELEASE_NAMESPACE
      }],
    },
  ] as KubeObject[];
}

/** Everything one chart's release leaves in the guest, RBAC before the workload that runs as it. */
export function chartObjects(found: HelmChartVersion, values: Values, nodeCount: number, provider: string | undefined): KubeObject[] {
  const made = workload(found.name, found.version, `${ found.appVersion }`, values, nodeCount, provider);

  return found.name === PROVIDER ? [...providerRbac(made.metadata.labels as Record<string, string>), made] : [made];
}
