/** Builders for Rancher's own objects in the local cluster: clusters, projects, settings, features, users. */
import { KubeObject } from '../../simulator/core/types';
import { Labels, object, secret } from '../../simulator/kube/builders';

const NOW_MINUS_DAY = () => new Date(Date.now() - 24 * 3600 * 1000).toISOString().replace(/\.\d+Z$/, 'Z');

function condition(type: string, status = 'True', extra: Record<string, string> = {}) {
  return {
    type, status, lastUpdateTime: NOW_MINUS_DAY(), ...extra
  };
}

export interface MgmtClusterSpec {
  id: string;
  displayName: string;
  /** `rke2`, `k3s`, `harvester`, `rke2` … as Rancher reports it in status.provider. */
  provider: string;
  /** Rancher's driver: `rke2`, `k3s`, `imported`, `harvester`, `rancher`? (local). */
  driver: string;
  kubernetesVersion: string;
  nodeCount: number;
  labels?: Labels;
  internal?: boolean;
  /** The node driver of its machine pools (`harvester`), for clusters Rancher provisioned on machines. */
  machineProvider?: string;
  /** The provisioning cluster that owns this management cluster (`fleet-default/<name>`). */
  provClusterId: string;
}

export function mgmtCluster(spec: MgmtClusterSpec): KubeObject {
  const capacity = {
    cpu: `${ spec.nodeCount * 4 }`, memory: `${ spec.nodeCount * 8 }Gi`, pods: `${ spec.nodeCount * 110 }`
  };
  const c = object('management.cattle.io/v3', 'Cluster', spec.id, { labels: { 'provider.cattle.io': spec.provider, ...spec.labels } }, {
    spec: {
      displayName:              spec.displayName,
      internal:                 !!spec.internal,
      fleetWorkspaceName:       spec.internal ? 'fleet-local' : 'fleet-default',
      localClusterAuthEndpoint: { enabled: false },
    },
    status: {
      provider: spec.provider,
      driver:   spec.driver,
      version:  {
        gitVersion: spec.kubernetesVersion, major: '1', minor: '33', platform: 'linux/amd64'
      },
      nodeCount:   spec.nodeCount,
      capacity,
      allocatable: capacity,
      requested:   {
        cpu: `${ spec.nodeCount * 900 }m`, memory: `${ spec.nodeCount * 1200 }Mi`, pods: `${ spec.nodeCount * 14 }`
      },
      agentImage: 'rancher/rancher-agent:v2.15.0',
      // What the dashboard's cluster pages read for version, architecture and the machine provider (Rancher 2.13+).
      info:       {
        kubernetesVersion: spec.kubernetesVersion, arch: 'amd64', nodeCount: spec.nodeCount, machineProvider: spec.machineProvider || ''
      },
      conditions: [
        condition('Ready'), condition('Connected'), condition('Provisioned'), condition('Updated'), condition('Waiting'),
        condition('AgentDeployed'), condition('SystemAccountCreated'), condition('GlobalAdminsSynced'), condition('InitialRolesPopulated'),
      ],
    },
  });

  // Steve derives this from the owner reference; the dashboard finds a cluster's provisioning cluster through it.
  c.metadata.relationships = [{
    fromId: spec.provClusterId, fromType: 'provisioning.cattle.io.cluster', rel: 'applies', state: 'active', message: 'Resource is Ready'
  }];

  return c;
}

export function provCluster(namespace: string, name: string, clusterId: string, spec: Record<string, unknown> = {}, labels?: Labels): KubeObject {
  return object('provisioning.cattle.io/v1', 'Cluster', name, { namespace, labels }, {
    spec,
    status: {
      clusterName:        clusterId,
      ready:              true,
      agentDeployed:      true,
      observedGeneration: 1,
      conditions:         [condition('Ready'), condition('Provisioned'), condition('Updated'), condition('Created')],
    },
  });
}

export function project(clusterId: string, id: string, displayName: string, isSystem = false): KubeObject {
  return object('management.cattle.io/v3', 'Project', id, { namespace: clusterId, labels: isSystem ? { 'authz.management.cattle.io/system-project': 'true' } : { 'authz.management.cattle.io/default-project': 'true' } }, {
    spec: {
      clusterName: clusterId, displayName, description: isSystem ? 'System project created for the cluster' : 'Default project created for the cluster'
    },
    status: { conditions: [condition('BackingNamespaceCreated'), condition('InitialRolesPopulated')] },
  });
}

export function setting(name: string, value: string, defaultValue = ''): KubeObject {
  return object('management.cattle.io/v3', 'Setting', name, {}, {
    value, default: defaultValue, customized: false, source: ''
  });
}

export function feature(name: string, enabled: boolean, description = ''): KubeObject {
  return object('management.cattle.io/v3', 'Feature', name, {}, {
    spec:   { value: null },
    status: {
      default: enabled, dynamic: false, lockedValue: null, description
    },
  });
}

export function mgmtUser(id: string, username: string, displayName: string, principalIds: string[]): KubeObject {
  return object('management.cattle.io/v3', 'User', id, { labels: { 'cattle.io/creator': 'norman' } }, {
    username,
    displayName,
    description:        '',
    enabled:            true,
    principalIds,
    mustChangePassword: false,
    status:             { conditions: [condition('InitialRolesPopulated')] },
  });
}

export function globalRoleBinding(name: string, userId: string, globalRoleName: string): KubeObject {
  return object('management.cattle.io/v3', 'GlobalRoleBinding', name, {}, { userName: userId, globalRoleName });
}

/** A Harvester cloud credential as Rancher stores it: a secret with `harvestercredentialConfig-<field>` keys. */
export function harvesterCloudCredential(namespace: string, name: string, displayName: string, hostClusterId: string): KubeObject {
  return secret(namespace, name, {
    'harvestercredentialConfig-clusterId':         hostClusterId,
    'harvestercredentialConfig-clusterType':       'imported',
    'harvestercredentialConfig-kubeconfigContent': `apiVersion: v1\nkind: Config\nclusters:\n- name: ${ hostClusterId }\n  cluster:\n    server: https://rancher.example/k8s/clusters/${ hostClusterId }\n`,
  }, {
    annotations: {
      'field.cattle.io/name': displayName, 'field.cattle.io/creatorId': 'u-admin', 'provisioning.cattle.io/driver': 'harvester'
    },
    labels: { 'cattle.io/creator': 'norman' },
  });
}

export interface HarvesterMachineConfigSpec {
  vmNamespace: string;
  cpuCount: string;
  memorySize: string;
  diskSize: string;
  imageName: string;
  networkName: string;
  sshUser: string;
}

export function harvesterMachineConfig(namespace: string, name: string, spec: HarvesterMachineConfigSpec): KubeObject {
  return object('rke-machine-config.cattle.io/v1', 'HarvesterConfig', name, { namespace }, {
    ...spec,
    diskBus:      'virtio',
    networkModel: 'virtio',
    keyPairName:  '',
    userData:     '',
    networkData:  '',
  });
}

/**
 * A Git `ClusterRepo` as Rancher shows it once it has cloned the repository: Downloaded, with the commit it read.
 * (Rancher's catalog schema adds the `index`/`info`/`chart`/`icon` links; see lab/simulator/catalog/repoContent.ts.)
 */
export function gitClusterRepo(name: string, gitRepo: string, gitBranch: string, commit: string): KubeObject {
  return object('catalog.cattle.io/v1', 'ClusterRepo', name, {}, {
    spec:   { gitRepo, gitBranch },
    status: {
      url:                gitRepo,
      branch:             gitBranch,
      commit,
      downloadTime:       NOW_MINUS_DAY(),
      observedGeneration: 1,
      conditions:         [condition('Downloaded')],
    },
  });
}
