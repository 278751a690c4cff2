import { Plugin } from '@shell/core/plugin';
import { CardLocation, ExtensionPoint } from '@shell/core/types';
import { getApplicableExtensionEnhancements } from '@shell/core/plugin-helpers';
import { registerOverview } from '@pkg/overview/register';
import { registerSetup } from '@pkg/setup/register';
import { harvesterGuestClusters } from '@pkg/environment/guestRegistry';
import { createTestStore } from '../../harness/store';

const dashboard = (cluster: string) => ({
  name: 'c-cluster-explorer', params: { cluster }, query: {}, meta: {}, path: `/c/${ cluster }/explorer`, hash: ''
});

describe('registerOverview', () => {
  it('adds the page in the explorer\'s Cluster group and a dashboard card shown on Harvester guests only', () => {
    const plugin = new Plugin('harvester-cloud-ui');

    registerOverview(plugin);
    registerSetup(plugin);
    expect(plugin.routes.map((r) => [r.parent, r.route.name, r.route.path])).toStrictEqual([
      ['default', 'c-cluster-explorer-harvester-integration', '/c/:cluster/explorer/harvester-integration'],
      ['default', 'c-cluster-explorer-harvester-integration-setup', '/c/:cluster/explorer/harvester-integration/setup'],
    ]);
    const ctx: any = {
      $extension: { getUIConfig: (p: string, w: string) => plugin.uiConfig[p][w] || [], getAllUIConfig: () => plugin.uiConfig },
      t:          (k: string) => k,
    };
    const cards = (cluster: string) => getApplicableExtensionEnhancements(ctx, ExtensionPoint.CARD, CardLocation.CLUSTER_DASHBOARD_CARD, dashboard(cluster) as any);

    expect(cards('c-overview-guest')).toHaveLength(0);
    harvesterGuestClusters.push('c-overview-guest');
    expect(cards('c-overview-guest')).toHaveLength(1);

    const store = createTestStore();

    (plugin.products[0] as any).init(plugin, store);
    expect(store.state['type-map'].basicTypes.explorer['harvester-integration']).toBe('cluster');
    expect(store.state['type-map'].virtualTypes.explorer).toStrictEqual([expect.objectContaining({
      name: 'harvester-integration', labelKey: 'harvesterOverview.nav', route: { name: 'c-cluster-explorer-harvester-integration' }
    })]);
  });
});
