import { KubeObject } from '../data/types';
import {
  NodeRole, Topology, hasTopology, isNodeReady, nodeRoles, topologyOf
} from './labels';

/** What the view shows for one guest node; plain data, so it can be kept out of Vue's reactivity. */
export interface NodeEntry {
  name: string;
  topology: Topology;
  ready: boolean;
  roles: NodeRole[];
}

export interface ZoneGroup {
  /** Stable key for v-for and for remembering which zones are expanded. */
  key: string;
  region: string | null;
  /** null: the node has a region label but no zone label. */
  zone: string | null;
  nodes: NodeEntry[];
  ready: number;
}

export interface RegionGroup {
  key: string;
  /** null: the nodes have a zone label but no region label. */
  region: string | null;
  zones: ZoneGroup[];
  nodeCount: number;
  ready: number;
}

export interface TopologyCounts {
  /** Named regions and (region, zone) pairs with a named zone. */
  regions: number;
  zones: number;
  nodes: number;
  ready: number;
  /** Nodes with neither a region nor a zone label. */
  unlabelled: number;
}

export interface NodeGrouping {
  regions: RegionGroup[];
  unlabelled: NodeEntry[];
  counts: TopologyCounts;
}

export function nodeEntry(node: KubeObject): NodeEntry {
  return {
    name:     node.metadata.name,
    topology: topologyOf(node.metadata.labels),
    ready:    isNodeReady(node),
    roles:    nodeRoles(node),
  };
}

// Named groups first, alphabetically; the "no region"/"no zone" bucket last.
function byName(a: string | null, b: string | null): number {
  if (a === b) {
    return 0;
  }
  if (a === null) {
    return 1;
  }
  if (b === null) {
    return -1;
  }

  return a < b ? -1 : 1;
}

/**
 * Groups nodes region → zone → nodes in one pass over the nodes (Map lookups only), so it stays linear
 * in the number of nodes. Only the few region and zone keys are sorted; nodes keep their input order
 * (the tables sort them on demand).
 */
export function groupNodes(nodes: readonly KubeObject[]): NodeGrouping {
  const regions = new Map<string | null, { ready: number; count: number; zones: Map<string | null, ZoneGroup> }>();
  const unlabelled: NodeEntry[] = [];
  let ready = 0;

  for (const node of nodes) {
    const entry = nodeEntry(node);

    if (entry.ready) {
      ready++;
    }
    if (!hasTopology(entry.topology)) {
      unlabelled.push(entry);
      continue;
    }
    const { region, zone } = entry.topology;
    let r = regions.get(region);

    if (!r) {
      r = {
        ready: 0, count: 0, zones: new Map()
      };
      regions.set(region, r);
    }
    let z = r.zones.get(zone);

    if (!z) {
      z = {
        key: JSON.stringify([region, zone]), region, zone, nodes: [], ready: 0
      };
      r.zones.set(zone, z);
    }
    z.nodes.push(entry);
    r.count++;
    if (entry.ready) {
      z.ready++;
      r.ready++;
    }
  }

  let zoneCount = 0;
  let regionCount = 0;
  const out: RegionGroup[] = [...regions.entries()]
    .sort(([a], [b]) => byName(a, b))
    .map(([region, r]) => {
      const zones = [...r.zones.values()].sort((a, b) => byName(a.zone, b.zone));

      regionCount += region === null ? 0 : 1;
      zoneCount += zones.filter((z) => z.zone !== null).length;

      return {
        key: JSON.stringify([region]), region, zones, nodeCount: r.count, ready: r.ready
      };
    });

  return {
    regions: out,
    unlabelled,
    counts:  {
      regions: regionCount, zones: zoneCount, nodes: nodes.length, ready, unlabelled: unlabelled.length
    },
  };
}
