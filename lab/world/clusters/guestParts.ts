/** Pieces every guest cluster has: nodes from its VMs, namespaces in Rancher's projects, the Harvester components. */
import {
  configMap, daemonSet, deployment, feature, namespace, node, object, topologyLabels
} from '../builders';
import { vmsOf } from '../guestVms';
import { projectIds } from '../ids';
import { cloudConfigVolume, RKE2_CONFIG_PATH } from '../../simulator/catalog/cloudConfig';
import { KubeObject } from '../../simulator/core/types';

export const HARVESTER_PROVIDER_PREFIX = 'harvester://';

/** Guest nodes with the providerID and topology labels the Harvester cloud provider set on them. */
export function guestNodes(guestCluster: string, kubeletVersion: string): KubeObject[] {
  return vmsOf(guestCluster).map((vm) => {
    const roles: Record<string, string> = {};

    for (const r of vm.roles) {
      roles[`node-role.kubernetes.io/${ r }`] = 'true';
    }

    return node(vm.name, {
      labels: {
        ...roles, ...topologyLabels(vm.createdWith), 'node.kubernetes.io/instance-type': 'rke2'
      },
      annotations: { 'alpha.kubernetes.io/provided-node-ip': vm.ip },
      providerID:  `${ HARVESTER_PROVIDER_PREFIX }${ vm.uid }`,
      internalIP:  vm.ip,
      kubeletVersion,
    });
  });
}

export function guestNamespaces(clusterId: string, extra: string[] = []): KubeObject[] {
  const p = projectIds(clusterId);

  return [
    namespace('default', `${ clusterId }:${ p.default }`),
    namespace('kube-system', `${ clusterId }:${ p.system }`),
    namespace('cattle-system', `${ clusterId }:${ p.system }`),
    namespace('kube-public', `${ clusterId }:${ p.system }`),
    ...extra.map((n) => namespace(n, `${ clusterId }:${ p.default }`)),
  ];
}

type Version = { chart: string; app: string };

/**
 * The cloud provider Deployment and CSI driver DaemonSet, named and labelled as their charts do
 * (harvester/charts `templates/_helpers.tpl`: `helm.sh/chart`, `app.kubernetes.io/version`), the provider started
 * with `--cluster-name` as Rancher sets it (`global.cattle.clusterName`) and its cloud config a file on the nodes:
 * `nodeConfigPath`, RKE2's own by default (the chart's default `cloudConfigPath`, as RKE2's bundled chart and
 * Rancher's older apps mount it); a K3s guest passes K3s's (catalog/cloudConfig.ts `K3S_CONFIG_PATH`).
 */
export function harvesterComponents(versions: { cloudProvider: Version; csiDriver: Version }, nodeCount: number, clusterName: string, nodeConfigPath = RKE2_CONFIG_PATH): KubeObject[] {
  const provider = deployment('kube-system', 'harvester-cloud-provider', {
    image:  `rancher/harvester-cloud-provider:v${ versions.cloudProvider.app }`,
    labels: {
      'helm.sh/chart':                `harvester-cloud-provider-${ versions.cloudProvider.chart }`,
      'app.kubernetes.io/name':       'harvester-cloud-provider',
      'app.kubernetes.io/version':    `v${ versions.cloudProvider.app }`,
      'app.kubernetes.io/managed-by': 'Helm',
    },
    selector: { 'app.kubernetes.io/name': 'harvester-cloud-provider' },
    replicas: 1,
  });

  const config = cloudConfigVolume({ path: nodeConfigPath });

  Object.assign(provider.spec.template.spec.containers[0], {
    command: ['harvester-cloud-provider'], args: ['--cloud-config=/etc/kubernetes/cloud-config', `--cluster-name=${ clusterName }`], volumeMounts: config.volumeMounts
  });
  provider.spec.template.spec.volumes = config.volumes;

  return [
    provider,
    daemonSet('kube-system', 'harvester-csi-driver', {
      image:  `rancher/harvester-csi-driver:v${ versions.csiDriver.app }`,
      labels: {
        'helm.sh/chart':                `harvester-csi-driver-${ versions.csiDriver.chart }`,
        'app.kubernetes.io/name':       'harvester-csi-driver',
        'app.kubernetes.io/version':    `v${ versions.csiDriver.app }`,
        'app.kubernetes.io/managed-by': 'Helm',
      },
      selector:      { 'app.kubernetes.io/name': 'harvester-csi-driver', component: 'csi-driver' },
      containerName: 'harvester-csi-driver',
    }, nodeCount),
  ];
}

export function nadMapping(mapping: Record<string, string>): KubeObject {
  return configMap('kube-system', 'harvester-nad-mapping', { 'interface-nad-mapping': JSON.stringify(mapping) });
}

/**
 * What Rancher's agent brings to every downstream cluster: the cluster agent (the dashboard's cluster page reads its
 * Deployment) and the feature the dashboard reads before paginating.
 */
export function rancherAgentParts(): KubeObject[] {
  return [
    feature('ui-sql-cache', true),
    deployment('cattle-system', 'cattle-cluster-agent', {
      image: 'rancher/rancher-agent:v2.15.0', selector: { app: 'cattle-cluster-agent' }, replicas: 2, labels: { app: 'cattle-cluster-agent' }
    }),
  ];
}

/** A Kubernetes event about an object, as its controller records it. */
export function event(ns: string, involved: { kind: string; name: string; apiVersion?: string }, type: 'Normal' | 'Warning', reason: string, message: string, component: string, count = 1): KubeObject {
  const at = new Date(Date.now() - 5 * 60 * 1000).toISOString().replace(/\.\d+Z$/, 'Z');

  return object('v1', 'Event', `${ involved.name }.${ reason.toLowerCase() }`, { namespace: ns }, {
    type,
    reason,
    message,
    count,
    involvedObject: {
      kind: involved.kind, name: involved.name, namespace: ns, apiVersion: involved.apiVersion || 'v1'
    },
    source:         { component },
    firstTimestamp: at,
    lastTimestamp:  at,
  });
}
