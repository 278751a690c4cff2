/**
 * What the Topology page shows and when it reads again, as plain state the component only renders:
 * - a repeat visit paints the cached node list (and the last host reading) at once, then checks their revisions;
 * - a cluster already known to run on Harvester (environment/guestRegistry.ts, decided before its pages render) has
 *   its host read while its nodes load, so drift follows the first rows closely; otherwise the host's placement
 *   (Rancher-local lookups) is looked up meanwhile;
 * - while open, the lists' revisions are asked every POLL_MS (a one-item list each) and the lists re-read only when
 *   one moved: the store does not watch whole nodes under server-side pagination (Rancher 2.12+); a hint that nodes
 *   changed (the store's `generation` counter) brings that check forward by RECHECK_DELAY_MS.
 * Values are handed over frozen from Vue's reactivity (markRaw by the caller): thousands of nodes are not tracked.
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { partialLists } from '../data/slimCache';
import { guestNodesKey, loadGuestNodes } from '../environment/guestNodes';
import { currentClusterIsHarvesterGuest } from '../environment/currentGuest';
import { isKnownHarvesterGuest } from '../environment/guestRegistry';
import { Refresh, refresher } from '../shared/refresh';
import { readFailureOf } from '../data/failure';
import { schemaOf } from '../shellAdapter/schemas';
import { nodesDenied } from './access';
import { NodeGrouping, groupNodes } from './grouping';
import { DriftReport, analyseDrift } from './drift';
import { HostTopologyResult, lastHostTopology, loadHostTopology, prefetchHostPlacement } from './hostTopology';

// Node change notifications arrive one by one; re-check at most this often.
export const RECHECK_DELAY_MS = 500;
export const POLL_MS = 30000;

export interface TopologyState {
  loading: boolean;
  nodesFailed: boolean;
  /** The nodes failed because the user's role may not list them (the page says so). */
  nodesDenied: boolean;
  isHarvester: boolean;
  nodes: KubeObject[];
  grouping: NodeGrouping | null;
  host: HostTopologyResult | null;
  hostLoading: boolean;
  drift: DriftReport | null;
}

export function initialTopologyState(): TopologyState {
  return {
    loading: true, nodesFailed: false, nodesDenied: false, isHarvester: false, nodes: [], grouping: null, host: null, hostLoading: false, drift: null
  };
}

export class TopologyModel {
  readonly state = initialTopologyState();
  private readonly refresh: Refresh;

  /** `changed`: called with the fields that changed, to copy into the component. */
  constructor(private store: StoreLike, private clusterId: string, private changed: (patch: Partial<TopologyState>) => void) {
    this.refresh = refresher(async() => {
      await this.recheck();

      return POLL_MS;
    });
  }

  private set(patch: Partial<TopologyState>): void {
    Object.assign(this.state, patch);
    this.changed(patch);
  }

  /** The first load: cached lists at once, the nodes, the host; then the periodic checks. */
  async open(): Promise<void> {
    const { store, clusterId } = this;
    const cached = partialLists.peek(guestNodesKey(clusterId));
    const lastHost = lastHostTopology(clusterId);
    let nodesRead: (nodes: readonly KubeObject[]) => void = () => undefined;
    const nodesPromise = new Promise<readonly KubeObject[]>((resolve) => {
      nodesRead = resolve;
    });
    const early = isKnownHarvesterGuest(clusterId) ? loadHostTopology(store, clusterId, nodesPromise) : null;

    if (!early) {
      prefetchHostPlacement(store, clusterId);
    }
    if (cached) {
      if (lastHost) {
        this.set({ host: lastHost });
      }
      this.show(cached.items);
    }
    const ok = await this.refreshNodes();

    nodesRead(this.state.nodes);
    if (!ok) {
      return;
    }
    if (this.state.isHarvester) {
      this.set({ hostLoading: !this.state.host });
      const host = await (early || loadHostTopology(store, clusterId, this.state.nodes));

      this.set({ host, hostLoading: false });
    } else {
      this.set({ host: null });
    }
    this.redrift();
    if (!this.refresh.stopped) {
      this.refresh.soon(POLL_MS);
    }
  }

  /** Nodes and host again: one revision request per list, a new list only where one moved. */
  async recheck(): Promise<void> {
    if (!await this.refreshNodes() || !this.state.isHarvester) {
      return;
    }
    const host = await loadHostTopology(this.store, this.clusterId, this.state.nodes);

    if (!this.refresh.stopped) {
      this.set({ host });
      this.redrift();
    }
  }

  /** The store heard of node changes: check soon (after the first load). */
  nodesChanged(): void {
    if (!this.state.loading) {
      this.refresh.soon(RECHECK_DELAY_MS);
    }
  }

  close(): void {
    this.refresh.stop();
  }

  /** The current list (one revision request when the cached one is still current); false when it cannot be read. */
  private async refreshNodes(): Promise<boolean> {
    try {
      const { list, reused } = await loadGuestNodes(this.store);

      if (!reused || list.items !== this.state.nodes) {
        this.show(list.items);
      }

      return true;
    } catch (e) {
      // e.g. no permission to list nodes: the page says so (and why) instead of spinning
      const denied = nodesDenied((where, type) => schemaOf(this.store, where, type), readFailureOf(e).failure);

      this.set({
        nodesFailed: true, nodesDenied: denied, loading: false
      });

      return false;
    }
  }

  private show(items: KubeObject[]): void {
    this.set({
      nodes: items, isHarvester: currentClusterIsHarvesterGuest(this.store, items), grouping: groupNodes(items), loading: false
    });
    this.redrift();
  }

  /** Drift only: the host was read again, the nodes are the same. */
  private redrift(): void {
    const { isHarvester, host, nodes } = this.state;

    this.set({ drift: isHarvester && host ? analyseDrift(nodes, host.snapshot) : null });
  }
}
