/**
 * Opt-in scale clusters for the render bench (tests/bench/render.ts): `SIM_SCALE_NODES=500,5000` adds one imported
 * guest cluster per size, `scale-<n>`, whose nodes carry `harvester://` providerIDs and topology labels over 2 regions
 * and 10 zones (the same spread as tests/bench/topology.ts `generateCluster`: every 100th node unlabelled). harvester-host
 * gets their VMs and VMIs plus one host node per zone (`scale-host-<z>`); every 7th VM has migrated to the next zone's
 * host, so the Topology page reports it as drifted. Without the variable the demo is unchanged.
 */
import {
  guestVm, guestVmi, GuestVmSpec, mgmtCluster, namespace, node, project, provCluster, topologyLabels, Topology
} from '../builders';
import { FLEET_DEFAULT, projectIds } from '../ids';
import { KubeObject, SeedCluster } from '../../simulator/core/types';
import { guestNamespaces, rancherAgentParts } from './guestParts';

const KUBELET = 'v1.31.9+k3s1';
const REGIONS = 2;
const ZONES = 10;

/** The sizes asked for in SIM_SCALE_NODES (positive integers, duplicates dropped); none when it is unset. */
export function scaleSizes(env: string | undefined = process.env.SIM_SCALE_NODES): number[] {
  const sizes = (env || '').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);

  return [...new Set(sizes)];
}

export function scaleClusterId(n: number): string {
  return `c-scale${ n }`;
}

export function scaleClusterName(n: number): string {
  return `scale-${ n }`;
}

const zoneTopology = (zone: number): Topology => ({ region: `region-${ zone % REGIONS }`, zone: `zone-${ zone }` });
const hostName = (zone: number) => `scale-host-${ zone }`;
const ip = (i: number) => `10.${ 100 + Math.floor(i / 65536) }.${ Math.floor(i / 256) % 256 }.${ i % 256 }`;

/** Node i of scale-<n> and its VM: created in zone i % 10 (with no topology every 100th), every 7th since migrated. */
function scaleVm(n: number, i: number): GuestVmSpec {
  const zone = i % ZONES;

  return {
    namespace:    'default',
    name:         `scale-${ n }-node-${ i }`,
    uid:          `scale-${ n }-uid-${ i }`,
    guestCluster: scaleClusterName(n),
    createdWith:  i % 100 === 99 ? undefined : zoneTopology(zone),
    hostNode:     hostName((zone + (i % 7 === 0 ? 1 : 0)) % ZONES),
    ip:           ip(i),
    cpu:          2,
    memory:       '4Gi',
  };
}

export function scaleNodes(n: number): KubeObject[] {
  return Array.from({ length: n }, (_, i) => {
    const vm = scaleVm(n, i);

    return node(vm.name, {
      labels:         { ...topologyLabels(vm.createdWith), 'node-role.kubernetes.io/worker': 'true' },
      providerID:     `harvester://${ vm.uid }`,
      internalIP:     vm.ip,
      kubeletVersion: KUBELET,
    });
  });
}

/** What harvester-host holds for the scale clusters: one host node per zone, and every guest node's VM and VMI. */
export function scaleHostObjects(sizes: number[]): KubeObject[] {
  if (!sizes.length) {
    return [];
  }
  const hosts = Array.from({ length: ZONES }, (_, z) => node(hostName(z), {
    labels: { ...topologyLabels(zoneTopology(z)), 'node-role.kubernetes.io/worker': 'true' }, internalIP: `10.99.0.${ z + 1 }`, kubeletVersion: 'v1.33.5+rke2r1'
  }));
  const vms = sizes.flatMap((n) => Array.from({ length: n }, (_, i) => scaleVm(n, i)));

  return [...hosts, ...vms.map(guestVm), ...vms.map(guestVmi)];
}

/** The guest cluster itself (its nodes and namespaces). */
export function scaleGuestCluster(n: number): SeedCluster {
  const id = scaleClusterId(n);

  return {
    id,
    kind:    'guest',
    objects: [...guestNamespaces(id), ...rancherAgentParts(), ...scaleNodes(n)],
  };
}

/** What Rancher's local cluster holds about it: the management and provisioning clusters, its namespace and projects. */
export function scaleLocalObjects(n: number): KubeObject[] {
  const id = scaleClusterId(n);
  const name = scaleClusterName(n);
  const p = projectIds(id);

  return [
    mgmtCluster({
      id, displayName: name, provider: 'k3s', driver: 'k3s', kubernetesVersion: KUBELET, nodeCount: n, provClusterId: `${ FLEET_DEFAULT }/${ name }`
    }),
    provCluster(FLEET_DEFAULT, name, id, {}),
    namespace(id),
    project(id, p.default, 'Default'),
    project(id, p.system, 'System', true),
  ];
}
