import { importTypes } from '@rancher/auto-import';
import { IPlugin } from '@shell/core/types';
import { trackHarvesterGuests } from './steve/guestRegistry';
import { registerLoadBalancer } from './loadbalancer/register';
import { registerStorage } from './storage/register';
import { registerTopology } from './topology/register';

// Registration only: each feature folder registers its own parts, all conditioned on Harvester guest clusters.
export default function(plugin: IPlugin): void {
  importTypes(plugin);
  plugin.metadata = require('./package.json');
  plugin.metadata.icon = require('./icon.svg');

  plugin.addNavHooks({ onLogin: async(store) => trackHarvesterGuests(store) });

  registerLoadBalancer(plugin);
  registerStorage(plugin);
  registerTopology(plugin);
}
