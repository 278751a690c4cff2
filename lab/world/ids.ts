/**
 * Names and ids of the demo data. Docs and tests refer to these: change them only together.
 */
export const LOCAL_CLUSTER = 'local';

export const HARVESTER_HOST = { id: 'c-hh001', name: 'harvester-host' } as const;
export const RKE2_GUEST = { id: 'c-m-rke2g001', name: 'rke2-guest' } as const;
export const K3S_GUEST = { id: 'c-k3sg001', name: 'k3s-guest' } as const;
export const PLAIN_CLUSTER = { id: 'c-plain001', name: 'plain-cluster' } as const;
/** A K3s cluster Rancher made with the Harvester node driver, without the cloud provider or the CSI driver yet. */
export const K3S_BARE = { id: 'c-k3sb001', name: 'k3s-bare' } as const;

/** Namespaces Rancher keeps provisioning clusters and cloud credentials in. */
export const FLEET_DEFAULT = 'fleet-default';
export const FLEET_LOCAL = 'fleet-local';
export const CLOUD_CREDENTIAL_NS = 'cattle-global-data';

export const CLOUD_CREDENTIAL = {
  namespace: CLOUD_CREDENTIAL_NS, name: 'cc-harvester', id: 'cattle-global-data:cc-harvester'
} as const;
export const RKE2_MACHINE_CONFIG = {
  namespace: FLEET_DEFAULT, name: 'nc-rke2-guest-pool1', id: 'fleet-default/nc-rke2-guest-pool1'
} as const;

/** Where the guests' VMs and load balancers live on the Harvester host. */
export const VM_NAMESPACE = 'default';

export const REGIONS = { east: 'us-east', west: 'us-west' } as const;
export const ZONES = {
  east1a: 'us-east-1a', east1b: 'us-east-1b', west1a: 'us-west-1a'
} as const;

export const HOST_NODES = ['hh-node-1', 'hh-node-2', 'hh-node-3', 'hh-node-4'] as const;

export const HOST_STORAGE_CLASSES = {
  default: 'harvester-longhorn', replica2: 'replica-2', single: 'single-replica', rwx: 'longhorn-rwx'
} as const;

export const RKE2_NODES = ['rke2-guest-pool1-a', 'rke2-guest-pool1-b', 'rke2-guest-pool1-c', 'rke2-guest-pool1-d', 'rke2-guest-pool1-e', 'rke2-guest-pool1-f'] as const;
/** The rke2 node created before its host had topology labels: no region/zone labels. */
export const RKE2_NODE_WITHOUT_TOPOLOGY = 'rke2-guest-pool1-e';
/** The rke2 node whose VM was migrated to a host in another zone: its labels are stale. */
export const RKE2_NODE_DRIFTED = 'rke2-guest-pool1-f';

export const K3S_NODES = ['k3s-guest-node-1', 'k3s-guest-node-2', 'k3s-guest-node-3'] as const;
export const PLAIN_NODES = ['plain-node-1', 'plain-node-2'] as const;

/** Fixed VM uids so the guests' `harvester://<uid>` providerIDs are stable across restarts. */
export const VM_UIDS: Record<string, string> = {
  'rke2-guest-pool1-a': '6a0f3c1e-0a11-4c5e-9d1a-000000000a01',
  'rke2-guest-pool1-b': '6a0f3c1e-0a11-4c5e-9d1a-000000000a02',
  'rke2-guest-pool1-c': '6a0f3c1e-0a11-4c5e-9d1a-000000000a03',
  'rke2-guest-pool1-d': '6a0f3c1e-0a11-4c5e-9d1a-000000000a04',
  'rke2-guest-pool1-e': '6a0f3c1e-0a11-4c5e-9d1a-000000000a05',
  'rke2-guest-pool1-f': '6a0f3c1e-0a11-4c5e-9d1a-000000000a06',
  'k3s-guest-node-1':   '7b1e2d3f-1b22-4d6f-8e2b-000000000b01',
  'k3s-guest-node-2':   '7b1e2d3f-1b22-4d6f-8e2b-000000000b02',
  'k3s-guest-node-3':   '7b1e2d3f-1b22-4d6f-8e2b-000000000b03',
};

/** The ClusterRepo of this extension's own Helm repository (this Git repository), listed on the Extensions page. */
export const EXTENSION_REPO = 'harvester-cloud-ui';

export const NETWORKS = { vlan100: 'default/vlan100', vlan200: 'default/vlan200' } as const;

export const SERVICES = {
  webPool:           'web-pool',
  webDhcp:           'web-dhcp',
  webShared:         'web-shared',
  /** The Pending Services (rke2-guest, namespace `default`), one per cause the real components give (pendingLbs.ts). */
  pendingPrimary:    'shares-pending',
  pendingPort:       'port-taken',
  pendingNetwork:    'other-network',
  pendingNetChanged: 'network-changed',
  legacyLb:          'legacy-lb',
  plainLb:           'public-web',
} as const;

/** What the controllers give web-pool: the first address of pool-rke2-guest (it is the first pool Service they see). */
export const WEB_POOL_IP = '192.168.100.50';
/** What kube-vip leases web-dhcp: the first address of the simulated DHCP server (kubeVip.ts). */
export const WEB_DHCP_IP = '192.168.100.200';
export const LEGACY_LB_IP = '192.168.100.100';

export const IP_POOLS = { rke2: 'pool-rke2-guest', k3s: 'pool-k3s-guest' } as const;

/**
 * The Harvester components as each publisher labels them: RKE2 bundles harvester/charts 0.2.14 / 0.1.25 as
 * `0.2.1400` / `0.1.2500` (running v0.2.7 / v0.2.4); the k3s guest has Rancher's apps `104.0.2+up0.1.14` /
 * `104.0.1+up0.1.14` (running v0.1.5 / v0.1.3). `chart` is the `helm.sh/chart` version, `app` the image tag.
 */
/** The guests' VolumeSnapshotClasses for the Harvester CSI driver: a local snapshot one and a backup one. */
export const SNAPSHOT_CLASSES = { local: 'harvester-snapshot', backup: 'harvester-backup' } as const;

export const COMPONENT_VERSIONS = {
  rke2: { cloudProvider: { chart: '0.2.1400', app: '0.2.7' }, csiDriver: { chart: '0.1.2500', app: '0.2.4' } },
  k3s:  { cloudProvider: { chart: '104.0.2_up0.1.14', app: '0.1.5' }, csiDriver: { chart: '104.0.1_up0.1.14', app: '0.1.3' } },
} as const;

/** Projects Rancher creates in every cluster: Default (default namespace) and System. */
export function projectIds(clusterId: string): { default: string; system: string } {
  const short = clusterId.replace(/^c-(m-)?/, '').slice(0, 6);

  return { default: `p-${ short }dflt`, system: `p-${ short }syst` };
}
