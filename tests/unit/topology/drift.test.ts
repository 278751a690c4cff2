import { analyseDrift, HostSnapshot } from '@pkg/topology/drift';
import { intendedZone, resyncCommand, zoneAffinityYaml } from '@pkg/topology/advice';
import { needingAttention } from '@pkg/topology/rows';
import { groupNodes } from '@pkg/topology/grouping';
import {
  guestNode, hostNode, topo, vm, vmi
} from './objects';

const hostNodes = [hostNode('h1', 'eu', 'eu-1'), hostNode('h2', 'eu', 'eu-2'), hostNode('h3', 'us', 'us-1')];

function snapshot(over: Partial<HostSnapshot> = {}): HostSnapshot {
  return {
    vms:   [vm('g-a', 'uid-a', topo('eu', 'eu-1')), vm('g-b', 'uid-b')],
    vmis:  [vmi('g-a', 'h1', topo('eu', 'eu-1')), vmi('g-b', 'h2', topo('eu', 'eu-2'))],
    nodes: hostNodes,
    ...over,
  };
}

describe('analyseDrift', () => {
  it('reports nodes whose labels, VM annotations and host labels agree as in sync', () => {
    const r = analyseDrift([guestNode('g-a', {
      region: 'eu', zone: 'eu-1', vmUid: 'uid-a'
    })], snapshot());

    expect(r.nodes[0]).toStrictEqual({
      node:        'g-a',
      status:      'inSync',
      reasons:     [],
      guest:       { region: 'eu', zone: 'eu-1' },
      vm:          { region: 'eu', zone: 'eu-1' },
      host:        { region: 'eu', zone: 'eu-1' },
      vmNamespace: 'default',
      vmName:      'g-a',
      hostNode:    'h1',
    });
    expect(r).toMatchObject({ hostReadable: true, drifted: 0 });
  });

  it('VM migrated: the instance now runs on a host in another zone and keeps its old annotations', () => {
    const r = analyseDrift(
      [guestNode('g-a', {
        region: 'eu', zone: 'eu-1', vmUid: 'uid-a'
      })],
      snapshot({ vmis: [vmi('g-a', 'h3', topo('eu', 'eu-1'))] })
    );

    expect(r.nodes[0]).toMatchObject({
      status: 'drifted', reasons: ['hostChanged'], host: { region: 'us', zone: 'us-1' }, hostNode: 'h3'
    });
    expect(r.drifted).toBe(1);
    expect(r.byName.get('g-a')?.status).toBe('drifted');
  });

  // R-TOP-2: provider v0.2.0+ VMI controller `compareTopology` re-taints such a node.
  it('guest not re-synced: the instance was restarted on another zone, the guest node kept its labels', () => {
    const r = analyseDrift([guestNode('g-b', {
      region: 'eu', zone: 'eu-1', vmUid: 'uid-b'
    })], snapshot());

    expect(r.nodes[0]).toMatchObject({
      status: 'drifted', reasons: ['guestStale'], vm: { region: 'eu', zone: 'eu-2' }, host: { region: 'eu', zone: 'eu-2' }
    });
  });

  it('a guest node without labels whose VM has a zone is drifted (never synced)', () => {
    const r = analyseDrift([guestNode('g-a', { vmUid: 'uid-a' })], snapshot());

    expect(r.nodes[0]).toMatchObject({
      status: 'drifted', reasons: ['guestStale'], guest: { region: null, zone: null }
    });
  });

  it('a node and VM without topology on a host labelled since are unlabelled, not drifted', () => {
    const r = analyseDrift([guestNode('g-b', { vmUid: 'uid-b' })], snapshot({ vmis: [vmi('g-b', 'h2')] }));

    expect(r.nodes[0]).toMatchObject({
      status: 'unlabelled', reasons: ['hostLabelledLater'], host: { region: 'eu', zone: 'eu-2' }
    });
    expect(r).toMatchObject({ drifted: 0, unlabelled: 1 });
    expect(intendedZone(r.nodes[0])).toBe('eu-2');
  });

  it('a node, VM and host all without topology are in sync', () => {
    const r = analyseDrift([guestNode('g-b', { vmUid: 'uid-b' })], snapshot({ vmis: [vmi('g-b', 'h9')], nodes: [hostNode('h9')] }));

    expect(r.nodes[0].status).toBe('inSync');
  });

  it('VM missing: no VM on the host has the providerID uid', () => {
    const r = analyseDrift([guestNode('g-x', {
      region: 'eu', zone: 'eu-1', vmUid: 'gone'
    })], snapshot());

    expect(r.nodes[0]).toMatchObject({
      status: 'vmMissing', reasons: [], vm: null, host: null, guest: { region: 'eu', zone: 'eu-1' }
    });
    expect(r).toMatchObject({ vmMissing: 1, drifted: 0 });
  });

  // R-TOP-1: cloud-provider-harvester `InstanceMetadata` reads the instance only; no instance, nothing read.
  it('instance not running: no host and no topology to compare with', () => {
    const stopped = analyseDrift(
      [guestNode('g-a', {
        region: 'eu', zone: 'eu-1', vmUid: 'uid-a'
      })],
      snapshot({ vmis: [] })
    );

    expect(stopped.nodes[0]).toMatchObject({
      status: 'notRunning', host: null, hostNode: null, vm: null
    });
    expect(stopped.notRunning).toBe(1);

    const scheduling = analyseDrift(
      [guestNode('g-a', {
        region: 'us', zone: 'us-1', vmUid: 'uid-a'
      })],
      snapshot({ vmis: [vmi('g-a', null, {}, 'Scheduling')] })
    );

    expect(scheduling.nodes[0]).toMatchObject({
      status: 'drifted', reasons: ['guestStale'], host: null
    });
  });

  it('host unreadable: every Harvester node is unknown and keeps its own labels', () => {
    const r = analyseDrift([
      guestNode('g-a', {
        region: 'eu', zone: 'eu-1', vmUid: 'uid-a'
      }),
      guestNode('plain', { region: 'eu', zone: 'eu-1' }),
    ], null);

    expect(r.hostReadable).toBe(false);
    expect(r.nodes.map((n) => n.status)).toStrictEqual(['unknown', 'unmanaged']);
    expect(r.nodes[0]).toMatchObject({
      guest: { region: 'eu', zone: 'eu-1' }, vm: null, host: null
    });
    expect(r.drifted).toBe(0);
  });

  it('host nodes unreadable (project member): compares guest and VM, host stays unknown', () => {
    const r = analyseDrift([guestNode('g-a', {
      region: 'eu', zone: 'eu-1', vmUid: 'uid-a'
    })], snapshot({ nodes: null }));

    expect(r.hostNodesReadable).toBe(false);
    expect(r.nodes[0]).toMatchObject({
      status: 'inSync', host: null, hostNode: 'h1'
    });
  });

  it('an instance on a host node that is not listed is unknown, not in sync', () => {
    const r = analyseDrift([guestNode('g-a', {
      region: 'eu', zone: 'eu-1', vmUid: 'uid-a'
    })], snapshot({ vmis: [vmi('g-a', 'h9', topo('eu', 'eu-1'))] }));

    expect(r.nodes[0].status).toBe('unknown');
  });

  // R-TOP-1: the VM object's annotations are never read; an instance without them means no topology.
  it('never reads the VM object: an instance without annotations is drift from a labelled node', () => {
    const r = analyseDrift([guestNode('g-a', {
      region: 'eu', zone: 'eu-1', vmUid: 'uid-a'
    })], snapshot({ vmis: [vmi('g-a', 'h1')] }));

    expect(r.nodes[0]).toMatchObject({ vm: { region: null, zone: null } });
    expect(r.nodes[0].reasons).toContain('guestStale');
  });

  it('matches instances by namespace and name, not by name alone', () => {
    const r = analyseDrift(
      [guestNode('g-a', {
        region: 'eu', zone: 'eu-1', vmUid: 'uid-a'
      })],
      snapshot({ vmis: [vmi('g-a', 'h3', topo('us', 'us-1'), 'Running', 'other')] })
    );

    expect(r.nodes[0].status).toBe('notRunning');
  });
});

describe('advice', () => {
  it('gives one re-sync command for all drifted nodes, none for none', () => {
    expect(resyncCommand(['a', 'b'])).toBe('kubectl taint nodes a b node.cloudprovider.kubernetes.io/uninitialized=true:PreferNoSchedule');
    expect(resyncCommand([])).toBeNull();
  });

  it('keeps a VM in the zone its guest node expects with a quoted node affinity value', () => {
    const d = analyseDrift([guestNode('g-a', {
      region: 'eu', zone: 'eu-1', vmUid: 'uid-a'
    })], snapshot({ vmis: [vmi('g-a', 'h3', topo('eu', 'eu-1'))] })).nodes[0];

    expect(intendedZone(d)).toBe('eu-1');
    expect(zoneAffinityYaml('eu-1')).toContain('- key: topology.kubernetes.io/zone');
    expect(zoneAffinityYaml('a: b')).toContain('- "a: b"');
  });
});

describe('needingAttention', () => {
  it('lists drifted, never-labelled, VM-missing and stopped nodes, not those in sync', () => {
    const nodes = [
      guestNode('g-a', {
        region: 'eu', zone: 'eu-1', vmUid: 'uid-a'
      }),
      guestNode('g-b', {
        region: 'eu', zone: 'eu-1', vmUid: 'uid-b'
      }),
      guestNode('g-x', { vmUid: 'gone' }),
      guestNode('plain'),
    ];
    const report = analyseDrift(nodes, snapshot());

    expect(needingAttention(groupNodes(nodes), report).map((n) => n.name)).toStrictEqual(['g-b', 'g-x']);
  });
});
