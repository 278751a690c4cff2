/**
 * @jest-environment node
 *
 * How long a reset between flows waits for Harvester's controllers (lab/stack/baseline.ts `settleAfter`): a flow on
 * the real stack starts only once the demo's load balancers have their answers again, without waiting 5 s more than
 * what the reset did needs (it was about 15 s after every flow that made a Service: in CI the real stack's 36 flows
 * took 551 s, now 385 s).
 */
import { settleAfter } from '../../lab/stack/baseline';

const none = { removed: false, restored: false };

describe('the wait after a reset', () => {
  it('after a flow that only read: no wait at all', () => {
    expect(settleAfter([none, none, none])).toBeNull();
  });

  it('after removing what a flow made (its Services, namespaces, host LoadBalancers): one look, no 5 s window', () => {
    expect(settleAfter([{ removed: true, restored: false }, none, { removed: true, restored: false }])).toBe(0);
  });

  it('after putting back a demo Service or a pool on any cluster: the answers must stay the same for 5 s', () => {
    expect(settleAfter([{ removed: true, restored: false }, none, { removed: false, restored: true }])).toBe(5000);
    expect(settleAfter([{ removed: false, restored: true }])).toBe(5000);
  });
});
