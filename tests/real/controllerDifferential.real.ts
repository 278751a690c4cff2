/**
 * The simulator's Harvester controllers (lab/simulator/controllers/) held to the real ones: each scenario of
 * controllers/scenarios.ts runs against the real stack (Harvester's load balancer controller, webhook and cloud
 * provider built from ../shared/harvester, with the KubeVirt and kube-vip stand-ins) and against the simulator, and
 * what it leaves (guest Services and their events, host LoadBalancers and IP pools) must be the same on both, but
 * for what controllers/allowList.ts names with its reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { realStack } from './stack';
import { Backend, realBackend, simBackend } from './controllers/backend';
import { createNamespace, removeScenario, SCENARIOS } from './controllers/scenarios';
import { Snapshot, takeSnapshot } from './controllers/snapshot';
import { diff } from './differential/harness';
import { allowedDifference } from './controllers/allowList';
import { checkOrRecord, recordCsiMessages, recordMessages } from './controllers/messages';
import { CSI_SCENARIOS, removeCsiScenario } from './controllers/csiScenarios';
import { CsiSnapshot, takeCsiSnapshot } from './controllers/csiSnapshot';

/** Each scenario's two snapshots, for reading a failure (not compared again). */
const OUT = path.resolve(__dirname, '../../tmp/controller-differential');

let real: Backend;
let sim: Backend;
let versions: Record<string, string>;

beforeAll(async() => {
  const info = await realStack();

  versions = info.versions;

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
          // The guest's Services and their LoadBalancers first: the IP pool webhook refuses to delete a pool in use.
          await removeScenario(b, ns);
          await scenario.cleanup?.(b, ns);
        }
      }
      fs.mkdirSync(OUT, { recursive: true });
      fs.writeFileSync(path.join(OUT, `${ ns }.json`), JSON.stringify(snaps, null, 2));
      recordMessages(scenario.name, snaps.real as Snapshot);
      const differences = diff(snaps.sim, snaps.real).filter((d) => !allowedDifference(scenario.name, d));

      expect(differences).toEqual([]);
    }, 240000);
  }

  for (const scenario of CSI_SCENARIOS) {
    it(`CSI: ${ scenario.name }`, async() => {
      const ns = `csi-${ scenario.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase() }`.slice(0, 40).replace(/-$/, '');
      const snaps: Partial<Record<'sim' | 'real', CsiSnapshot>> = {};

      for (const b of [real, sim]) {
        await createNamespace(b, ns);
        try {
          await scenario.run(b, ns);
          snaps[b.kind] = await takeCsiSnapshot(b, ns);
        } finally {
          await removeCsiScenario(b, ns);
        }
      }
      fs.writeFileSync(path.join(OUT, `${ ns }.json`), JSON.stringify(snaps, null, 2));
      recordCsiMessages(scenario.name, snaps.real as CsiSnapshot);
      expect(diff(snaps.sim, snaps.real).filter((d) => !allowedDifference(`CSI: ${ scenario.name }`, d))).toEqual([]);
    }, 300000);
  }

  // After the scenarios: what the real components said in them is what tests/fixtures/harvester-messages holds
  // (re-recorded by `npm run record-messages`), so the Pending explanations are checked against real text.
  it('every message the real components gave is in the recorded fixtures, and every recorded one was given again by the same builds', () => {
    expect(checkOrRecord(versions)).toEqual([]);
  });
});
