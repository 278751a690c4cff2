import { setupServer } from 'msw/node';
import { steveHandlers } from '../msw/steve';
import { createState, storeObject } from '../../simulator/steve/state';
import { demoSeed } from '../../simulator/demo/seed';
import TopologyView from '@pkg/topology/TopologyView.vue';
import { generateCluster } from '../../scripts/bench/topology';
import { HARVESTER_HOST, RKE2_GUEST, mountDemo } from '../unit/topology/demoStore';
import { record } from './record';

// The Topology page's mount in jsdom at 5,000 more nodes (tests/unit/topology/scale.test.ts checks what it renders;
// the time is a number for the bench, not a unit test's race against a busy machine).
const state = createState(demoSeed());
const big = generateCluster(5000);

big.nodes.forEach((n) => storeObject(state, RKE2_GUEST.id, 'node', {
  apiVersion: 'v1', kind: 'Node', ...n
} as any));
big.host.nodes?.forEach((n) => storeObject(state, HARVESTER_HOST.id, 'node', {
  apiVersion: 'v1', kind: 'Node', ...n
} as any));
big.host.vms.forEach((vm) => storeObject(state, HARVESTER_HOST.id, 'kubevirt.io.virtualmachine', {
  apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachine', ...vm
} as any));
big.host.vmis.forEach((vmi) => storeObject(state, HARVESTER_HOST.id, 'kubevirt.io.virtualmachineinstance', {
  apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', ...vmi
} as any));
const server = setupServer(...steveHandlers(state));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('times the Topology page\'s mount at 5,000 nodes (jsdom)', async() => {
  const start = performance.now();
  const { wrapper } = await mountDemo(TopologyView, RKE2_GUEST.id);
  const ms = performance.now() - start;

  record('topology-view-mount', { nodes: 5006, ms });
  expect(wrapper.find('[data-testid="topology-summary"]').exists()).toBe(true);
}, 60000);
