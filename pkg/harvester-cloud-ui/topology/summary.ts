import { TopologyCounts } from './grouping';
import { Translate } from '../shared/translate';

export type { Translate };

/**
 * "2 regions, 3 zones, 6 nodes, 1 unlabelled, 1 drifted": each part is its own plural message, so both
 * languages pluralise (or not) their own way; unlabelled and drifted appear only when there are some, and
 * drifted only once the host was compared (null: not known).
 */
export function summaryLine(t: Translate, counts: TopologyCounts, drifted: number | null): string {
  const parts = [
    t('harvesterTopology.summary.regions', { count: counts.regions }),
    t('harvesterTopology.summary.zones', { count: counts.zones }),
    t('harvesterTopology.summary.nodes', { count: counts.nodes }),
  ];

  if (counts.unlabelled > 0) {
    parts.push(t('harvesterTopology.summary.unlabelled', { count: counts.unlabelled }));
  }
  if (drifted) {
    parts.push(t('harvesterTopology.summary.drifted', { count: drifted }));
  }

  return parts.join(t('harvesterTopology.summary.separator'));
}
