import { analyseSpread, matchesSelector } from '@pkg/topology/spread';
import { KubeObject } from '@pkg/data/types';
import { guestNode, pod } from './objects';

const nodes = [
  guestNode('n1', { region: 'eu', zone: 'z1' }),
  guestNode('n2', { region: 'eu', zone: 'z1' }),
  guestNode('n3', { region: 'eu', zone: 'z2' }),
  guestNode('n4', { region: 'eu', zone: 'z3' }),
  guestNode('n5'),
];

function deployment(constraints: unknown[]): KubeObject {
  return {
    type:     'apps.deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec:     {
      selector: { matchLabels: { app: 'web' } },
      template: { spec: { topologySpreadConstraints: constraints } },
    },
  };
}

const zoneConstraint = {
  maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } }
};

describe('analyseSpread', () => {
  const pods = [
    pod('w1', 'n1', { app: 'web' }),
    pod('w2', 'n2', { app: 'web' }),
    pod('w3', 'n3', { app: 'web' }),
    pod('w4', null, { app: 'web' }), // Pending
    pod('w5', 'n5', { app: 'web' }), // on a node without zone
    pod('other', 'n4', { app: 'db' }),
    pod('elsewhere', 'n4', { app: 'web' }, 'other-ns'),
    pod('done', 'n4', { app: 'web' }, 'default', 'Succeeded'),
  ];

  it('counts the workload’s scheduled pods in every zone, empty zones included', () => {
    const r = analyseSpread(deployment([]), pods, nodes);

    expect(r.zones).toStrictEqual([{ domain: 'z1', pods: 2 }, { domain: 'z2', pods: 1 }, { domain: 'z3', pods: 0 }]);
    expect(r.noZone).toBe(1);
    expect(r.unscheduled).toBe(2);
    expect(r.constraints).toStrictEqual([]);
  });

  it('computes the skew of a zone constraint against maxSkew', () => {
    const [c] = analyseSpread(deployment([zoneConstraint]), pods, nodes).constraints;

    expect(c.skew).toBe(2);
    expect(c.satisfied).toBe(false);
    expect(c.outsideDomains).toBe(1);
    expect(c.domains.map((d) => d.pods)).toStrictEqual([2, 1, 0]);
  });

  it('is satisfied when pods are even', () => {
    const even = [pod('a', 'n1', { app: 'web' }), pod('b', 'n3', { app: 'web' }), pod('c', 'n4', { app: 'web' })];
    const [c] = analyseSpread(deployment([zoneConstraint]), even, nodes).constraints;

    expect(c).toMatchObject({ skew: 0, satisfied: true });
  });

  it('uses the constraint’s own topology key (hostname) and counts nodes as domains', () => {
    const hostNodes = nodes.map((n) => ({ ...n, metadata: { ...n.metadata, labels: { ...n.metadata.labels, 'kubernetes.io/hostname': n.metadata.name } } }));
    const [c] = analyseSpread(deployment([{
      ...zoneConstraint, topologyKey: 'kubernetes.io/hostname', maxSkew: 2
    }]), pods, hostNodes).constraints;

    expect(c.domains).toHaveLength(5);
    expect(c).toMatchObject({
      skew: 1, satisfied: true, outsideDomains: 0
    });
  });

  it('counts the minimum as 0 when fewer domains exist than minDomains', () => {
    const even = [pod('a', 'n1', { app: 'web' }), pod('b', 'n3', { app: 'web' }), pod('c', 'n4', { app: 'web' })];
    const [c] = analyseSpread(deployment([{ ...zoneConstraint, minDomains: 4 }]), even, nodes).constraints;

    expect(c).toMatchObject({ skew: 1, satisfied: true });
  });

  it('falls back to the workload selector when a constraint has none', () => {
    const { labelSelector, ...bare } = zoneConstraint; // eslint-disable-line @typescript-eslint/no-unused-vars
    const [c] = analyseSpread(deployment([bare]), pods, nodes).constraints;

    expect(c.skew).toBe(2);
  });
});

describe('matchesSelector', () => {
  it('applies matchLabels and every matchExpressions operator', () => {
    const l = { app: 'web', tier: 'front' };

    expect(matchesSelector(l, { matchLabels: { app: 'web' } })).toBe(true);
    expect(matchesSelector(l, { matchLabels: { app: 'db' } })).toBe(false);
    expect(matchesSelector(l, {
      matchExpressions: [{
        key: 'tier', operator: 'In', values: ['front', 'back']
      }]
    })).toBe(true);
    expect(matchesSelector(l, {
      matchExpressions: [{
        key: 'tier', operator: 'NotIn', values: ['front']
      }]
    })).toBe(false);
    expect(matchesSelector(l, { matchExpressions: [{ key: 'tier', operator: 'Exists' }] })).toBe(true);
    expect(matchesSelector(l, { matchExpressions: [{ key: 'tier', operator: 'DoesNotExist' }] })).toBe(false);
    expect(matchesSelector(l, { matchExpressions: [{ key: 'x', operator: 'Bogus' }] })).toBe(false);
    expect(matchesSelector(undefined, {})).toBe(true);
  });
});
