/**
 * The snapshot life cycle on a Harvester guest, as the external-snapshotter (snapshot-controller + csi-snapshotter
 * sidecar) and harvester-csi-driver `CreateSnapshot` play it (docs/harvester-rules.md R-VSN-*, R-VSC-*):
 * - a VolumeSnapshot whose class names `driver.harvesterhci.io` and whose source PVC is bound gets a content
 *   `snapcontent-<uid>`, then `readyToUse: true`, `restoreSize` (the volume's size) and `creationTime`;
 * - driver before v0.2.4: `CreateSnapshot` is Unimplemented → `status.error` with the snapshotter's wrapping;
 * - `type: backup` before v0.2.8 is not read: a local snapshot (R-VSC-4); from v0.2.8 a backup needs the host's
 *   `backup-target` setting, else the driver's `VolumeRemoteBackup <name> is not ready` (R-VSN-5).
 * - the host object is named as the snapshotter names the CSI snapshot, `snapshot-<uid>` (csi-snapshotter
 *   `makeSnapshotName`), in the guest's VM namespace: a host VolumeSnapshot of the host PVC (the PV's handle), or a
 *   VolumeRemoteBackup {type: lh, source} for a backup (R-VSN-12).
 * Restores (a PVC with `dataSource` → VolumeSnapshot) are provisioned by csi.ts through `restoreCheck`.
 */
import { getObject, SimState, storeObject } from '../core/state';
import { ChangeEvent, KubeObject } from '../core/types';
import { harvesterGuest, HarvesterGuest } from './harvesterGuests';
import { Controller } from './runtime';
import { recordEvent } from './events';

const SNAPSHOTTER = { component: 'snapshot-controller' };

export const SNAPSHOT_TYPE = 'snapshot.storage.k8s.io.volumesnapshot';
const CLASS_TYPE = 'snapshot.storage.k8s.io.volumesnapshotclass';
const DRIVER = 'driver.harvesterhci.io';

function versionParts(v: string): number[] {
  return v.replace(/^v/, '').split(/[.-]/).slice(0, 3).map((n) => Number.parseInt(n, 10) || 0);
}

export function atLeast(version: string, min: string): boolean {
  const a = versionParts(version);
  const b = versionParts(min);

  for (let i = 0; i < 3; i++) {
    if (a[i] !== b[i]) {
      return a[i] > b[i];
    }
  }

  return true;
}

/** The CSI driver's version in the guest, from its DaemonSet's image tag. */
export function csiVersion(state: SimState, clusterId: string): string {
  const ds = getObject(state, clusterId, 'apps.daemonset', 'kube-system/harvester-csi-driver');
  const image: string = ds?.spec?.template?.spec?.containers?.[0]?.image || '';

  return image.split(':v')[1] || '0.0.0';
}

function stamp(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, 'Z');
}

function failure(volume: string, desc: string, code = 'Internal'): string {
  return `Failed to check and update snapshot content: failed to take snapshot of the volume ${ volume }: "rpc error: code = ${ code } desc = ${ desc }"`;
}

/** What `CreateSnapshot` leaves on the host once it answers (it waits for the host object to be ready). */
function hostObject(guest: HarvesterGuest, name: string, backup: boolean, volume: string, at: string, size: string): KubeObject {
  if (!backup) {
    // generateHostSnapManifest: the class from csi-driver-config, labels naming the host PVC's class and mode.
    return {
      apiVersion: 'snapshot.storage.k8s.io/v1',
      kind:       'VolumeSnapshot',
      metadata:   {
        name, namespace: guest.vmNamespace, labels: { 'harvesterhci.io/snapHostSC': 'harvester-longhorn', 'harvesterhci.io/snapHostVolumeMode': 'Block' }
      },
      spec:   { source: { persistentVolumeClaimName: volume }, volumeSnapshotClassName: 'longhorn-snapshot' },
      status: {
        creationTime: at, readyToUse: true, restoreSize: size
      },
    };
  }

  return {
    apiVersion: 'harvesterhci.io/v1beta1',
    kind:       'VolumeRemoteBackup',
    metadata:   {
      name, namespace: guest.vmNamespace, labels: { 'harvesterhci.io/backupSourceVolume': volume }
    },
    spec:   { type: 'lh', source: volume },
    status: {
      success: true, csiProvider: 'driver.longhorn.io', handle: `backup-${ name }`, sourceSpec: { resources: { requests: { storage: size } } }
    },
  };
}

function takeSnapshot(state: SimState, clusterId: string, id: string): void {
  const guest = harvesterGuest(state, clusterId);
  const snap = getObject(state, clusterId, SNAPSHOT_TYPE, id);

  if (!guest || !snap || snap.status?.readyToUse || snap.status?.error) {
    return;
  }
  const cls = getObject(state, clusterId, CLASS_TYPE, snap.spec?.volumeSnapshotClassName || '');
  const pvc = getObject(state, clusterId, 'persistentvolumeclaim', `${ snap.metadata.namespace }/${ snap.spec?.source?.persistentVolumeClaimName }`);

  // Another driver's class, or an unbound source: the snapshotter waits (nothing for this driver to do).
  if (!cls || cls.driver !== DRIVER || !pvc?.spec?.volumeName || pvc.status?.phase !== 'Bound') {
    return;
  }
  const version = csiVersion(state, clusterId);
  const content = `snapcontent-${ snap.metadata.uid }`;
  const hostName = `snapshot-${ snap.metadata.uid }`;
  const backup = cls.parameters?.type === 'backup' && atLeast(version, '0.2.8');
  const next: KubeObject = JSON.parse(JSON.stringify(snap));
  const at = stamp();
  let error: string | undefined;

  if (!atLeast(version, '0.2.4')) {
    error = failure(pvc.spec.volumeName, '', 'Unimplemented');
  } else if (backup && !getObject(state, guest.hostId, 'harvesterhci.io.setting', 'backup-target')?.value) {
    error = failure(pvc.spec.volumeName, `VolumeRemoteBackup ${ hostName } is not ready`);
  }
  const size = pvc.status?.capacity?.storage || pvc.spec?.resources?.requests?.storage || '1Gi';

  if (!error) {
    storeObject(state, guest.hostId, backup ? 'harvesterhci.io.volumeremotebackup' : SNAPSHOT_TYPE, hostObject(guest, hostName, backup, pvc.spec.volumeName, at, size));
  } else if (backup) {
    // The driver made the host's VolumeRemoteBackup; without a backup target it never succeeds.
    const pending = hostObject(guest, hostName, backup, pvc.spec.volumeName, at, size);

    delete pending.status;
    storeObject(state, guest.hostId, 'harvesterhci.io.volumeremotebackup', pending);
  }
  next.status = error ? {
    boundVolumeSnapshotContentName: content, readyToUse: false, error: { message: error, time: at }
  } : {
    boundVolumeSnapshotContentName: content,
    creationTime:                   at,
    readyToUse:                     true,
    restoreSize:                    size,
  };
  const stored = storeObject(state, clusterId, SNAPSHOT_TYPE, next);
  const ref = `${ snap.metadata.namespace }/${ snap.metadata.name }`;

  // The snapshot-controller's events on the VolumeSnapshot (external-snapshotter pkg/common-controller).
  recordEvent(state, clusterId, stored, 'Normal', 'CreatingSnapshot', `Waiting for a snapshot ${ ref } to be created by the CSI driver.`, SNAPSHOTTER);
  if (!error) {
    recordEvent(state, clusterId, stored, 'Normal', 'SnapshotCreated', `Snapshot ${ ref } was successfully created by the CSI driver.`, SNAPSHOTTER);
    recordEvent(state, clusterId, stored, 'Normal', 'SnapshotReady', `Snapshot ${ ref } is ready to use.`, SNAPSHOTTER);
  }
}

/** For csi.ts: why a PVC restoring from a VolumeSnapshot cannot be provisioned (yet), or null when it can. */
export function restoreCheck(state: SimState, clusterId: string, pvc: KubeObject): { wait: string } | { error: string } | null {
  const source = pvc.spec?.dataSource;

  if (!source || source.kind !== 'VolumeSnapshot') {
    return null;
  }
  const snap = getObject(state, clusterId, SNAPSHOT_TYPE, `${ pvc.metadata.namespace }/${ source.name }`);

  if (!snap?.status?.readyToUse) {
    return { wait: `VolumeSnapshot ${ source.name } is not ready` };
  }
  if ((pvc.spec?.accessModes || []).includes('ReadWriteMany')) {
    return { error: 'rpc error: code = InvalidArgument desc = Creating RWX volumes from snapshots is not supported' };
  }

  return null;
}

export const csiSnapshotController: Controller = {
  name: 'harvester-csi-snapshotter',
  keysFor(ev: ChangeEvent, state: SimState): string[] {
    return ev.type === SNAPSHOT_TYPE && ev.name === 'resource.create' && harvesterGuest(state, ev.cluster) ? [`${ ev.cluster }\t${ ev.id }`] : [];
  },
  reconcile(state: SimState, key: string): void {
    const [clusterId, id] = key.split('\t');

    takeSnapshot(state, clusterId, id);
  },
};
