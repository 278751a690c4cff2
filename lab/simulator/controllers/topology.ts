/**
 * Guest node topology, as the Harvester cloud provider keeps it:
 * - a new guest Node is initialised by the cloud node controller from InstanceMetadata
 *   (cloud-provider-harvester pkg/cloud-controller-manager/instance.go): `harvester://<VM uid>` as providerID and
 *   region/zone from the VMI's `topology.kubernetes.io/*` annotations (the host the VM started on);
 * - a migration moves the VMI to another host: Harvester rewrites the VMI's topology annotations, and the guest
 *   node's labels are stale (drift) unless the provider has the VMI re-sync controller (v0.2.0+,
 *   pkg/controller/virtualmachineinstance/controller.go OnVmiChanged), which re-initialises the node.
 */
import { getObject, listObjects, SimState, storeObject } from '../core/state';
import { ChangeEvent, KubeObject } from '../core/types';
import { guestByName, harvesterGuest, HarvesterGuest } from './harvesterGuests';
import { Controller } from './runtime';

export const REGION = 'topology.kubernetes.io/region';
export const ZONE = 'topology.kubernetes.io/zone';
const VMI_TYPE = 'kubevirt.io.virtualmachineinstance';
const VM_TYPE = 'kubevirt.io.virtualmachine';
const GUEST_LABEL = 'guestcluster.harvesterhci.io/name';
/** The first provider release with the VMI re-sync controller. */
const RESYNC_SINCE = [0, 2, 0];

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v));
}

function atLeast(version: string, min: number[]): boolean {
  const v = version.split('.').map((n) => parseInt(n, 10) || 0);

  for (let i = 0; i < min.length; i++) {
    if ((v[i] || 0) !== min[i]) {
      return (v[i] || 0) > min[i];
    }
  }

  return true;
}

/** The VMI's topology, falling back to its VM's (the node driver's copy at creation). */
function topologyOf(state: SimState, guest: HarvesterGuest, vmName: string): Record<string, string> {
  const vmi = getObject(state, guest.hostId, VMI_TYPE, `${ guest.vmNamespace }/${ vmName }`);
  const vm = getObject(state, guest.hostId, VM_TYPE, `${ guest.vmNamespace }/${ vmName }`);
  const from = (o?: KubeObject) => o?.metadata.annotations || {};
  const src = from(vmi)[ZONE] ? from(vmi) : from(vm);

  return Object.fromEntries([REGION, ZONE].filter((k) => src[k]).map((k) => [k, src[k]]));
}

/** Sets the node's topology labels (and providerID) to the VM's; no write when they already agree. */
function initialise(state: SimState, guest: HarvesterGuest, nodeName: string): void {
  const node = getObject(state, guest.id, 'node', nodeName);
  const vm = getObject(state, guest.hostId, VM_TYPE, `${ guest.vmNamespace }/${ nodeName }`);

  if (!node || !vm) {
    return;
  }
  const next = clone(node);
  const labels = { ...(next.metadata.labels || {}) };

  delete labels[REGION];
  delete labels[ZONE];
  next.metadata.labels = { ...labels, ...topologyOf(state, guest, nodeName) };
  next.spec = { ...(next.spec || {}), providerID: `harvester://${ vm.metadata.uid }` };
  if (JSON.stringify(next) !== JSON.stringify(node)) {
    storeObject(state, guest.id, 'node', next);
  }
}

export const topologyController: Controller = {
  name: 'harvester-cloud-provider-topology',
  keysFor(ev: ChangeEvent, state: SimState): string[] {
    if (ev.type === 'node' && ev.name === 'resource.create' && harvesterGuest(state, ev.cluster)) {
      return [`init\t${ ev.cluster }\t${ ev.id }`];
    }
    if (ev.type === VMI_TYPE && ev.name === 'resource.change' && ev.object.status?.migrationState?.completed) {
      // The VM (not the instance) carries the guest cluster label the node driver sets.
      const vm = getObject(state, ev.cluster, VM_TYPE, ev.id);
      const guest = guestByName(state, vm?.metadata.labels?.[GUEST_LABEL] || ev.object.metadata.labels?.[GUEST_LABEL] || '');

      return guest && atLeast(guest.providerVersion, RESYNC_SINCE) ? [`init\t${ guest.id }\t${ ev.object.metadata.name }`] : [];
    }

    return [];
  },
  reconcile(state: SimState, key: string): void {
    const [, clusterId, nodeName] = key.split('\t');
    const guest = harvesterGuest(state, clusterId);

    if (guest) {
      initialise(state, guest, nodeName);
    }
  },
};

/**
 * A live migration of a guest's VM to another host node (what Harvester's migration controller leaves behind):
 * the VMI runs on `target`, its topology annotations are the target's, and its migration state is completed.
 */
export function migrateVm(state: SimState, hostId: string, namespace: string, vmName: string, target: string): KubeObject | string {
  const vmi = getObject(state, hostId, VMI_TYPE, `${ namespace }/${ vmName }`);
  const host = getObject(state, hostId, 'node', target);

  if (!vmi) {
    return `virtualmachineinstances.kubevirt.io "${ vmName }" not found`;
  }
  if (!host) {
    return `nodes "${ target }" not found`;
  }
  const next = clone(vmi);
  const source = next.status?.nodeName;
  const at = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const hostLabels = host.metadata.labels || {};

  next.metadata.labels = { ...(next.metadata.labels || {}), 'kubevirt.io/nodeName': target };
  next.metadata.annotations = { ...(next.metadata.annotations || {}) };
  for (const k of [REGION, ZONE]) {
    if (hostLabels[k]) {
      next.metadata.annotations[k] = hostLabels[k];
    } else {
      delete next.metadata.annotations[k];
    }
  }
  next.status = {
    ...(next.status || {}),
    nodeName:       target,
    migrationState: {
      sourceNode: source, targetNode: target, startTimestamp: at, endTimestamp: at, completed: true, failed: false
    },
  };

  return storeObject(state, hostId, VMI_TYPE, next);
}

export function vmisOf(state: SimState, hostId: string): KubeObject[] {
  return listObjects(state, hostId, VMI_TYPE);
}
