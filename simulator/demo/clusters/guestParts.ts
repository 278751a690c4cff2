/** Pieces every guest cluster has: nodes from its VMs, namespaces in Rancher's projects, the Harvester components. */
import {
  configMap, daemonSet, deployment, feature, namespace, node, object, topologyLabels
} from '../builders';
import { vmsOf } from '../guestVms';
import { projectIds } from '../ids';
import { KubeObject } from '../../steve/types';

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

/** The cloud provider Deployment and CSI driver DaemonSet, labelled as their Helm charts label them. */
export function harvesterComponents(versions: { cloudProvider: string; csiDriver: string }, nodeCount: number): KubeObject[] {
  return [
    deployment('kube-system', 'harvester-cloud-provider', {
      image:  `rancher/harvester-cloud-provider:v${ versions.cloudProvider }`,
      labels: {
        'helm.sh/chart': `harvester-cloud-provider-${ versions.cloudProvider }`, 'app.kubernetes.io/name': 'harvester-cloud-provider', 'app.kubernetes.io/managed-by': 'Helm'
      },
      selector: { 'app.kubernetes.io/name': 'harvester-cloud-provider' },
      replicas: 1,
    }),
    daemonSet('kube-system', 'harvester-csi-driver-plugin', {
      image:  `rancher/harvester-csi-driver:v${ versions.csiDriver }`,
      labels: {
        'helm.sh/chart': `harvester-csi-driver-${ versions.csiDriver }`, 'app.kubernetes.io/name': 'harvester-csi-driver', 'app.kubernetes.io/managed-by': 'Helm'
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
