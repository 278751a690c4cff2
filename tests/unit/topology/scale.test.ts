import { demoSeed } from '../../../lab/world/seed';
import TopologyView from '@pkg/topology/TopologyView.vue';
import { generateCluster } from '../../bench/topology';
import { RKE2_GUEST } from '../../../lab/world/ids';
import { mountDemo } from '../../harness/mount';
import { useDemoServer } from '../../harness/demoServer';
import { bigTopologySeed } from '../../harness/bigTopology';

// The demo guest grown by 5,000 nodes in 10 zones, with their VMs and instances on 20 more host nodes
// (every 7th VM migrated, 1% never labelled).
useDemoServer(bigTopologySeed(demoSeed(), generateCluster(5000)));

describe('TopologyView at 5,000 nodes', () => {
  it('renders collapsed zones and only the rows in view of an opened zone, whatever its size', async() => {
    const { wrapper } = await mountDemo(TopologyView, RKE2_GUEST.id);

    expect(wrapper.find('[data-testid="topology-summary"]').text()).toMatch(/^5 regions, 13 zones, 5,006 nodes, 51 unlabelled, \d+ drifted$/);
    const zones = wrapper.findAll('[data-testid="topology-region"] [data-testid="topology-zone"]');

    expect(zones).toHaveLength(13);
    // Collapsed: no zone renders a table; the drift list (hundreds of nodes) renders a window of rows.
    expect(wrapper.findAll('[data-testid="topology-region"] table')).toHaveLength(0);
    const driftTable = wrapper.find('[data-testid="topology-drift"] table');
    const drifted = Number(/(\d+) drifted/.exec(wrapper.find('[data-testid="topology-summary"]').text())?.[1]);

    expect(drifted).toBeGreaterThan(500);
    expect(Number(driftTable.attributes('aria-rowcount'))).toBeGreaterThanOrEqual(drifted + 1);
    expect(driftTable.findAll('tbody tr.main-row').length).toBeLessThan(40);

    const big = zones.find((z) => z.text().includes('500 nodes'));

    await big?.find('button').trigger('click');
    const zoneTable = big?.find('table');

    expect(zoneTable?.attributes('aria-rowcount')).toBe('501');
    const rows = () => big?.findAll('tbody tr.main-row') || [];

    expect(rows().length).toBeLessThan(40);
    expect(rows()[0].attributes('aria-rowindex')).toBe('2');

    // Scrolled 200 rows down: the rows around row 200 are the ones in the DOM.
    const scroller = big?.find('.virtual-node-table');

    (scroller?.element as HTMLElement).scrollTop = 200 * 40;
    await scroller?.trigger('scroll');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await wrapper.vm.$nextTick();
    const first = Number(rows()[0].attributes('aria-rowindex'));

    expect(first).toBeGreaterThan(180);
    expect(first).toBeLessThan(202);
    expect(rows().length).toBeLessThan(40);
    // How long the mount takes is the bench's (tests/bench/topologyView.bench.ts), not a race in a unit test.
  }, 40000);
});
