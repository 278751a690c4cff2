import { DriftReport, DriftStatus } from './drift';
import { NodeEntry, NodeGrouping } from './grouping';
import { Topology } from './labels';
import { Translate } from './summary';

/** One row of a node table: display strings only (rendered as text by the table). */
export interface NodeRow {
  key: string;
  name: string;
  ready: boolean;
  roles: string;
  guest: string;
  vm: string;
  hostNode: string;
  host: string;
  status: DriftStatus | null;
  reasons: string;
}

/** Badge colours (controls/StateBadge.vue). */
export const STATUS_COLOR: Record<DriftStatus, 'success' | 'warning' | 'info' | 'error' | 'disabled'> = {
  inSync:     'success',
  drifted:    'warning',
  unlabelled: 'warning',
  notRunning: 'info',
  vmMissing:  'error',
  unmanaged:  'disabled',
  unknown:    'disabled',
};

const DASH = '—';

export function topologyText(t: Translate, topology: Topology | null): string {
  if (!topology) {
    return DASH;
  }
  if (topology.region === null && topology.zone === null) {
    return t('harvesterTopology.node.noLabels');
  }

  return `${ topology.region ?? DASH } / ${ topology.zone ?? DASH }`;
}

/** Rows for the nodes of one group; drift null when the cluster is not on Harvester. Built only for shown groups. */
export function nodeRows(t: Translate, nodes: readonly NodeEntry[], drift: DriftReport | null): NodeRow[] {
  return nodes.map((n) => {
    const d = drift?.byName.get(n.name);

    return {
      key:      n.name,
      name:     n.name,
      ready:    n.ready,
      roles:    n.roles.map((r) => t(`harvesterTopology.roles.${ r }`)).join(', ') || DASH,
      guest:    topologyText(t, n.topology),
      vm:       topologyText(t, d?.vm ?? null),
      hostNode: d?.hostNode || DASH,
      host:     topologyText(t, d?.host ?? null),
      status:   d?.status ?? null,
      reasons:  (d?.reasons || []).map((r) => t(`harvesterTopology.reason.${ r }`)).join(' '),
    };
  });
}

const ATTENTION = new Set<DriftStatus>(['drifted', 'unlabelled', 'vmMissing', 'notRunning']);

/** The nodes the drift list shows: drifted, never labelled, VM missing or not running; one pass. */
export function needingAttention(grouping: NodeGrouping, drift: DriftReport): NodeEntry[] {
  const out: NodeEntry[] = [];
  const visit = (n: NodeEntry) => {
    const status = drift.byName.get(n.name)?.status;

    if (status && ATTENTION.has(status)) {
      out.push(n);
    }
  };

  grouping.regions.forEach((r) => r.zones.forEach((z) => z.nodes.forEach(visit)));
  grouping.unlabelled.forEach(visit);

  return out;
}

/** The columns a node table can sort by. */
export type SortKey = 'ready' | 'name' | 'roles' | 'guest' | 'vm' | 'hostNode' | 'host' | 'status';

// Natural order, so node-9 comes before node-10 as in the shell's tables.
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function sortValue(row: NodeRow, key: SortKey): string {
  if (key === 'ready') {
    return row.ready ? '1' : '0';
  }

  return `${ row[key] ?? '' }`;
}

/** A sorted copy: by `key`, then by name; descending reverses the first key only. */
export function sortRows(rows: readonly NodeRow[], key: SortKey, descending = false): NodeRow[] {
  const dir = descending ? -1 : 1;

  return [...rows].sort((a, b) => (dir * collator.compare(sortValue(a, key), sortValue(b, key))) || collator.compare(a.name, b.name));
}
