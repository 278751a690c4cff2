/**
 * The Topology page's state machine (topology/viewModel.ts) without the page: what it holds after the first load, a
 * repeat visit painted from the cache before anything is read, and when it looks again (its timers held here, not
 * waited for).
 */
import { POLL_MS, RECHECK_DELAY_MS, TopologyModel } from '@pkg/topology/viewModel';
import { useDemoServer } from '../../harness/demoServer';
import { demoStore } from '../../harness/store';
import { PLAIN_CLUSTER, RKE2_GUEST } from '../../../lab/world/ids';

const demo = useDemoServer();
const HELD = 4242;
let held: number[];

beforeEach(() => {
  held = [];
  const realSetTimeout = global.setTimeout;

  jest.spyOn(global, 'setTimeout').mockImplementation(((fn: () => void, ms?: number, ...args: unknown[]) => {
    if (ms === POLL_MS || ms === RECHECK_DELAY_MS) {
      held.push(ms);

      return HELD;
    }

    return realSetTimeout(fn, ms, ...args);
  }) as typeof setTimeout);
});
afterEach(() => jest.restoreAllMocks());

async function opened(clusterId: string) {
  const store = await demoStore(clusterId);
  const changes: string[][] = [];
  const model = new TopologyModel(store, clusterId, (patch) => changes.push(Object.keys(patch)));

  await model.open();

  return {
    store, model, changes
  };
}

describe('TopologyModel', () => {
  it('holds the nodes grouped, the host read and the drift after the first load, then looks again every POLL_MS', async() => {
    const { model, changes } = await opened(RKE2_GUEST.id);

    expect(model.state).toMatchObject({
      loading: false, nodesFailed: false, isHarvester: true, hostLoading: false
    });
    expect(model.state.grouping?.counts.nodes).toBe(6);
    expect(model.state.host?.problem).toBeNull();
    expect(model.state.drift?.drifted).toBe(1);
    expect(changes.flat()).toEqual(expect.arrayContaining(['nodes', 'grouping', 'host', 'drift']));
    expect(held).toEqual([POLL_MS]);
    model.close();
  });

  it('paints a repeat visit from the cache before any request, the last host reading with it', async() => {
    (await opened(RKE2_GUEST.id)).model.close();
    const store = await demoStore(RKE2_GUEST.id);
    const mark = demo.mark();
    const model = new TopologyModel(store, RKE2_GUEST.id, () => undefined);
    const loading = model.open();

    expect(model.state.loading).toBe(false);
    expect(model.state.nodes).toHaveLength(6);
    expect(model.state.drift?.drifted).toBe(1);
    expect(demo.requestsSince(mark)).toEqual([]);
    await loading;
    model.close();
  });

  it('brings the next check forward when the store hears of node changes, once loaded; stops when closed', async() => {
    const { model } = await opened(RKE2_GUEST.id);
    const cleared = jest.spyOn(global, 'clearTimeout');

    model.nodesChanged();
    expect(held).toEqual([POLL_MS, RECHECK_DELAY_MS]);
    model.close();
    expect(cleared).toHaveBeenCalledWith(HELD);
    model.nodesChanged();
    expect(held).toHaveLength(2);
  });

  it('on a cluster not on Harvester: the nodes only, no host, no drift', async() => {
    const { model } = await opened(PLAIN_CLUSTER.id);

    expect(model.state).toMatchObject({
      isHarvester: false, host: null, drift: null, loading: false
    });
    model.close();
  });
});
