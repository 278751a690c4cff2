import { SimState } from '../steve/state';
import { ChangeEvent } from '../steve/types';

/**
 * The last writes of each cluster, so a watch that names a `resourceVersion` gets what happened after it (as a
 * Kubernetes watch from a resourceVersion does) instead of missing writes between its list and its watch.
 */
export class EventHistory {
  private events = new Map<string, ChangeEvent[]>();
  private unsubscribe: () => void;

  constructor(state: SimState, private perCluster = 1000) {
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

  /** Events after `revision`; null when the history no longer reaches back that far. */
  since(cluster: string, revision: number): ChangeEvent[] | null {
    const list = this.events.get(cluster) || [];

    if (list.length >= this.perCluster && parseInt(list[0].revision, 10) > revision + 1) {
      return null;
    }

    return list.filter((ev) => parseInt(ev.revision, 10) > revision);
  }

  stop(): void {
    this.unsubscribe();
  }
}
