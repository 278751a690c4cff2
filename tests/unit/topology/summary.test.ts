import { createTestStore } from '../../harness/store';
import { summaryLine } from '@pkg/topology/summary';
import { TopologyCounts } from '@pkg/topology/grouping';

const counts = (c: Partial<TopologyCounts>): TopologyCounts => ({
  regions: 2, zones: 3, nodes: 6, ready: 6, unlabelled: 1, ...c
});

describe('summaryLine', () => {
  it('pluralises each part in English and leaves out zero unlabelled and unknown drift', () => {
    const store = createTestStore({ locale: 'en-us' });
    const t = (k: string, a?: Record<string, unknown>) => store.getters['i18n/t'](k, a);

    expect(summaryLine(t, counts({}), 1)).toBe('2 regions, 3 zones, 6 nodes, 1 unlabelled, 1 drifted');
    expect(summaryLine(t, counts({
      regions: 1, zones: 1, nodes: 1, unlabelled: 0
    }), 0)).toBe('1 region, 1 zone, 1 node');
    expect(summaryLine(t, counts({}), null)).toBe('2 regions, 3 zones, 6 nodes, 1 unlabelled');
    expect(summaryLine(t, counts({
      regions: 0, zones: 0, nodes: 0, unlabelled: 0
    }), null)).toBe('0 regions, 0 zones, 0 nodes');
  });

  it('speaks Simplified Chinese with its own separator', () => {
    const store = createTestStore({ locale: 'zh-hans' });
    const t = (k: string, a?: Record<string, unknown>) => store.getters['i18n/t'](k, a);

    expect(summaryLine(t, counts({}), 1)).toBe('2 个地区，3 个可用区，6 个节点，1 个无标签，1 个已偏移');
    expect(summaryLine(t, counts({
      regions: 1, zones: 1, nodes: 1, unlabelled: 0
    }), 0)).toBe('1 个地区，1 个可用区，1 个节点');
  });
});
