import { registerVolumeSnapshots, TAB_NAME } from '@pkg/volumesnapshot/register';
import { openDetail } from '@pkg/shellAdapter/resourceRoutes';
import { harvesterGuestClusters } from '@pkg/environment/guestRegistry';

describe('registerVolumeSnapshots', () => {
  it('adds the PVC detail tab and the two row actions on Harvester guest PVCs only', async() => {
    const tabs: any[] = [];
    const actions: any[] = [];

    registerVolumeSnapshots({
      addTab: (...a: any[]) => tabs.push(a), addAction: (...a: any[]) => actions.push(a), addProduct: () => undefined, addRoute: () => undefined
    } as any);
    expect(tabs.map(([where, when, tab]) => [where, when.resource, tab.name])).toEqual([
      ['resource-detail-page', ['persistentvolumeclaim'], TAB_NAME],
      ['tab', ['persistentvolumeclaim'], TAB_NAME],
    ]);
    expect(tabs[0][1].cluster).toBe(harvesterGuestClusters);
    expect((await tabs[0][2].component()).default.name).toBe('PvcSnapshots');
    expect(actions.map(([where, , a]) => [where, a.labelKey])).toEqual([
      ['table-action', 'harvesterVolumeSnapshot.takeSnapshot'],
      ['table-action', 'harvesterVolumeSnapshot.backUp'],
    ]);
  });

  it('the row action opens the PVC detail page on the tab with the form asked for', () => {
    const push = jest.fn();
    const actions: any[] = [];

    registerVolumeSnapshots({
      addTab: () => undefined, addAction: (...a: any[]) => actions.push(a), addProduct: () => undefined, addRoute: () => undefined
    } as any);
    const row = { detailLocation: { name: 'c-cluster-product-resource-namespace-id', params: { id: 'data' } }, currentRouter: () => ({ push }) };

    actions[1][2].invoke({}, [row]);
    expect(push).toHaveBeenCalledWith({
      name: 'c-cluster-product-resource-namespace-id', params: { id: 'data' }, query: { harvesterSnapshot: 'backup' }, hash: `#${ TAB_NAME }`
    });
    expect(openDetail({}, {}, TAB_NAME)).toBe(false);
  });
});
