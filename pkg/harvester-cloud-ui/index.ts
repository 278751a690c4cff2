import { importTypes } from '@rancher/auto-import';
import { IPlugin } from '@shell/core/types';
import { checkCluster, trackHarvesterGuests } from './environment/guestRegistry';
// The adapter's modules one by one: its index would pull every page's reaches into the entry chunk.
import { beforeClusterPages } from './shellAdapter/navigation';
import { suppressBuiltInAddOnConfigTab } from './shellAdapter/builtInAddOnConfig';
import { internalExtensionManager, internalStore, PluginInternals } from './shellAdapter/pluginInternals';
import { loadStrings, useShellStrings } from './shellAdapter/strings';
import { registerLoadBalancer } from './addOnConfig/register';
import { registerStorage } from './storageClass/register';
import { registerSnapshotClass } from './snapshotclass/register';
import { registerTopology } from './topology/register';
import { registerOverview } from './overview/register';
import { registerSetup } from './setup/register';
import { registerLoadBalancers } from './loadBalancersPage/register';
import { registerVolumeSnapshots } from './volumesnapshot/register';

// Registration only: each feature folder registers its own parts, all conditioned on Harvester guest clusters.
export default function(plugin: IPlugin, internal?: PluginInternals): void {
  importTypes(plugin);
  plugin.metadata = require('./package.json');
  plugin.metadata.icon = require('./icon.svg');

  // Which clusters are Harvester guests, decided before their pages render (addNavHooks: Rancher 2.7+).
  plugin.addNavHooks({ onLogin: async(store) => trackHarvesterGuests(store) });
  const store = internalStore(internal);
  const manager = internalExtensionManager(internal);

  // Strings come with what shows them (strings/index.ts): a Harvester guest's columns, tabs and actions with it. The
  // packs' index is a chunk of its own, fetched with the first pack: the entry is on every page.
  useShellStrings(store, manager, (pack, locale) => import('./strings').then((s) => s.packFile(pack, locale)));
  if (store) {
    beforeClusterPages(store, (clusterId) => checkCluster(store, clusterId).then((guest) => (guest ? loadStrings(['guest']) : undefined)));
  }

  // One Add-on Config on the Service pages: this one (see shellAdapter/builtInAddOnConfig.ts).
  const restoreBuiltIn = suppressBuiltInAddOnConfigTab(manager);

  plugin.addUninstallHook?.(restoreBuiltIn); // addUninstallHook: Rancher 2.7+

  registerLoadBalancer(plugin);
  registerStorage(plugin);
  registerSnapshotClass(plugin);
  registerTopology(plugin);
  registerOverview(plugin);
  registerSetup(plugin);
  registerLoadBalancers(plugin);
  registerVolumeSnapshots(plugin);
}
