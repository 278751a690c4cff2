/**
 * Rancher's own (`local`) cluster: what the dashboard needs to log in and list the demo clusters: management and
 * provisioning clusters, projects, settings, features, users, the Harvester cloud credential and machine config,
 * and the ClusterRepo of this extension's Helm repository.
 */
import {
  feature, gitClusterRepo, globalRoleBinding, harvesterCloudCredential, harvesterMachineConfig, mgmtCluster, mgmtUser, namespace, object, project, provCluster, setting
} from '../builders';
import {
  CLOUD_CREDENTIAL, EXTENSION_REPO, FLEET_DEFAULT, FLEET_LOCAL, HARVESTER_HOST, K3S_GUEST, K3S_NODES, LOCAL_CLUSTER, NETWORKS, PLAIN_CLUSTER, PLAIN_NODES, RKE2_GUEST, RKE2_MACHINE_CONFIG, RKE2_NODES, VM_NAMESPACE, HOST_NODES, projectIds
} from '../ids';
import { SeedCluster, KubeObject } from '../../simulator/core/types';
import { checkoutCommit, THIS_REPOSITORY } from '../../simulator/catalog/thisRepository';
import { RANCHER_VERSION } from '../../simulator/rancher/rancherEndpoints';
import { USERS, principalId } from '../../simulator/rancher/users';

const RKE2_VERSION = 'v1.33.5+rke2r1';

/** A header banner saying this is the simulator, so screenshots and newcomers cannot mistake it for a real Rancher. */
const DEMO_BANNER = JSON.stringify({
  bannerHeader: {
    background: '#1f6feb', color: '#ffffff', textAlignment: 'center', fontWeight: null, fontStyle: null, fontSize: '14px', textDecoration: null, text: 'Demo mode: a simulated Rancher with simulated Harvester guest clusters. Changes live only in the simulator.'
  },
  bannerFooter: {
    background: '#EEEFF4', color: '#141419', textAlignment: 'center', fontWeight: null, fontStyle: null, fontSize: '14px', textDecoration: null, text: ''
  },
  bannerConsent: {
    background: '#EEEFF4', color: '#141419', textAlignment: 'center', fontWeight: null, fontStyle: null, fontSize: '14px', textDecoration: null, text: '', button: null
  },
  loginError:  { showMessage: 'false', message: '' },
  showHeader:  'true',
  showFooter:  'false',
  showConsent: 'false',
});

function settings(): KubeObject[] {
  return [
    setting('server-version', RANCHER_VERSION),
    setting('server-url', 'https://localhost:8005'),
    setting('first-login', 'false', 'true'),
    setting('eula-agreed', '2025-01-01T00:00:00.000Z'),
    setting('ui-banners', DEMO_BANNER, '{}'),
    setting('ui-pl', 'rancher', 'rancher'),
    setting('ui-brand', ''),
    setting('ui-issues', ''),
    setting('ui-offline-preferred', 'dynamic', 'dynamic'),
    setting('ui-default-landing', 'vue', 'vue'),
    // Empty: the dashboard's own defaults apply, as on a fresh Rancher.
    setting('ui-performance', '', ''),
    setting('ui-custom-links', '', ''),
    setting('ui-community-links', '', ''),
    setting('hide-local-cluster', 'false', 'false'),
    setting('has-support', 'false', 'false'),
    setting('auth-user-session-ttl-minutes', '960', '960'),
    setting('auth-user-session-idle-ttl-minutes', '960', '960'),
    setting('kubeconfig-generate-token', 'true', 'true'),
    setting('system-namespaces', 'kube-system,kube-public,cattle-system,cattle-global-data,fleet-default,fleet-local', ''),
    setting('cli-version', 'v2.12.0'),
    setting('helm-version', 'v3.17.0'),
    setting('display-add-extension-repos-banner', 'false', 'true'),
  ];
}

/**
 * The features each Rancher lists (pkg/features), as its own server lists them under /v1: 2.13.8 and 2.15.0 measured
 * (tests/real/rancher/management.rancher.ts); 2.14 taken as 2.13's. These no longer exist there, or are not
 * installed as objects.
 */
const NOT_IN_2_13 = ['provisioningv2', 'turtles', 'monitoringv1', 'embedded-cluster-api', 'imported-cluster-version-management'];
const NOT_IN_2_15 = [...NOT_IN_2_13, 'rke1-ui'];

function features(): KubeObject[] {
  const at213 = !/^v2\.1[0-2]\./.test(RANCHER_VERSION);
  const at215 = !/^v2\.1[0-4]\./.test(RANCHER_VERSION);
  // 2.13 turned clean-stale-secrets on; rke1-ui stayed on until 2.15 removed it.
  const on = ['multi-cluster-management', 'harvester', 'rke2', 'fleet', 'provisioningv2', 'embedded-cluster-api', 'uiextension', 'ui-sql-cache', 'istio-virtual-service-ui', 'imported-cluster-version-management', ...(at213 ? ['clean-stale-secrets', 'rke1-ui'] : [])];
  const off = ['monitoringv1', 'legacy', 'unsupported-storage-drivers', 'harvester-baremetal-container-workload', 'token-hashing', 'turtles', 'aggregated-roletemplates', ...(at213 ? [] : ['clean-stale-secrets', 'rke1-ui'])];
  const gone = at215 ? NOT_IN_2_15 : at213 ? NOT_IN_2_13 : [];
  const listed = (f: string) => !gone.includes(f);

  return [...on.filter(listed).map((f) => feature(f, true)), ...off.filter(listed).map((f) => feature(f, false))];
}

function clusters(): KubeObject[] {
  const rke2Guest = provCluster(FLEET_DEFAULT, RKE2_GUEST.name, RKE2_GUEST.id, {
    kubernetesVersion:         RKE2_VERSION,
    cloudCredentialSecretName: CLOUD_CREDENTIAL.id,
    rkeConfig:                 {
      machineGlobalConfig: {
        cni: 'calico', 'disable-kube-proxy': false, 'etcd-expose-metrics': false
      },
      machineSelectorConfig: [{ config: { 'cloud-provider-name': 'harvester', 'protect-kernel-defaults': false } }],
      machinePools:          [{
        name:             'pool1',
        quantity:         RKE2_NODES.length,
        controlPlaneRole: true,
        etcdRole:         true,
        workerRole:       true,
        machineConfigRef: { kind: 'HarvesterConfig', name: RKE2_MACHINE_CONFIG.name },
      }],
      chartValues: { 'harvester-cloud-provider': { clusterName: RKE2_GUEST.name, cloudConfigPath: '/var/lib/rancher/rke2/etc/config-files/cloud-provider-config' } },
    },
  });
  const plain = provCluster(FLEET_DEFAULT, PLAIN_CLUSTER.name, PLAIN_CLUSTER.id, {
    kubernetesVersion: RKE2_VERSION,
    rkeConfig:         {
      machineGlobalConfig: { cni: 'canal' }, machineSelectorConfig: [{ config: { 'protect-kernel-defaults': false } }], machinePools: []
    },
  });

  return [
    mgmtCluster({
      id: LOCAL_CLUSTER, displayName: 'local', provider: 'rke2', driver: 'rke2', kubernetesVersion: RKE2_VERSION, nodeCount: 1, internal: true, provClusterId: `${ FLEET_LOCAL }/local`
    }),
    mgmtCluster({
      id: HARVESTER_HOST.id, displayName: HARVESTER_HOST.name, provider: 'harvester', driver: 'harvester', kubernetesVersion: RKE2_VERSION, nodeCount: HOST_NODES.length, provClusterId: `${ FLEET_DEFAULT }/${ HARVESTER_HOST.name }`
    }),
    mgmtCluster({
      id: RKE2_GUEST.id, displayName: RKE2_GUEST.name, provider: 'rke2', driver: 'rke2', machineProvider: 'harvester', kubernetesVersion: RKE2_VERSION, nodeCount: RKE2_NODES.length, provClusterId: `${ FLEET_DEFAULT }/${ RKE2_GUEST.name }`
    }),
    mgmtCluster({
      id: K3S_GUEST.id, displayName: K3S_GUEST.name, provider: 'k3s', driver: 'k3s', kubernetesVersion: 'v1.31.9+k3s1', nodeCount: K3S_NODES.length, provClusterId: `${ FLEET_DEFAULT }/${ K3S_GUEST.name }`
    }),
    mgmtCluster({
      id: PLAIN_CLUSTER.id, displayName: PLAIN_CLUSTER.name, provider: 'rke2', driver: 'rke2', kubernetesVersion: RKE2_VERSION, nodeCount: PLAIN_NODES.length, provClusterId: `${ FLEET_DEFAULT }/${ PLAIN_CLUSTER.name }`
    }),
    provCluster(FLEET_LOCAL, 'local', LOCAL_CLUSTER, { kubernetesVersion: RKE2_VERSION }),
    provCluster(FLEET_DEFAULT, HARVESTER_HOST.name, HARVESTER_HOST.id, {}, { 'provider.cattle.io': 'harvester' }),
    rke2Guest,
    provCluster(FLEET_DEFAULT, K3S_GUEST.name, K3S_GUEST.id, {}),
    plain,
  ];
}

function projectsAndNamespaces(): KubeObject[] {
  const out: KubeObject[] = [];

  for (const id of [LOCAL_CLUSTER, HARVESTER_HOST.id, RKE2_GUEST.id, K3S_GUEST.id, PLAIN_CLUSTER.id]) {
    const p = projectIds(id);

    out.push(namespace(id), project(id, p.default, 'Default'), project(id, p.system, 'System', true));
  }
  const localProjects = projectIds(LOCAL_CLUSTER);

  for (const ns of ['default']) {
    out.push(namespace(ns, `${ LOCAL_CLUSTER }:${ localProjects.default }`));
  }
  for (const ns of ['kube-system', 'cattle-system', 'cattle-global-data', 'fleet-default', 'fleet-local', 'cattle-ui-plugin-system']) {
    out.push(namespace(ns, `${ LOCAL_CLUSTER }:${ localProjects.system }`));
  }

  return out;
}

function usersAndRoles(): KubeObject[] {
  const { admin, viewer } = USERS;
  const crtbs = viewer.readOnlyClusters.map((clusterId) => object('management.cattle.io/v3', 'ClusterRoleTemplateBinding', `crtb-viewer-${ clusterId }`, { namespace: clusterId }, {
    clusterName: clusterId, roleTemplateName: 'read-only', userName: viewer.id, userPrincipalName: principalId(viewer)
  }));

  return [
    mgmtUser(admin.id, admin.name, admin.displayName, [principalId(admin)]),
    mgmtUser(viewer.id, viewer.name, viewer.displayName, [principalId(viewer)]),
    object('management.cattle.io/v3', 'GlobalRole', 'admin', {}, {
      displayName: 'Administrator',
      builtin:     true,
      rules:       [{
        apiGroups: ['*'], resources: ['*'], verbs: ['*']
      }]
    }),
    object('management.cattle.io/v3', 'GlobalRole', 'user', {}, {
      displayName: 'Standard User', builtin: true, newUserDefault: true
    }),
    object('management.cattle.io/v3', 'RoleTemplate', 'read-only', {}, {
      displayName: 'Read-only', context: 'cluster', builtin: true
    }),
    globalRoleBinding('grb-admin', admin.id, 'admin'),
    globalRoleBinding('grb-viewer', viewer.id, 'user'),
    ...crtbs,
  ];
}

export function rancherLocalCluster(): SeedCluster {
  return {
    id:      LOCAL_CLUSTER,
    kind:    'local',
    objects: [
      ...projectsAndNamespaces(),
      ...settings(),
      ...features(),
      ...clusters(),
      ...usersAndRoles(),
      harvesterCloudCredential(CLOUD_CREDENTIAL.namespace, CLOUD_CREDENTIAL.name, 'harvester-host', HARVESTER_HOST.id),
      harvesterMachineConfig(RKE2_MACHINE_CONFIG.namespace, RKE2_MACHINE_CONFIG.name, {
        vmNamespace: VM_NAMESPACE, cpuCount: '4', memorySize: '8', diskSize: '40', imageName: 'default/image-ubuntu-2404', networkName: NETWORKS.vlan100, sshUser: 'ubuntu'
      }),
      // This repository as a Git Helm repository (docs/marketplace.md): the Extensions page lists the extension from it.
      gitClusterRepo(EXTENSION_REPO, THIS_REPOSITORY.gitRepo, THIS_REPOSITORY.gitBranch, checkoutCommit()),
    ],
  };
}
