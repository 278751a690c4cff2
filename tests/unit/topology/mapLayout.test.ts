import { groupNodes } from '@pkg/topology/grouping';
import { analyseDrift } from '@pkg/topology/drift';
import {
  COLLAPSE_TOTAL_AT, COLLAPSE_ZONE_AT, FOCUS_CHIP_LIMIT, MAP_WIDTH, MapZone, UNLABELLED_KEY, layoutTopologyMap
} from '@pkg/topology/mapLayout';
import {
  guestNode, hostNode, topo, vm, vmi
} from './objects';

const zonesOf = (m: ReturnType<typeof layoutTopologyMap>): MapZone[] => m.regions.flatMap((r) => r.zones);
const key = (region: string | null, zone: string | null) => JSON.stringify([region, zone]);

/** Six nodes in two zones of us-east and one unlabelled; node c's VM now runs on a host in us-west-1a. */
function demo() {
  const nodes = [
    guestNode('a', {
      region: 'us-east', zone: 'us-east-1a', vmUid: 'ua'
    }),
    guestNode('b', {
      region: 'us-east', zone: 'us-east-1a', vmUid: 'ub'
    }),
    guestNode('c', {
      region: 'us-east', zone: 'us-east-1b', vmUid: 'uc'
    }),
    guestNode('d', {
      region: 'us-east', zone: 'us-east-1b', vmUid: 'ud', ready: false
    }),
    guestNode('e', { vmUid: 'ue' }),
  ];
  const host = {
    vms:  ['a', 'b', 'c', 'd', 'e'].map((n) => vm(n, `u${ n }`)),
    vmis: [
      vmi('a', 'h1', topo('us-east', 'us-east-1a')),
      vmi('b', 'h2', topo('us-east', 'us-east-1a')),
      vmi('c', 'h9', topo('us-west', 'us-west-1a')),
      vmi('d', 'h3', topo('us-east', 'us-east-1b')),
      vmi('e', 'h1', {}),
    ],
    nodes: [hostNode('h1', 'us-east', 'us-east-1a'), hostNode('h2', 'us-east', 'us-east-1a'), hostNode('h3', 'us-east', 'us-east-1b'), hostNode('h9', 'us-west', 'us-west-1a')],
  };

  return { grouping: groupNodes(nodes), drift: analyseDrift(nodes, host).byName };
}

describe('layoutTopologyMap', () => {
  it('draws regions → zones → Harvester hosts → nodes, small zones with named chips, unlabelled nodes set apart', () => {
    const { grouping, drift } = demo();
    const map = layoutTopologyMap(grouping, drift);
    const east1a = zonesOf(map).find((z) => z.key === key('us-east', 'us-east-1a')) as MapZone;

    expect(map.regions.map((r) => [r.region, r.unlabelled])).toEqual([['us-east', false], ['us-west', false], [null, true]]);
    expect(east1a.hosts.map((h) => [h.name, h.chips.map((c) => c.name)])).toEqual([['h1', ['a']], ['h2', ['b']]]);
    expect(east1a.hosts[0].chips[0]).toMatchObject({
      labelled: true, ready: true, drifted: false
    });
    expect(zonesOf(map).find((z) => z.key === UNLABELLED_KEY)?.hosts.map((h) => h.chips.map((c) => c.name))).toEqual([['e']]);
    const d = zonesOf(map).flatMap((z) => z.hosts.flatMap((h) => h.chips)).find((c) => c.name === 'd');

    expect(d?.ready).toBe(false);
  });

  it('points an arrow from the zone a drifted node claims to the zone its VM runs in, giving that zone a box', () => {
    const { grouping, drift } = demo();
    const map = layoutTopologyMap(grouping, drift);
    const west = zonesOf(map).find((z) => z.key === key('us-west', 'us-west-1a'));

    expect(west).toMatchObject({ hostOnly: true, count: 0 });
    expect(map.arrows.map((a) => [a.from, a.to, a.nodes])).toEqual([[key('us-east', 'us-east-1b'), key('us-west', 'us-west-1a'), ['c']]]);
    expect(map.arrows[0].path).toMatch(/^M [\d.]+ [\d.]+ Q [\d.-]+ [\d.-]+ [\d.]+ [\d.]+$/);
    // us-east-1b sits above us-west-1a in the same column: the arrow bows to the right of both boxes.
    const [x1, , cx] = map.arrows[0].path.split(' ').filter((t) => /^[\d.-]+$/.test(t)).map(Number);
    const from = zonesOf(map).find((z) => z.key === key('us-east', 'us-east-1b')) as MapZone;

    if (Math.abs(west!.x - from.x) < from.w / 2) {
      expect(cx).toBeGreaterThan(from.x + from.w);
    } else {
      expect(cx).toBeCloseTo((x1 + west!.x + west!.w / 2) / 2, 0);
    }
    expect(zonesOf(map).find((z) => z.key === key('us-east', 'us-east-1b'))?.drifted).toBe(1);
  });

  it('before the host is read: one unknown-host group per zone and no arrows', () => {
    const { grouping } = demo();
    const map = layoutTopologyMap(grouping, null);

    expect(zonesOf(map).every((z) => z.hosts.every((h) => h.name === null))).toBe(true);
    expect(map.arrows).toEqual([]);
  });

  it('collapses zones to counts above the thresholds, and a zoomed zone draws its nodes up to a limit', () => {
    const big = Array.from({ length: COLLAPSE_ZONE_AT + 1 }, (_, i) => guestNode(`big-${ i }`, { region: 'r', zone: 'z1' }));
    const small = [guestNode('s-1', { region: 'r', zone: 'z2' })];
    const mixed = layoutTopologyMap(groupNodes([...big, ...small]), null);

    expect(zonesOf(mixed).map((z) => [z.zone, z.collapsed, z.count])).toEqual([['z1', true, COLLAPSE_ZONE_AT + 1], ['z2', false, 1]]);
    expect(mixed.collapsedByDefault).toBe(false);

    const many = Array.from({ length: 2 * (FOCUS_CHIP_LIMIT + 200) }, (_, i) => guestNode(`n-${ i }`, { region: 'r', zone: `z${ i % 2 }` }));
    const all = layoutTopologyMap(groupNodes(many), null);

    expect(many.length).toBeGreaterThan(COLLAPSE_TOTAL_AT);
    expect(all.collapsedByDefault).toBe(true);
    expect(zonesOf(all).every((z) => z.collapsed && z.hosts.length === 0)).toBe(true);

    const zoomed = layoutTopologyMap(groupNodes(many), null, key('r', 'z0'));

    expect(zonesOf(zoomed).map((z) => z.zone)).toEqual(['z0']);
    expect(zonesOf(zoomed)[0].collapsed).toBe(false);
    expect(zonesOf(zoomed)[0].hosts.flatMap((h) => h.chips)).toHaveLength(FOCUS_CHIP_LIMIT);
    expect(zonesOf(zoomed)[0].hidden).toBe(200);
  });

  it('keeps every zone inside the picture and no two zones overlapping, at 5,000 nodes in 10 zones', () => {
    const nodes = Array.from({ length: 5000 }, (_, i) => guestNode(`n-${ i }`, { region: `r${ i % 2 }`, zone: `z${ i % 10 }` }));
    const map = layoutTopologyMap(groupNodes(nodes), null);
    const zones = zonesOf(map);

    expect(zones).toHaveLength(10);
    zones.forEach((z) => expect(z.x + z.w).toBeLessThanOrEqual(MAP_WIDTH));
    zones.forEach((a, i) => zones.slice(i + 1).forEach((b) => {
      const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;

      expect(apart).toBe(true);
    }));
  });
});
