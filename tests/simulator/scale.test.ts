/** @jest-environment node */
import { demoSeed } from '../../lab/world/seed';
import { scaleClusterId, scaleSizes } from '../../lab/world/clusters/scaleGuest';

describe('scale clusters (SIM_SCALE_NODES, for the render bench)', () => {
  it('reads the sizes from SIM_SCALE_NODES, and none when it is unset', () => {
    expect(scaleSizes(undefined)).toStrictEqual([]);
    expect(scaleSizes('500, 5000,500,x,-1')).toStrictEqual([500, 5000]);
  });

  it('leaves the demo as it is without sizes', () => {
    expect(demoSeed([]).clusters.map((c) => c.id)).toStrictEqual(['local', 'c-hh001', 'c-m-rke2g001', 'c-k3sg001', 'c-k3sb001', 'c-plain001']);
  });

  it('adds a Harvester guest per size, over 10 zones, with its VMs on harvester-host', () => {
    const seed = demoSeed([200]);
    const guest = seed.clusters.find((c) => c.id === scaleClusterId(200));
    const nodes = (guest?.objects || []).filter((o) => o.kind === 'Node');
    const zones = new Set(nodes.map((n) => n.metadata.labels?.['topology.kubernetes.io/zone']).filter(Boolean));
    const host = seed.clusters.find((c) => c.id === 'c-hh001');
    const vmUids = new Set((host?.objects || []).filter((o) => o.kind === 'VirtualMachine').map((o) => o.metadata.uid));

    expect(nodes).toHaveLength(200);
    expect(zones.size).toBe(10);
    expect(nodes.filter((n) => !n.metadata.labels?.['topology.kubernetes.io/zone'])).toHaveLength(2);
    nodes.forEach((n) => expect(vmUids.has((n.spec as { providerID: string }).providerID.replace('harvester://', ''))).toBe(true));
    expect(seed.clusters[0].objects.some((o) => o.kind === 'Cluster' && o.metadata.name === scaleClusterId(200))).toBe(true);
  });
});
