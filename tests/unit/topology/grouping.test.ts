import { groupNodes } from '@pkg/topology/grouping';
import { nodeRoles } from '@pkg/topology/labels';
import { guestNode } from './objects';

describe('groupNodes', () => {
  const nodes = [
    guestNode('a', {
      region: 'eu', zone: 'eu-1', roles: ['control-plane', 'etcd']
    }),
    guestNode('b', {
      region: 'eu', zone: 'eu-2', ready: false
    }),
    guestNode('c', { region: 'us', zone: 'us-1' }),
    guestNode('d', { region: 'eu', zone: 'eu-1' }),
    guestNode('e'),
    guestNode('f', { region: 'us' }),
    guestNode('g', { zone: 'lonely' }),
  ];
  const g = groupNodes(nodes);

  it('groups region → zone → nodes, regions and zones sorted, the unnamed bucket last', () => {
    expect(g.regions.map((r) => r.region)).toStrictEqual(['eu', 'us', null]);
    expect(g.regions[0].zones.map((z) => [z.zone, z.nodes.map((n) => n.name)])).toStrictEqual([['eu-1', ['a', 'd']], ['eu-2', ['b']]]);
    expect(g.regions[1].zones.map((z) => z.zone)).toStrictEqual(['us-1', null]);
    expect(g.regions[2].zones.map((z) => z.zone)).toStrictEqual(['lonely']);
  });

  it('counts nodes, ready nodes, named regions and zones, and nodes without any topology label', () => {
    expect(g.counts).toStrictEqual({
      regions: 2, zones: 4, nodes: 7, ready: 6, unlabelled: 1
    });
    expect(g.unlabelled.map((n) => n.name)).toStrictEqual(['e']);
    expect(g.regions[0]).toMatchObject({ nodeCount: 3, ready: 2 });
    expect(g.regions[0].zones[1]).toMatchObject({ ready: 0 });
  });

  it('keeps node entries plain: name, topology, Ready and roles', () => {
    expect(g.regions[0].zones[0].nodes[0]).toStrictEqual({
      name: 'a', topology: { region: 'eu', zone: 'eu-1' }, ready: true, roles: ['controlPlane', 'etcd']
    });
  });

  it('treats an empty label value as no label', () => {
    const n = guestNode('x');

    n.metadata.labels = { 'topology.kubernetes.io/zone': '' };
    expect(groupNodes([n]).counts.unlabelled).toBe(1);
  });

  it('reads roles from RKE, RKE2 and kubeadm role labels', () => {
    const n = guestNode('x', { roles: [] });

    n.metadata.labels = {
      'node-role.kubernetes.io/controlplane': 'true', 'node-role.kubernetes.io/master': '', 'node-role.kubernetes.io/worker': 'false'
    };
    expect(nodeRoles(n)).toStrictEqual(['controlPlane']);
  });

  it('handles an empty cluster', () => {
    expect(groupNodes([])).toStrictEqual({
      regions:    [],
      unlabelled: [],
      counts:     {
        regions: 0, zones: 0, nodes: 0, ready: 0, unlabelled: 0
      }
    });
  });
});
