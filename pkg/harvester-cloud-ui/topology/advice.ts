import { NodeDrift } from './drift';
import { ZONE } from './labels';

/**
 * The taint the cloud provider's own re-sync puts on a node (cloud-provider-harvester, controller
 * "resync-topology"): the cloud node controller then initialises the node again and copies the instance's
 * topology annotations onto its labels. Shown for the user to run; the viewer writes nothing.
 */
export const RESYNC_TAINT = 'node.cloudprovider.kubernetes.io/uninitialized=true:PreferNoSchedule';

export function resyncCommand(nodes: readonly string[]): string | null {
  return nodes.length ? `kubectl taint nodes ${ nodes.join(' ') } ${ RESYNC_TAINT }` : null;
}

/**
 * The zone a node is meant to be in: the one its guest labels (and so its workloads) assume, else its VM's,
 * else (a node never labelled) the zone of the host it runs on.
 */
export function intendedZone(d: NodeDrift): string | null {
  return d.guest.zone || d.vm?.zone || d.host?.zone || null;
}

/**
 * Node affinity for a machine pool's VMs (Rancher: machine pool → Advanced → Node scheduling) that keeps them
 * on hosts of one zone, as Harvester's node-driver documentation recommends, so a restarted or rebuilt VM does not change zone.
 * The value is JSON-quoted so any string stays valid YAML.
 */
export function zoneAffinityYaml(zone: string): string {
  return [
    'nodeAffinity:',
    '  requiredDuringSchedulingIgnoredDuringExecution:',
    '    nodeSelectorTerms:',
    '      - matchExpressions:',
    `          - key: ${ ZONE }`,
    '            operator: In',
    '            values:',
    `              - ${ JSON.stringify(zone) }`,
  ].join('\n');
}
