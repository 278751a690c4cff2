import { SimState } from '../steve/state';
import { ChangeEvent } from '../steve/types';

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
   * Events after `revision`; null when the history no longer reaches back that far: beyond the kept window, or
   * before the cluster's compaction point (`ClusterState.compacted`, set by resets and `/__sim/watch/compact`).
   */
  since(cluster: string, revision: number): ChangeEvent[] | null {
    const list = this.events.get(cluster) || [];
    const floor = this.state.clusters[cluster]?.compacted ?? 0;

    if (revision < floor || (list.length >= this.perCluster && parseInt(list[0].revision, 10) > revision + 1)) {
      return null;
    }

    return list.filter((ev) => parseInt(ev.revision, 10) > revision);
  }

  stop(): void {
    this.unsubscribe();
  }
}
