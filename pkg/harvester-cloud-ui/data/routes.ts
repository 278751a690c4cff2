/**
 * Where the extension's links go: its own pages in the cluster explorer (registered by each feature's register.ts
 * with the name and path here), and the shell's resource pages (named routes of the dashboard, through
 * shellAdapter/resourceRoutes.ts). A feature links to another's page from here, without importing that feature.
 */
import { resourceCreateRoute, resourceDetailRoute, resourceListRoute } from '../shellAdapter/resourceRoutes';

export {
  resourceCreateRoute, resourceDetailRoute, resourceListRoute
};

export const EXPLORER = 'explorer';

/** An extension page of the cluster explorer: its side-menu name, route name and path. */
function explorerPage(page: string) {
  return {
    page, route: `c-cluster-${ EXPLORER }-${ page }`, path: `/c/:cluster/${ EXPLORER }/${ page }`
  };
}

export const OVERVIEW = explorerPage('harvester-integration');
export const SETUP = {
  page: OVERVIEW.page, route: `${ OVERVIEW.route }-setup`, path: `${ OVERVIEW.path }/setup`
};
export const TOPOLOGY = explorerPage('harvester-topology');
export const LOAD_BALANCERS = explorerPage('harvester-load-balancers');
export const SNAPSHOTS_LIST = explorerPage('harvester-volume-snapshots-list');

const location = (route: string) => (clusterId: string) => ({ name: route, params: { cluster: clusterId, product: EXPLORER } });

export const overviewLocation = location(OVERVIEW.route);
export const setupLocation = location(SETUP.route);
export const topologyLocation = location(TOPOLOGY.route);
export const loadBalancersLocation = location(LOAD_BALANCERS.route);
