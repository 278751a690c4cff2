import { workloadRun } from '@pkg/environment/workloadRun';

describe('whether a component\'s Pods run, from its workload\'s status', () => {
  it('a Deployment runs with at least one replica available, and says why not otherwise', () => {
    expect(workloadRun({
      metadata: { name: 'p' }, spec: { replicas: 2 }, status: { availableReplicas: 1 }
    })).toEqual({
      running: true, available: 1, desired: 2, message: ''
    });
    expect(workloadRun({
      metadata: { name: 'p' },
      spec:     {},
      status:   {
        unavailableReplicas: 1,
        conditions:          [{
          type: 'Available', status: 'False', message: 'Deployment does not have minimum availability.'
        }]
      }
    })).toEqual({
      running: false, available: 0, desired: 1, message: 'Deployment does not have minimum availability.'
    });
  });

  it('a Deployment scaled to 0 does not run', () => {
    expect(workloadRun({
      metadata: { name: 'p' }, spec: { replicas: 0 }, status: {}
    })?.running).toBe(false);
  });

  it('a DaemonSet runs with at least one Pod available of those it should have', () => {
    const ds = (numberAvailable: number, desiredNumberScheduled: number) => ({
      kind: 'DaemonSet', metadata: { name: 'c' }, status: { numberAvailable, desiredNumberScheduled }
    });

    expect(workloadRun(ds(3, 3))).toMatchObject({
      running: true, available: 3, desired: 3
    });
    expect(workloadRun(ds(0, 3))).toMatchObject({
      running: false, available: 0, desired: 3
    });
    // Meant for no node (or no status written yet): not known, not "0 of 0" (k3s-bare's set-up, on the real stack).
    expect(workloadRun(ds(0, 0))).toBeNull();
  });

  it('says nothing without a workload or its status', () => {
    expect(workloadRun(null)).toBeNull();
    expect(workloadRun({ metadata: { name: 'p' } })).toBeNull();
  });
});
