/**
 * The VolumeSnapshots list in the cluster explorer's Storage group, through the shell's own plugin class and
 * type-map store (@rancher/shell 3.0.13): the route, and the side-menu entry only where Steve serves the
 * VolumeSnapshot schema (the CRDs are installed and the user may use them).
 */
import { Plugin } from '@shell/core/plugin';
import { registerVolumeSnapshots } from '@pkg/volumesnapshot/register';
import { checkCluster } from '@pkg/environment/guestRegistry';
import { RKE2_GUEST } from '../../../lab/world/ids';
import { useDemoServer } from '../../harness/demoServer';
import { demoStore } from '../../harness/store';

useDemoServer();

function registered() {
  const plugin = new Plugin('harvester-cloud-ui');

  registerVolumeSnapshots(plugin);

  return plugin;
}

async function storageGroup(withCrd: boolean): Promise<string[]> {
  const plugin = registered();
  const store: any = await demoStore(RKE2_GUEST.id);

  if (!withCrd) {
    store.commit('cluster/remove', store.getters['cluster/schemaFor']('snapshot.storage.k8s.io.volumesnapshot'));
  }
  // The explorer product as the shell declares it (config/product/explorer.js: inStore 'cluster').
  plugin.DSL(store, 'explorer').product({ inStore: 'cluster' });
  (plugin.products[0] as any).init(plugin, store);
  await checkCluster(store, RKE2_GUEST.id);
  const basic = store.getters['type-map/allTypes']('explorer', ['basic'])?.basic || {};

  return Object.keys(basic).filter((id) => store.getters['type-map/groupForBasicType']('explorer', id) === 'storage');
}

describe('VolumeSnapshots in the Storage group', () => {
  it('adds the page route in the explorer and the product hook', () => {
    const plugin = registered();

    expect(plugin.routes.map((r) => [r.parent, r.route.name, r.route.path])).toStrictEqual([
      ['default', 'c-cluster-explorer-harvester-volume-snapshots-list', '/c/:cluster/explorer/harvester-volume-snapshots-list'],
    ]);
    expect(typeof (plugin.products[0] as any).init).toBe('function');
  });

  it('shows the entry in Storage where the VolumeSnapshot schema exists, and not where it does not', async() => {
    expect(await storageGroup(true)).toContain('harvester-volume-snapshots-list');
    expect(await storageGroup(false)).not.toContain('harvester-volume-snapshots-list');
  });
});
