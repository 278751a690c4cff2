/**
 * The Load Balancers page's reads in order, as plain state the component renders:
 * - opening: whether the cluster runs on Harvester; then, without the Services waiting for it, the provider's
 *   Deployment, which gives the cluster name the host's LoadBalancers are labelled with and the arguments checked;
 * - each page: its Services shown as soon as they are read, then the host's LoadBalancers and pools and the Pending
 *   rows' events (loadPage.ts). Only the latest page asked for is shown.
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { checkCluster } from '../environment/guestRegistry';
import { installedWorkload } from '../environment/installedVersions';
import { latestOnly } from '../shared/latest';
import { clusterNameFromWorkload } from '../addOnConfig/hostLbName';
import { HostView } from './rows';
import { PageQuery, loadPageDetails, loadServicesPage } from './loadPage';
import { ArgFlag } from './providerArgs';
import { argsFromWorkload, loadArgFlags } from './loadProvider';
import { LbHostProblem, servicesDenied } from './access';
import { schemaOf } from '../shellAdapter/schemas';

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

export class LbPageModel {
  private clusterName: Promise<string | null> = Promise.resolve(null);
  private readonly latest = latestOnly();

  constructor(private store: StoreLike, private clusterId: string, private show: (patch: Partial<LbPageState>) => void) {}

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

  /** One page: its Services at once, the host's side and the events after. */
  async load(q: PageQuery): Promise<void> {
    const current = this.latest.start();
    const page = await loadServicesPage(this.store, q).catch(() => ({
      services: [], count: 0, pages: 1
    }));

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
    }
  }
}
