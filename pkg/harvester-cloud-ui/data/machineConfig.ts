/** Rancher's Harvester machine configs (the local cluster's Steve at /v1): where a guest's VMs run on the host. */
import { HARVESTER_CONFIG } from './typeIds';
import { StoreLike, request } from './store';

/** A Harvester machine config of a provisioning cluster's machine pool (its `vmNamespace`). */
export function harvesterMachineConfig(store: StoreLike, namespace: string, name: string): Promise<{ vmNamespace?: string } | null> {
  return request(store, 'management', { url: `/v1/${ HARVESTER_CONFIG }s/${ encodeURIComponent(namespace) }/${ encodeURIComponent(name) }` });
}
