import { Plugin } from '@shell/core/plugin';
import { CardLocation, ExtensionPoint, TableColumnLocation } from '@shell/core/types';
import { getApplicableExtensionEnhancements } from '@shell/core/plugin-helpers';
import { get } from '@shell/utils/object';
import { sortBy } from '@shell/utils/sort';
import { registerTopology } from '@pkg/topology/register';
import { REGION_COLUMN, ZONE_COLUMN } from '@pkg/topology/nodeColumns';
import { harvesterGuestClusters } from '@pkg/environment/guestRegistry';
import { createTestStore } from '../../harness/store';
import { guestNode } from './objects';

function registered() {
  const plugin = new Plugin('harvester-cloud-ui');

  registerTopology(plugin);

  return plugin;
}

// What the shell's ResourceTable and cluster dashboard ask: which enhancements apply on this route.
function applicable(plugin: Plugin, point: ExtensionPoint, where: string, route: any) {
  const ctx: any = {
    $extension: { getUIConfig: (p: string, w: string) => plugin.uiConfig[p][w] || [], getAllUIConfig: () => plugin.uiConfig },
    t:          (k: string) => k,
  };

  return getApplicableExtensionEnhancements(ctx, point, where as any, route);
}

const nodeList = (cluster: string) => ({
  name:   'c-cluster-product-resource',
  params: {
    cluster, product: 'explorer', resource: 'node'
  },
  query: {},
  meta:  {},
  path:  `/c/${ cluster }/explorer/node`,
  hash:  ''
});
const dashboard = (cluster: string) => ({
  name: 'c-cluster-explorer', params: { cluster }, query: {}, meta: {}, path: `/c/${ cluster }/explorer`, hash: ''
});

describe('registerTopology', () => {
  it('adds Region and Zone columns, a dashboard card, the page route and the side-menu hook', () => {
    const plugin = registered();
    const cols = plugin.uiConfig[ExtensionPoint.TABLE_COL][TableColumnLocation.RESOURCE];

    expect(cols.map((c: any) => [c.column.name, c.paginationColumn.sort])).toStrictEqual([
      ['harvester-topology-region', ['metadata.labels[topology.kubernetes.io/region]', 'metadata.labels[topology.kubernetes.io/zone]']],
      ['harvester-topology-zone', ['metadata.labels[topology.kubernetes.io/zone]']],
    ]);
    expect(plugin.uiConfig[ExtensionPoint.CARD][CardLocation.CLUSTER_DASHBOARD_CARD]).toHaveLength(1);
    expect(plugin.routes.map((r) => [r.parent, r.route.name, r.route.path])).toStrictEqual([
      ['default', 'c-cluster-explorer-harvester-topology', '/c/:cluster/explorer/harvester-topology'],
    ]);
    expect(typeof (plugin.products[0] as any).init).toBe('function');
  });

  it('shows the columns and the card only on clusters known to run on Harvester', () => {
    const plugin = registered();

    expect(applicable(plugin, ExtensionPoint.TABLE_COL, TableColumnLocation.RESOURCE, nodeList('c-guest'))).toHaveLength(0);
    harvesterGuestClusters.push('c-guest');
    expect(applicable(plugin, ExtensionPoint.TABLE_COL, TableColumnLocation.RESOURCE, nodeList('c-guest'))).toHaveLength(2);
    expect(applicable(plugin, ExtensionPoint.CARD, CardLocation.CLUSTER_DASHBOARD_CARD, dashboard('c-guest'))).toHaveLength(1);
    expect(applicable(plugin, ExtensionPoint.TABLE_COL, TableColumnLocation.RESOURCE, nodeList('c-plain'))).toHaveLength(0);
    expect(applicable(plugin, ExtensionPoint.CARD, CardLocation.CLUSTER_DASHBOARD_CARD, dashboard('c-plain'))).toHaveLength(0);
    expect(applicable(plugin, ExtensionPoint.TABLE_COL, TableColumnLocation.RESOURCE, {
      ...nodeList('c-guest'),
      params: {
        cluster: 'c-guest', product: 'explorer', resource: 'pod'
      }
    })).toHaveLength(0);
  });

  it('puts Topology in the explorer’s Cluster group through the product hook', () => {
    const plugin = registered();
    const store = createTestStore();

    (plugin.products[0] as any).init(plugin, store);
    const typeMap = store.state['type-map'];

    expect(typeMap.basicTypes.explorer['harvester-topology']).toBe('cluster');
    expect(typeMap.virtualTypes.explorer).toStrictEqual([expect.objectContaining({
      name: 'harvester-topology', labelKey: 'harvesterTopology.nav', route: { name: 'c-cluster-explorer-harvester-topology' }
    })]);
  });
});

describe('node columns', () => {
  const nodes = [guestNode('b', { region: 'us', zone: 'us-2' }), guestNode('a', { region: 'eu', zone: 'eu-1' }), guestNode('c')];

  it('read the labels through the shell’s own path resolution', () => {
    expect(nodes.map((n) => [get(n, REGION_COLUMN.value as string), get(n, ZONE_COLUMN.value as string)])).toStrictEqual([['us', 'us-2'], ['eu', 'eu-1'], [undefined, undefined]]);
  });

  it('sort with the shell’s sort by region, then zone', () => {
    const withName = nodes.map((n) => ({ ...n, nameSort: n.metadata.name }));

    expect(sortBy(withName, REGION_COLUMN.sort as string[]).map((n: any) => n.metadata.name)).toStrictEqual(['c', 'a', 'b']);
    expect(sortBy(withName, ZONE_COLUMN.sort as string[]).map((n: any) => n.metadata.name)).toStrictEqual(['c', 'a', 'b']);
  });
});
