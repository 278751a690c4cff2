import { SimState } from '../core/state';
import { ChangeEvent } from '../core/types';

/**
 * The last writes of each cluster, so a watch that names a `resourceVersion` gets what happened after it (as a
 * Kubernetes watch from a resourceVersion does) instead of missing writes between its list and its watch.
 */
export class EventHistory {
  private events = new Map<string, ChangeEvent[]>();
  private unsubscribe: () => void;

  constructor(private state: SimState, private perCluster = 1000) {
    this.unsubscribe = state.on('change', (ev) => this.add(ev));
  }

  private add(ev: ChangeEvent): void {
    const list = this.events.get(ev.cluster) || [];

    list.push(ev);
    if (list.length > this.perCluster) {
      list.splice(0, list.length - this.perCluster);
    }
    this.events.set(ev.cluster, list);
  }

  /** The oldest revision a watch can start from in this cluster. */
  oldest(cluster: string): number {
    const list = this.events.get(cluster) || [];

    const compacted = this.state.clusters[cluster]?.compacted ?? 0;

    return Math.max(compacted, list.length ? parseInt(list[0].revision, 10) - 1 : this.state.clusters[cluster]?.revision ?? 0);
  }

  /**
   * Events after `revision`; null when the history does not reach back that far: before it began, beyond the kept window, or
   * before the cluster's compaction point (`ClusterState.compacted`, set by resets and `/__sim/watch/compact`).
   */
  since(cluster: string, revision: number): ChangeEvent[] | null {
    const list = this.events.get(cluster) || [];
    const floor = this.state.clusters[cluster]?.compacted ?? 0;

    // As Steve's SQL cache, whose event log starts when its informer does: a revision from before the history began
    // is too old (real Steve answers a watch from revision 5 with "resourceversion too old").
    if (revision < floor || revision < this.oldest(cluster)) {
      return null;
    }

    return list.filter((ev) => parseInt(ev.revision, 10) > revision);
  }

  stop(): void {
    this.unsubscribe();
  }
}
