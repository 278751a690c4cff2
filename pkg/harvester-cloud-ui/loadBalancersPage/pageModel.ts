/**
 * The Load Balancers page's reads in order, as plain state the component renders:
 * - opening: whether the cluster runs on Harvester; then, without the Services waiting for it, the provider's
 *   Deployment, which gives the cluster name the host's LoadBalancers are labelled with and the arguments checked;
 * - each page: its Services shown as soon as they are read, then the host's LoadBalancers and pools and the Pending
 *   rows' events (loadPage.ts). Only the latest page asked for is shown;
 * - while open, the page shown is read again by itself (issue 34: after an outage it stayed stale while the Service's
 *   own page recovered): soon while a row waits for its address or the host is not read yet, rarely once all are
 *   Active (nextLookMs). A look shows its Services, host side and events together, so no row is shown against a host
 *   read older than it. A hint that Services or events changed (the store's `generation`) brings the look forward.
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { checkCluster } from '../environment/guestRegistry';
import { installedWorkload } from '../environment/installedVersions';
import { latestOnly } from '../shared/latest';
import { Refresh, refresher } from '../shared/refresh';
import { ingressAddress } from '../addOnConfig/services';
import { clusterNameFromWorkload } from '../addOnConfig/hostLbName';
import { HostView } from './rows';
import { PageQuery, ServicesPage, loadPageDetails, loadServicesPage } from './loadPage';
import { ArgFlag } from './providerArgs';
import { argsFromWorkload, loadArgFlags } from './loadProvider';
import { LbHostProblem, servicesDenied } from './access';
import { schemaOf } from '../shellAdapter/schemas';

/** While a load balancer waits for its address (or the host is not read yet): look again this soon. */
export const WAITING_LOOK_MS = 5000;
/** Once every row is Active: look this often (something may be created, deleted or fail meanwhile). */
export const SETTLED_LOOK_MS = 30000;
/** A change heard of (the store's generation counter) brings the next look this close. */
export const CHANGE_LOOK_MS = 500;

export interface LbPageState {
  services: KubeObject[];
  count: number;
  pages: number;
  /** undefined while it is read; null when the host is not readable. */
  host: HostView | null | undefined;
  /** Why `host` is null. */
  hostProblem: LbHostProblem | null;
  events: KubeObject[] | null;
}

export interface LookDelays {
  waiting: number;
  settled: number;
}

const DELAYS: LookDelays = { waiting: WAITING_LOOK_MS, settled: SETTLED_LOOK_MS };

/** When to look again at what a page shows. */
export function nextLookMs(services: KubeObject[], host: HostView | null | undefined, hostProblem: LbHostProblem | null, delays: LookDelays = DELAYS): number {
  const waiting = services.some((s) => !ingressAddress(s));
  // A host that could not be reached may come back; one the user may not read will not.
  const hostMayCome = host === undefined || (host === null && hostProblem === 'unreachable');

  return waiting || hostMayCome ? delays.waiting : delays.settled;
}

export class LbPageModel {
  private clusterName: Promise<string | null> = Promise.resolve(null);
  private readonly latest = latestOnly();
  private readonly refresh: Refresh;
  private query: PageQuery | null = null;

  constructor(private store: StoreLike, private clusterId: string, private show: (patch: Partial<LbPageState>) => void, private delays: LookDelays = DELAYS) {
    this.refresh = refresher(() => this.look());
  }

  /**
   * Whether the page applies, and on Harvester the first page under way: `flags` (the provider's Deployment, and other
   * guests on the host) resolve once that page is shown. `denied`: the user's role may not list Services, so nothing
   * is read (the page says why).
   */
  async open(first: PageQuery): Promise<{ isHarvester: boolean; denied: boolean; flags: Promise<ArgFlag[]> }> {
    const isHarvester = await checkCluster(this.store, this.clusterId);
    const denied = isHarvester && servicesDenied((where, type) => schemaOf(this.store, where, type));

    if (!isHarvester || denied) {
      return {
        isHarvester, denied, flags: Promise.resolve([])
      };
    }
    const workload = installedWorkload(this.store, 'cloudProvider').catch(() => null);

    this.clusterName = workload.then(clusterNameFromWorkload);
    const flags = Promise.all([
      workload.then((w) => loadArgFlags(this.store, this.clusterId, argsFromWorkload(w))).catch((): ArgFlag[] => []),
      this.load(first),
    ]).then(([f]) => f);

    return {
      isHarvester, denied, flags
    };
  }

  /** One page the user asked for: its Services at once, the host's side and the events after; then it is followed. */
  async load(q: PageQuery): Promise<void> {
    this.query = q;
    const current = this.latest.start();
    const page = await this.readServices(q) || {
      services: [], count: 0, pages: 1
    };

    if (!current()) {
      return;
    }
    this.show({
      services: page.services, count: page.count, pages: page.pages, host: undefined, hostProblem: null, events: []
    });
    const { host, events } = await loadPageDetails(this.store, this.clusterId, this.clusterName, page.services);

    if (current()) {
      this.show({
        host: host.view, hostProblem: host.problem, events
      });
      this.refresh.soon(nextLookMs(page.services, host.view, host.problem, this.delays));
    }
  }

  /** The store heard that Services or events changed: look soon. */
  changed(): void {
    if (this.query) {
      this.refresh.soon(CHANGE_LOOK_MS);
    }
  }

  close(): void {
    this.refresh.stop();
  }

  /** The page shown, read again and shown in one piece; says when to look next (null once closed). */
  private async look(): Promise<number | null> {
    const q = this.query;

    if (!q || this.refresh.stopped) {
      return null;
    }
    const current = this.latest.start();
    const page = await this.readServices(q);

    if (!page) {
      // Not answered this time (the cluster or the network down): the rows shown stay, and it is asked again soon.
      return current() ? this.delays.waiting : null;
    }
    const { host, events } = await loadPageDetails(this.store, this.clusterId, this.clusterName, page.services);

    if (!current() || this.refresh.stopped) {
      return null;
    }
    this.show({
      services: page.services, count: page.count, pages: page.pages, host: host.view, hostProblem: host.problem, events
    });

    return nextLookMs(page.services, host.view, host.problem, this.delays);
  }

  /** One page of Services; null when it could not be read. */
  private readServices(q: PageQuery): Promise<ServicesPage | null> {
    return loadServicesPage(this.store, q).catch(() => null);
  }
}
