import { NodeEntry, NodeGrouping, RegionGroup } from './grouping';

/** The filter box's text as lower-case words; a node matches when each word is in its name, region or zone. */
export function filterWords(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesNode(n: NodeEntry, words: readonly string[]): boolean {
  if (!words.length) {
    return true;
  }
  const hay = `${ n.name } ${ n.topology.region || '' } ${ n.topology.zone || '' }`.toLowerCase();

  return words.every((w) => hay.includes(w));
}

export function filterNodes(nodes: readonly NodeEntry[], words: readonly string[]): readonly NodeEntry[] {
  return words.length ? nodes.filter((n) => matchesNode(n, words)) : nodes;
}

/**
 * The grouping with only matching nodes: zones and regions without any are dropped, counts are of the matches.
 * One pass over the nodes; the grouping itself is not changed (the summary keeps the cluster's counts).
 */
export function filterGrouping(grouping: NodeGrouping, words: readonly string[]): NodeGrouping {
  if (!words.length) {
    return grouping;
  }
  const regions: RegionGroup[] = [];

  for (const r of grouping.regions) {
    const zones = r.zones
      .map((z) => {
        const nodes = z.nodes.filter((n) => matchesNode(n, words));

        return {
          ...z, nodes, ready: nodes.filter((n) => n.ready).length
        };
      })
      .filter((z) => z.nodes.length);

    if (zones.length) {
      regions.push({
        ...r, zones, nodeCount: zones.reduce((n, z) => n + z.nodes.length, 0), ready: zones.reduce((n, z) => n + z.ready, 0)
      });
    }
  }
  const unlabelled = grouping.unlabelled.filter((n) => matchesNode(n, words));

  return {
    regions, unlabelled, counts: grouping.counts
  };
}
