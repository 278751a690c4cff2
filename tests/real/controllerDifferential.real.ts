/**
 * The simulator's Harvester controllers (simulator/controllers/) held to the real ones: each scenario of
 * controllers/scenarios.ts runs against the real stack (Harvester's load balancer controller, webhook and cloud
 * provider built from ../shared/harvester, with the KubeVirt and kube-vip stand-ins) and against the simulator, and
 * what it leaves (guest Services and their events, host LoadBalancers and IP pools) must be the same on both, but
 * for what controllers/allowList.ts names with its reason.
 */
import { realStack } from './stack';
import { Backend, realBackend, simBackend } from './controllers/backend';
import { createNamespace, removeScenario, SCENARIOS } from './controllers/scenarios';
import { Snapshot, takeSnapshot } from './controllers/snapshot';
import { diff } from './differential/harness';
import { allowedDifference } from './controllers/allowList';

let real: Backend;
let sim: Backend;

beforeAll(async() => {
  const info = await realStack();

  if (!info.harvester) {
    throw new Error('the real stack runs without Harvester\'s controllers (../shared/harvester missing): nothing to compare');
  }
  real = await realBackend(info);
  sim = await simBackend();
}, 300000);

afterAll(() => {
  real?.close();
  sim?.close();
});

describe('Harvester\'s controllers: the simulator against the real ones', () => {
  for (const scenario of SCENARIOS) {
    it(scenario.name, async() => {
      const ns = `scn-${ scenario.name.replace(/[^a-z0-9]+/g, '-') }`.slice(0, 40).replace(/-$/, '');
      const snaps: Partial<Record<'sim' | 'real', Snapshot>> = {};

      for (const b of [real, sim]) {
        await createNamespace(b, ns);
        try {
          await scenario.run(b, ns);
          snaps[b.kind] = await takeSnapshot(b, ns, scenario.pools);
        } finally {
          await scenario.cleanup?.(b, ns);
          await removeScenario(b, ns);
        }
      }
      const differences = diff(snaps.sim, snaps.real).filter((d) => !allowedDifference(scenario.name, d));

      expect(differences).toEqual([]);
    }, 240000);
  }
});
