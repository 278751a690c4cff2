import { Plugin } from '@shell/core/plugin';
import { ExtensionPoint, TabLocation, TableColumnLocation } from '@shell/core/types';
import { getApplicableExtensionEnhancements } from '@shell/core/plugin-helpers';
import { registerLoadBalancer } from '@pkg/addOnConfig/register';
import { harvesterGuestClusters } from '@pkg/environment/guestRegistry';
import stevePagination from '@shell/plugins/steve/steve-pagination-utils';
import { columnsFor } from '../../../lab/simulator/steve/columns';

const GUEST = 'c-lb-guest';

function registered() {
  const plugin = new Plugin('harvester-cloud-ui');

  registerLoadBalancer(plugin);

  return plugin;
}

// What the shell's ResourceTable and Tabbed ask: which enhancements apply on this route.
function applicable(plugin: Plugin, point: ExtensionPoint, where: string, route: any): any[] {
  const ctx: any = {
    $extension: { getUIConfig: (p: string, w: string) => (plugin as any).uiConfig[p][w] || [], getAllUIConfig: () => (plugin as any).uiConfig },
    t:          (k: string) => k,
  };

  return getApplicableExtensionEnhancements(ctx, point, where as any, route);
}

const route = (name: string, params: Record<string, string>, query: Record<string, string> = {}) => ({
  name, params: { product: 'explorer', ...params }, query, meta: {}, path: '/', hash: ''
});
const serviceList = (cluster: string) => route('c-cluster-product-resource', { cluster, resource: 'service' });
const serviceDetail = (cluster: string) => route('c-cluster-product-resource-namespace-id', {
  cluster, resource: 'service', namespace: 'default', id: 'web'
});

describe('the load balancer\'s registrations', () => {
  beforeAll(() => harvesterGuestClusters.push(GUEST));

  it('adds the LB columns to the Service list of a Harvester guest only', () => {
    const plugin = registered();
    const names = (r: any) => applicable(plugin, ExtensionPoint.TABLE_COL, TableColumnLocation.RESOURCE, r).map((c) => c.column.name);

    expect(names(serviceList(GUEST))).toEqual(['harvester-lb-mode', 'harvester-lb-address', 'harvester-lb-status']);
    expect(names(serviceList('c-plain'))).toEqual([]);
    // A Service's detail page lists its Pods with the same ResourceTable: no LB columns there.
    expect(names(serviceDetail(GUEST))).toEqual([]);
  });

  it('sorts and searches the paginated address through the External-IP column Steve indexes, the mode not at all (issue 34)', () => {
    const [mode, address] = applicable(registered(), ExtensionPoint.TABLE_COL, TableColumnLocation.RESOURCE, serviceList(GUEST));
    // What the dashboard sends Steve for the column (shell/plugins/steve/steve-pagination-utils.ts).
    const sent = (stevePagination as any).createSortForPagination(address.paginationColumn.sort);
    const column = /^metadata\.fields\[(\d+)\]$/.exec(sent);

    // A table column of the Service schema (Steve indexes those), and it is Kubernetes' External-IP.
    expect(column).not.toBeNull();
    expect(columnsFor('service')[Number(column?.[1])].name).toBe('External-IP');
    expect(address.paginationColumn.search).toBe(address.paginationColumn.sort);
    expect(mode.paginationColumn).toMatchObject({ sort: false, search: false });
  });

  it('shows a Pending load balancer\'s reason, or Pending, in the server-side-paginated list\'s LB Status column', () => {
    const status = applicable(registered(), ExtensionPoint.TABLE_COL, TableColumnLocation.RESOURCE, serviceList(GUEST))
      .find((c) => c.column.name === 'harvester-lb-status');
    const paginated = status.paginationColumn;
    const svc = {
      metadata: {
        name: 'web', namespace: 'default', annotations: {}
      },
      spec:   { type: 'LoadBalancer' },
      status: {}
    };
    const event = {
      type:           'event',
      _type:          'Warning',
      reason:         'SyncLoadBalancerFailed',
      involvedObject: {
        kind: 'Service', name: 'web', namespace: 'default'
      },
      message: "Error syncing load balancer: failed to ensure load balancer: can't change the IPAM from pool to dhcp"
    };
    const row = (events: any[]) => ({
      ...svc,
      $rootGetters: {
        'i18n/t': (k: string) => ({
          'harvesterCloud.loadBalancer.pending.causes.ipamChanged.short': 'IPAM changed',
          'harvesterCloud.loadBalancer.status.pending':                   'Pending',
        } as Record<string, string>)[k],
        'cluster/typeRegistered': () => true,
        'cluster/all':            (type: string) => (type === 'event' ? events : [svc]),
      }
    });

    expect(paginated).toMatchObject({ sort: false, search: false });
    expect(typeof paginated.getValue).toBe('function');
    expect(paginated.getValue(row([event]))).toBe('IPAM changed');
    expect(paginated.getValue(row([]))).toBe('Pending');
  });

  it('puts the Add-on Config on the Service create, edit and detail pages of a guest', () => {
    const plugin = registered();

    [TabLocation.RESOURCE_CREATE_PAGE, TabLocation.RESOURCE_EDIT_PAGE, TabLocation.RESOURCE_DETAIL_PAGE].forEach((where) => {
      expect(applicable(plugin, ExtensionPoint.TAB, where, serviceDetail(GUEST)).map((t) => t.name)).toEqual(['add-on-config']);
      expect(applicable(plugin, ExtensionPoint.TAB, where, serviceDetail('c-plain'))).toEqual([]);
    });
  });
});
