/**
 * The Load Balancers page's reads in order (loadBalancersPage/pageModel.ts), without the page: the Services shown
 * before the host's side, and only the latest page asked for shown when an earlier answer comes late.
 */
import { DEFAULT_CONTROLS } from '@pkg/loadBalancersPage/listControls';
import { LbPageModel, LbPageState } from '@pkg/loadBalancersPage/pageModel';
import { useDemoServer } from '../../harness/demoServer';
import { demoStore } from '../../harness/store';
import { PLAIN_CLUSTER, RKE2_GUEST } from '../../../lab/world/ids';
import { demoSeed } from '../../../lab/world/seed';

useDemoServer(demoSeed([]));

const first = { page: 1, controls: DEFAULT_CONTROLS };

async function model(clusterId: string) {
  const store = await demoStore(clusterId);
  const shown: Partial<LbPageState>[] = [];

  return {
    store, shown, model: new LbPageModel(store, clusterId, (patch) => shown.push(patch))
  };
}

describe('LbPageModel', () => {
  it('shows a page\'s Services first, then the host\'s side and the events; the argument flags once the page is in', async() => {
    const { model: m, shown } = await model(RKE2_GUEST.id);
    const { isHarvester, flags } = await m.open(first);

    expect(isHarvester).toBe(true);
    expect(await flags).toEqual(expect.any(Array));
    expect(shown.map((p) => Object.keys(p).sort())).toEqual([['count', 'events', 'host', 'hostProblem', 'pages', 'services'], ['events', 'host', 'hostProblem']]);
    expect(shown[0].host).toBeUndefined();
    expect(shown[0].services?.length).toBeGreaterThanOrEqual(6);
    expect(shown[1].host?.pools.length).toBeGreaterThan(0);
  });

  it('shows only the latest page asked for when an earlier answer comes later', async() => {
    const { model: m, shown, store } = await model(RKE2_GUEST.id);
    const dispatch = store.dispatch.bind(store);
    let release: () => void = () => undefined;
    const late = new Promise<void>((resolve) => {
      release = resolve;
    });

    // The Pending filter's answer is held back until the unfiltered page has been shown.
    store.dispatch = (async(type: string, payload: any) => {
      if (type === 'cluster/request' && `${ payload?.url }`.includes('metadata.state.name=pending')) {
        await late;
      }

      return dispatch(type, payload);
    }) as typeof store.dispatch;
    const pending = m.load({ page: 1, controls: { ...DEFAULT_CONTROLS, state: 'pending' } });
    const all = m.load(first);

    await all;
    release();
    await pending;
    const counts = shown.filter((p) => p.services).map((p) => p.count);

    expect(counts).toHaveLength(1);
    expect(counts[0]).toBeGreaterThanOrEqual(6);
  });

  it('reads nothing more on a cluster not on Harvester', async() => {
    const { model: m, shown } = await model(PLAIN_CLUSTER.id);

    expect((await m.open(first)).isHarvester).toBe(false);
    expect(shown).toEqual([]);
  });
});
