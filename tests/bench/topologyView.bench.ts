import { demoSeed } from '../../lab/world/seed';
import { RKE2_GUEST } from '../../lab/world/ids';
import TopologyView from '@pkg/topology/TopologyView.vue';
import { generateCluster } from './topology';
import { useDemoServer } from '../harness/demoServer';
import { mountDemo } from '../harness/mount';
import { bigTopologySeed } from '../harness/bigTopology';
import { record } from './record';

// The Topology page's mount in jsdom at 5,000 more nodes (tests/unit/topology/scale.test.ts checks what it renders;
// the time is a number for the bench, not a unit test's race against a busy machine).
useDemoServer(bigTopologySeed(demoSeed(), generateCluster(5000)));

it('times the Topology page\'s mount at 5,000 nodes (jsdom)', async() => {
  const start = performance.now();
  const { wrapper } = await mountDemo(TopologyView, RKE2_GUEST.id);
  const ms = performance.now() - start;

  record('topology-view-mount', { nodes: 5006, ms });
  expect(wrapper.find('[data-testid="topology-summary"]').exists()).toBe(true);
}, 60000);
