/**
 * The Pod-state stand-in (lab/standins/podState.ts): a Deployment's status as kube-controller-manager words it, from
 * whether the process behind it runs.
 */
/** @jest-environment node */
import { deploymentStatus } from '../../lab/standins/podState';

const seeded = {
  metadata: { name: 'harvester-cloud-provider', generation: 3 },
  status:   {
    replicas:          1,
    availableReplicas: 1,
    conditions:        [
      {
        type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable'
      },
      {
        type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable', lastTransitionTime: '2026-11-01T00:00:00Z', lastUpdateTime: '2026-11-01T00:00:00Z'
      },
    ]
  },
};

describe('the Pod-state stand-in', () => {
  it('says a stopped process\'s Deployment has nothing available, as the deployment controller would', () => {
    const s = deploymentStatus(seeded, false);

    expect(s).toMatchObject({
      observedGeneration: 3, replicas: 1, readyReplicas: 0, availableReplicas: 0, unavailableReplicas: 1
    });
    expect(s.conditions.map((c: any) => [c.type, c.status, c.reason])).toEqual([
      ['Progressing', 'True', 'NewReplicaSetAvailable'], ['Available', 'False', 'MinimumReplicasUnavailable']
    ]);
    expect(s.conditions[1].message).toBe('Deployment does not have minimum availability.');
    expect(s.conditions[1].lastTransitionTime).not.toBe('2026-11-01T00:00:00Z');
  });

  it('keeps the transition time while the state stays', () => {
    const s = deploymentStatus(seeded, true);

    expect(s.availableReplicas).toBe(1);
    expect(s.conditions[1]).toMatchObject({
      status: 'True', message: 'Deployment has minimum availability.', lastTransitionTime: '2026-11-01T00:00:00Z'
    });
  });
});
