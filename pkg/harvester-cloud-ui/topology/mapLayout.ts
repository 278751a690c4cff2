/**
 * The topology picture's drawing, as plain data: regions → zones → Harvester hosts → guest nodes, each with its
 * position, and one arrow per (claimed zone → real zone) pair of drifted nodes. The Vue component only draws what
 * this returns, so every decision (grouping, collapse, arrows, sizes) is tested here.
 *
 * - A zone's nodes are grouped by the Harvester host their VM runs on now (the drift report's `hostNode`); before
 *   the host is read, or for nodes whose host is unknown, under one "host unknown" group.
 * - Readable from 6 to 5,000 nodes: a small zone draws labelled chips (one per row, with the node's name), a
 *   medium one small square chips; a zone above COLLAPSE_ZONE_AT nodes, or every zone when the cluster has more than
 *   COLLAPSE_TOTAL_AT nodes, draws counts only until it is zoomed (`focus`), which draws that zone alone with up to
 *   FOCUS_CHIP_LIMIT chips.
 * - Drift arrows go from the zone a node's labels claim to the zone of the host its VM runs on (drift.ts); a host
 *   zone no guest node claims gets a box of its own so the arrow has somewhere to land.
 */
import { NodeEntry, NodeGrouping, ZoneGroup } from './grouping';
import { NodeDrift } from './drift';
import { Topology, hasTopology } from './labels';
import {
  DriftArrow, MapChip, MapRegion, MapZone, TopologyMapModel
} from './mapModel';

export type {
  DriftArrow, MapChip, MapHost, MapRegion, MapZone, TopologyMapModel
} from './mapModel';

export const LABELLED_CHIPS_UP_TO = 8;
export const COLLAPSE_ZONE_AT = 120;
export const COLLAPSE_TOTAL_AT = 300;
export const FOCUS_CHIP_LIMIT = 1500;

const CHIP = 14;
const GAP = 4;
const PAD = 10;
const ZONE_HEADER = 34;
const HOST_HEADER = 20;
const REGION_HEADER = 34;
const CHIPS_PER_ROW = 12;
const LABEL_CHIP_W = 200;
const LABEL_CHIP_H = 20;
const ZONE_MIN_W = 230;
const COLLAPSED_H = ZONE_HEADER + 46;
const REGION_GAP = 18;

export const MAP_WIDTH = 1100;

const zoneKey = (t: Topology) => JSON.stringify([t.region, t.zone]);

export const UNLABELLED_KEY = 'unlabelled';

interface ZoneInput {
  key: string;
  region: string | null;
  zone: string | null;
  nodes: NodeEntry[];
  ready: number;
  hostOnly: boolean;
  unlabelled: boolean;
}

function hostsOf(nodes: NodeEntry[], drift: Map<string, NodeDrift> | null): Map<string | null, NodeEntry[]> {
  const byHost = new Map<string | null, NodeEntry[]>();

  for (const n of nodes) {
    const host = drift?.get(n.name)?.hostNode || null;
    const list = byHost.get(host);

    if (list) {
      list.push(n);
    } else {
      byHost.set(host, [n]);
    }
  }

  // Named hosts alphabetically, the unknown group last.
  return new Map([...byHost.entries()].sort(([a], [b]) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1)));
}

/** Places a zone's hosts and chips from (x, y); returns the zone with its size. */
function layoutZone(z: ZoneInput, x: number, y: number, drift: Map<string, NodeDrift> | null, collapsed: boolean, chipLimit: number): MapZone {
  const drifted = z.nodes.reduce((n, e) => n + (drift?.get(e.name)?.status === 'drifted' ? 1 : 0), 0);
  const zone: MapZone = {
    key:        z.key,
    region:     z.region,
    zone:       z.zone,
    hostOnly:   z.hostOnly,
    unlabelled: z.unlabelled,
    x,
    y,
    w:          ZONE_MIN_W,
    h:          COLLAPSED_H,
    count:      z.nodes.length,
    ready:      z.ready,
    drifted,
    collapsed,
    hosts:      [],
    hidden:     0,
  };

  if (collapsed || !z.nodes.length) {
    return zone;
  }
  const labelled = z.nodes.length <= LABELLED_CHIPS_UP_TO;
  let top = y + ZONE_HEADER;
  let budget = chipLimit;
  let width = ZONE_MIN_W;

  for (const [host, nodes] of hostsOf(z.nodes, drift)) {
    const shown = nodes.slice(0, Math.max(0, budget));

    budget -= shown.length;
    zone.hidden += nodes.length - shown.length;
    if (!shown.length) {
      continue;
    }
    const perRow = labelled ? 1 : CHIPS_PER_ROW;
    const rows = Math.ceil(shown.length / perRow);
    const chipW = labelled ? LABEL_CHIP_W : CHIP;
    const chipH = labelled ? LABEL_CHIP_H : CHIP;
    const w = PAD * 2 + (labelled ? LABEL_CHIP_W : CHIPS_PER_ROW * (CHIP + GAP) - GAP);
    const h = HOST_HEADER + rows * (chipH + GAP) + PAD - GAP;
    const hx = x + PAD;
    const chips = shown.map((n, i): MapChip => ({
      name:    n.name,
      x:       hx + PAD + (i % perRow) * (chipW + GAP),
      y:       top + HOST_HEADER + Math.floor(i / perRow) * (chipH + GAP),
      w:       chipW,
      h:       chipH,
      ready:   n.ready,
      roles:   n.roles,
      drifted: drift?.get(n.name)?.status === 'drifted',
      labelled,
    }));

    zone.hosts.push({
      key: `${ z.key }/${ host ?? '' }`, name: host, x: hx, y: top, w, h, chips
    });
    top += h + GAP;
    width = Math.max(width, w + PAD * 2);
  }
  zone.w = width;
  zone.h = top - y + PAD;

  return zone;
}

/** The zones to draw per region: the guest's, plus host-only zones that drift arrows point to. */
function zonesByRegion(grouping: NodeGrouping, drift: Map<string, NodeDrift> | null): { region: string | null; unlabelled: boolean; zones: ZoneInput[] }[] {
  const regions = grouping.regions.map((r) => ({
    region:     r.region,
    unlabelled: false,
    zones:      r.zones.map((z: ZoneGroup): ZoneInput => ({
      key: z.key, region: z.region, zone: z.zone, nodes: z.nodes, ready: z.ready, hostOnly: false, unlabelled: false
    })),
  }));
  const known = new Set(regions.flatMap((r) => r.zones.map((z) => z.key)));

  drift?.forEach((d) => {
    if (d.status !== 'drifted' || !d.host || !hasTopology(d.host) || known.has(zoneKey(d.host))) {
      return;
    }
    known.add(zoneKey(d.host));
    let region = regions.find((r) => r.region === d.host?.region);

    if (!region) {
      region = {
        region: d.host.region, unlabelled: false, zones: []
      };
      regions.push(region);
    }
    region.zones.push({
      key: zoneKey(d.host), region: d.host.region, zone: d.host.zone, nodes: [], ready: 0, hostOnly: true, unlabelled: false
    });
  });
  if (grouping.unlabelled.length) {
    regions.push({
      region:     null,
      unlabelled: true,
      zones:      [{
        key: UNLABELLED_KEY, region: null, zone: null, nodes: grouping.unlabelled, ready: grouping.unlabelled.filter((n) => n.ready).length, hostOnly: false, unlabelled: true
      }],
    });
  }

  return regions;
}

function arrowsFor(zones: Map<string, MapZone>, drift: Map<string, NodeDrift> | null): DriftArrow[] {
  const pairs = new Map<string, { from: string; to: string; nodes: string[] }>();

  drift?.forEach((d) => {
    if (d.status !== 'drifted' || !d.host || !hasTopology(d.host) || !hasTopology(d.guest)) {
      return;
    }
    const from = zoneKey(d.guest);
    const to = zoneKey(d.host);

    if (from === to || !zones.has(from) || !zones.has(to)) {
      return;
    }
    const k = `${ from }→${ to }`;
    const pair = pairs.get(k) || {
      from, to, nodes: []
    };

    pair.nodes.push(d.node);
    pairs.set(k, pair);
  });

  return [...pairs.entries()].map(([key, p]) => {
    const a = zones.get(p.from) as MapZone;
    const b = zones.get(p.to) as MapZone;
    const x1 = a.x + a.w / 2;
    const y1 = a.y + ZONE_HEADER / 2;
    const x2 = b.x + b.w / 2;
    const y2 = b.y + ZONE_HEADER / 2;
    // Zones in one row: a curve bowing upwards, above their boxes. Zones stacked (same column): bowing right, so
    // the arrow does not run through the zone titles.
    const stacked = Math.abs(x2 - x1) < a.w / 2;
    const cx = stacked ? Math.max(x1, x2) + a.w / 2 + 40 : (x1 + x2) / 2;
    const cy = stacked ? (y1 + y2) / 2 : Math.min(y1, y2) - 40 - Math.abs(x2 - x1) / 8;

    return {
      key, from: p.from, to: p.to, nodes: p.nodes.sort(), path: `M ${ x1 } ${ y1 } Q ${ cx } ${ cy } ${ x2 } ${ y2 }`
    };
  });
}

/**
 * The whole picture, or with `focus` one zone alone, uncollapsed. `drift` is the drift report's `byName` (null
 * before the host is read: no hosts, no arrows).
 */
export function layoutTopologyMap(grouping: NodeGrouping, drift: Map<string, NodeDrift> | null, focus: string | null = null): TopologyMapModel {
  const total = grouping.counts.nodes;
  const collapsedByDefault = total > COLLAPSE_TOTAL_AT;
  const regions: MapRegion[] = [];
  const zones = new Map<string, MapZone>();
  let y = 50; // room for arrows above the first row

  for (const r of zonesByRegion(grouping, drift)) {
    const inputs = focus ? r.zones.filter((z) => z.key === focus) : r.zones;

    if (!inputs.length) {
      continue;
    }
    const top = y;
    let x = PAD;
    let rowTop = y + REGION_HEADER;
    let rowH = 0;
    const placed: MapZone[] = [];

    for (const z of inputs) {
      const collapsed = !focus && (collapsedByDefault || z.nodes.length > COLLAPSE_ZONE_AT);
      let zone = layoutZone(z, x + PAD, rowTop, drift, collapsed, focus ? FOCUS_CHIP_LIMIT : COLLAPSE_ZONE_AT);

      if (x + PAD + zone.w > MAP_WIDTH - PAD && placed.length) {
        // Next row: lay the zone out again at its new place.
        rowTop += rowH + PAD;
        rowH = 0;
        x = PAD;
        zone = layoutZone(z, x + PAD, rowTop, drift, collapsed, focus ? FOCUS_CHIP_LIMIT : COLLAPSE_ZONE_AT);
      }
      placed.push(zone);
      zones.set(zone.key, zone);
      x += PAD + zone.w;
      rowH = Math.max(rowH, zone.h);
    }
    const h = rowTop + rowH + PAD - top;

    regions.push({
      key: r.unlabelled ? UNLABELLED_KEY : JSON.stringify([r.region]), region: r.region, unlabelled: r.unlabelled, x: PAD / 2, y: top, w: MAP_WIDTH - PAD, h, zones: placed
    });
    y = top + h + REGION_GAP;
  }

  return {
    width:  MAP_WIDTH,
    height: y,
    regions,
    arrows: focus ? [] : arrowsFor(zones, drift),
    collapsedByDefault,
    focus,
  };
}
