/** R-VSN-14: a restored PVC's binding progress, from its phase, its events and its StorageClass's binding mode. */
import { bindingView, pendingReason, SELECTED_NODE } from '@pkg/volumesnapshot/binding';

const claim = (phase?: string, annotations?: Record<string, string>) => ({
  metadata: {
    name: 'r', namespace: 'default', uid: 'u1', annotations
  },
  spec:   { storageClassName: 'harvester' },
  status: phase ? { phase } : {},
}) as any;
const event = (reason: string, at: string, message = '', type = 'Normal') => ({
  reason, message, type, lastTimestamp: at
});
const K = 'harvesterVolumeSnapshot.binding.reason';

describe('R-VSN-14 binding progress of a restored PVC', () => {
  it('Bound: green, no reason, no more looking', () => {
    expect(bindingView(claim('Bound'), { events: [event('ProvisioningFailed', '2026-01-01T00:00:00Z', 'x', 'Warning')] })).toEqual({
      phase: 'bound', color: 'success', reason: null, polling: false
    });
  });

  it('Pending of a WaitForFirstConsumer class: waits for a Pod that uses it, from the PV controller\'s event', () => {
    const view = bindingView(claim('Pending'), { events: [event('WaitForFirstConsumer', '2026-01-01T00:00:00Z', 'waiting for first consumer to be created before binding')] });

    expect(view).toEqual({
      phase: 'pending', color: 'info', reason: { key: `${ K }.firstConsumer`, message: '' }, polling: true
    });
  });

  it('Pending without events: the class\'s volumeBindingMode says it, until the scheduler has picked a node', () => {
    expect(bindingView(claim('Pending'), { events: null, bindingMode: 'WaitForFirstConsumer' }).reason?.key).toBe(`${ K }.firstConsumer`);
    expect(bindingView(claim('Pending', { [SELECTED_NODE]: 'node-1' }), { events: [], bindingMode: 'WaitForFirstConsumer' }).reason?.key).toBe(`${ K }.waiting`);
    expect(bindingView(claim(), { events: [], bindingMode: 'Immediate' }).reason?.key).toBe(`${ K }.waiting`);
  });

  it('the latest event tells; of the same second a failure outranks progress, and keeps the driver\'s words', () => {
    // external-provisioner v6's words for an InvalidArgument answer of the driver (tests/fixtures/harvester-messages).
    const failed = 'Volume provisioning failed with infeasible error. Retries will be delayed. rpc error: code = InvalidArgument desc = Creating RWX volumes from snapshots is not supported';

    expect(pendingReason([
      event('WaitForFirstConsumer', '2026-01-01T00:00:00Z'),
      event('Provisioning', '2026-01-01T00:00:05Z'),
    ])).toEqual({ key: `${ K }.provisioning`, message: '' });
    expect(pendingReason([
      event('Provisioning', '2026-01-01T00:00:05Z'),
      event('ProvisioningFailed', '2026-01-01T00:00:05Z', failed, 'Warning'),
      event('ExternalProvisioning', '2026-01-01T00:00:05Z'),
    ])).toEqual({ key: `${ K }.provisioningFailed`, message: failed });
    expect(pendingReason([event('WaitForPodScheduled', '2026-01-01T00:00:00Z', 'waiting for pod web-0 to be scheduled')])).toEqual({ key: `${ K }.podScheduled`, message: 'waiting for pod web-0 to be scheduled' });
    expect(pendingReason([event('Scheduled', '2026-01-01T00:00:09Z')])).toBeNull();
  });

  it('Lost: its volume is gone; still looked at, since Kubernetes binds it again if the volume comes back', () => {
    expect(bindingView(claim('Lost'))).toEqual({
      phase: 'lost', color: 'error', reason: { key: `${ K }.lost`, message: '' }, polling: true
    });
  });

  it('not found (404) or not readable: said, and looked at again', () => {
    expect(bindingView(null, { failure: 'missing' })).toMatchObject({ phase: 'missing', polling: true });
    expect(bindingView(null, { failure: 'unreadable' })).toMatchObject({ phase: 'unreadable', polling: true });
  });
});
