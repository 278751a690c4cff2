import { nextTick } from 'vue';
import TopologyMap from '@pkg/topology/TopologyMap.vue';
import { groupNodes } from '@pkg/topology/grouping';
import { analyseDrift } from '@pkg/topology/drift';
import { createTestStore } from '../../harness/store';
import { mountWithStore } from '../../harness/mount';
import {
  guestNode, hostNode, topo, vm, vmi
} from './objects';

function mapOf(locale: 'en-us' | 'zh-hans' = 'en-us') {
  const nodes = [
    guestNode('a', {
      region: 'us-east', zone: 'us-east-1a', vmUid: 'ua', roles: ['control-plane', 'etcd']
    }),
    guestNode('b', {
      region: 'us-east', zone: 'us-east-1b', vmUid: 'ub'
    }),
    guestNode('c', { vmUid: 'uc', ready: false }),
  ];
  const drift = analyseDrift(nodes, {
    vms:   [vm('a', 'ua'), vm('b', 'ub'), vm('c', 'uc')],
    vmis:  [vmi('a', 'h1', topo('us-east', 'us-east-1a')), vmi('b', 'h2', topo('us-east', 'us-east-1a')), vmi('c', 'h1', {})],
    nodes: [hostNode('h1', 'us-east', 'us-east-1a'), hostNode('h2', 'us-east', 'us-east-1a')],
  });

  return mountWithStore(TopologyMap, createTestStore({ locale }), { props: { grouping: groupNodes(nodes), drift: drift.byName }, attachTo: document.body });
}

describe('TopologyMap', () => {
  it('draws every zone as a labelled button, each node as named text, and the drift as a labelled arrow', () => {
    const wrapper = mapOf();
    const zones = wrapper.findAll('[role="button"][data-zone]');

    expect(zones.map((z) => z.attributes('aria-label'))).toEqual([
      'us-east / us-east-1a: 1 node, 1 ready',
      'us-east / us-east-1b: 1 node, 1 ready, 1 drifted',
      'No topology labels: 1 node, 0 ready',
    ]);
    expect(wrapper.findAll('.chip-name').map((t) => t.text())).toEqual(['a', 'b', 'c']);
    expect(wrapper.find('.chip.control-plane').attributes('aria-label')).toBe('a: Ready, Control Plane, etcd');
    expect(wrapper.find('.chip.not-ready').attributes('aria-label')).toBe('c: not Ready, Worker');
    expect(wrapper.find('.drift-arrow').attributes('aria-label')).toBe('Drift: 1 node labelled here runs in another zone (b)');
    wrapper.unmount();
  });

  it('zooms into a zone with Enter and back with Escape; arrow keys move between zones', async() => {
    const wrapper = mapOf();
    const first = wrapper.find('[data-zone]');

    first.element.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await nextTick();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('us-east / us-east-1b: 1 node, 1 ready, 1 drifted');

    await first.trigger('keydown', { key: 'Enter' });
    expect(wrapper.findAll('[data-zone]')).toHaveLength(1);
    expect(wrapper.find('[data-zone]').attributes('aria-expanded')).toBe('true');
    expect(wrapper.find('[data-testid="topology-map-back"]').exists()).toBe(true);

    await wrapper.find('[data-zone]').trigger('keydown', { key: 'Escape' });
    expect(wrapper.findAll('[data-zone]')).toHaveLength(3);
    wrapper.unmount();
  });

  it('speaks Simplified Chinese', () => {
    const wrapper = mapOf('zh-hans');

    expect(wrapper.findAll('[data-zone]')[2].attributes('aria-label')).toBe('无拓扑标签：1 个节点，0 个就绪');
    wrapper.unmount();
  });
});
