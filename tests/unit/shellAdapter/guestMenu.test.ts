/**
 * Issue 34: the side menu lists Harvester Integration, Topology, Load Balancers and VolumeSnapshots only on clusters
 * that run on Harvester: not on one found not to. Through the shell's own plugin class and type-map store
 * (@rancher/shell 3.0.13), whose route guard (extension-route-guard.js) also refuses a page whose entry is not there.
 */
import { Plugin } from '@shell/core/plugin';
import { guardExtensionRoute } from '@shell/config/router/navigation-guards/extension-route-guard';
import { TOPOLOGY } from '@pkg/data/routes';
import { registerOverview } from '@pkg/overview/register';
import { registerTopology } from '@pkg/topology/register';
import { registerLoadBalancers } from '@pkg/loadBalancersPage/register';
import { registerVolumeSnapshots } from '@pkg/volumesnapshot/register';
import { GUEST_MENU_STORE, guestOnlyMenu } from '@pkg/shellAdapter/guestMenu';
import { checkCluster } from '@pkg/environment/guestRegistry';
import { PLAIN_CLUSTER, RKE2_GUEST } from '../../../lab/world/ids';
import { useDemoServer } from '../../harness/demoServer';
import { demoStore } from '../../harness/store';

useDemoServer();

const ENTRIES = ['harvester-integration', 'harvester-topology', 'harvester-load-balancers', 'harvester-volume-snapshots-list'];

async function menuOf(clusterId: string) {
  const plugin = new Plugin('harvester-cloud-ui');

  [registerOverview, registerTopology, registerLoadBalancers, registerVolumeSnapshots].forEach((r) => r(plugin));
  const store: any = await demoStore(clusterId);

  // As the extension loader does (shell/core/extension-manager-impl.js `loadProducts`): the products' hooks.
  plugin.DSL(store, 'explorer').product({ inStore: 'cluster' });
  plugin.products.forEach((p: any) => p.init?.(plugin, store));
  const entries = () => {
    const basic = store.getters['type-map/allTypes']('explorer', ['basic'])?.basic || {};

    return ENTRIES.filter((id) => !!basic[id]);
  };

  return { store, entries };
}

describe('the side menu\'s Harvester entries', () => {
  it('appear on a Harvester guest, also while its check is under way (a page opened by its address is not refused)', async() => {
    const { store, entries } = await menuOf(RKE2_GUEST.id);

    expect(entries()).toEqual(ENTRIES);
    expect(await checkCluster(store, RKE2_GUEST.id)).toBe(true);
    expect(entries()).toEqual(ENTRIES);
  });

  it('go from a cluster once its check finds it does not run on Harvester, and follow the check reactively', async() => {
    const { store, entries } = await menuOf(PLAIN_CLUSTER.id);

    expect(await checkCluster(store, PLAIN_CLUSTER.id)).toBe(false);
    expect(entries()).toEqual([]);
  });

  it('are never on Rancher\'s own local cluster, and follow the cluster entered', async() => {
    const { store, entries } = await menuOf(RKE2_GUEST.id);

    await checkCluster(store, PLAIN_CLUSTER.id);
    store.replaceState({ ...store.state, clusterId: PLAIN_CLUSTER.id });
    expect(entries()).toEqual([]);
    store.replaceState({ ...store.state, clusterId: 'local' });
    expect(entries()).toEqual([]);
    store.replaceState({ ...store.state, clusterId: RKE2_GUEST.id });
    expect(entries()).toEqual(ENTRIES);
  });

  it('lets Rancher\'s route guard (shell 3.0.13) open a guest\'s page by its address before its check has answered', async() => {
    const { store } = await menuOf(RKE2_GUEST.id);
    const to = { name: TOPOLOGY.route, meta: { _extensionRoute: true } };
    const next = jest.fn();

    // As the guard runs on a page opened by its address: after the cluster loaded, before the extension's own guard.
    guardExtensionRoute(to, {}, next, { store });
    expect(next).toHaveBeenCalledWith();
    // A cluster found not to run on Harvester: its page is "not found" there.
    await checkCluster(store, PLAIN_CLUSTER.id);
    store.replaceState({ ...store.state, clusterId: PLAIN_CLUSTER.id });
    guardExtensionRoute(to, {}, next, { store });
    expect(next).toHaveBeenLastCalledWith({ name: '404' });
  });

  it('registers its store once, and without a store to register in shows the entries nowhere (never a broken menu)', async() => {
    const { store } = await menuOf(RKE2_GUEST.id);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect(store.hasModule(GUEST_MENU_STORE)).toBe(true);
    expect(guestOnlyMenu(store, () => true)).toEqual({ type: 'harvestercloud.guestcluster', store: GUEST_MENU_STORE });
    expect(guestOnlyMenu(null, () => true)).toBe('harvestercloud.guestcluster');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('side menu'));
    warn.mockRestore();
  });
});
