import { importTypes } from '@rancher/auto-import';
import { IPlugin } from '@shell/core/types';

// Registration only: each feature folder exports its own register function.
export default function(plugin: IPlugin): void {
  importTypes(plugin);
  plugin.metadata = require('./package.json');
  plugin.metadata.icon = require('./icon.svg');
}
