/**
 * rke2-guest's volume `data-db-0` (Harvester CSI, 10Gi, bound) and two VolumeSnapshots of it, as the
 * external-snapshotter leaves them: a local snapshot and one of the backup class (the seeded driver v0.2.4 does
 * not read `type: backup` and took a local snapshot, R-VSC-4). Both ready, restoreSize 10Gi.
 */
import { object } from '../builders';
import { SNAPSHOT_CLASSES, VM_NAMESPACE } from '../ids';
import { KubeObject } from '../../simulator/core/types';

export const GUEST_VOLUME = {
  pvc: 'data-db-0', namespace: 'default', size: '10Gi'
} as const;
export const SEEDED_SNAPSHOTS = { local: 'data-db-0-snapshot-20261120093000', backup: 'data-db-0-backup-20261121093000' } as const;
const VOLUME = 'pvc-3f1c9a52-7a1e-4d7e-9c1b-000000000019';
const UIDS = { local: '9a0e1f7c-1b2d-4c3e-8f4a-000000000191', backup: '9a0e1f7c-1b2d-4c3e-8f4a-000000000192' } as const;

function snapshot(name: string, className: string, at: string, uid: string): KubeObject {
  return object('snapshot.storage.k8s.io/v1', 'VolumeSnapshot', name, { namespace: GUEST_VOLUME.namespace, uid }, {
    spec:   { volumeSnapshotClassName: className, source: { persistentVolumeClaimName: GUEST_VOLUME.pvc } },
    status: {
      boundVolumeSnapshotContentName: `snapcontent-${ uid }`, creationTime: at, readyToUse: true, restoreSize: GUEST_VOLUME.size
    },
  });
}

export function guestVolumes(): KubeObject[] {
  return [
    object('v1', 'PersistentVolumeClaim', GUEST_VOLUME.pvc, {
      namespace: GUEST_VOLUME.namespace, uid: '3f1c9a52-7a1e-4d7e-9c1b-000000000019', annotations: { 'pv.kubernetes.io/bind-completed': 'yes', 'volume.kubernetes.io/storage-provisioner': 'driver.harvesterhci.io' }
    }, {
      spec: {
        accessModes: ['ReadWriteOnce'], storageClassName: 'harvester', volumeMode: 'Filesystem', resources: { requests: { storage: GUEST_VOLUME.size } }, volumeName: VOLUME
      },
      status: {
        phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: GUEST_VOLUME.size }
      },
    }),
    object('v1', 'PersistentVolume', VOLUME, { annotations: { 'pv.kubernetes.io/provisioned-by': 'driver.harvesterhci.io' } }, {
      spec: {
        accessModes: ['ReadWriteOnce'],
        capacity:    { storage: GUEST_VOLUME.size },
        claimRef:    {
          apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: GUEST_VOLUME.namespace, name: GUEST_VOLUME.pvc
        },
        csi: {
          driver: 'driver.harvesterhci.io', volumeHandle: VOLUME, fsType: 'ext4'
        },
        persistentVolumeReclaimPolicy: 'Delete',
        storageClassName:              'harvester',
        volumeMode:                    'Filesystem',
      },
      status: { phase: 'Bound' },
    }),
    snapshot(SEEDED_SNAPSHOTS.local, SNAPSHOT_CLASSES.local, '2026-11-20T09:30:00Z', UIDS.local),
    snapshot(SEEDED_SNAPSHOTS.backup, SNAPSHOT_CLASSES.backup, '2026-11-21T09:30:00Z', UIDS.backup),
  ];
}

/** The host VolumeSnapshot harvester-csi-driver made of the host PVC (named as the guest PV's handle). */
function hostSnapshot(name: string, hostPvc: string, at: string, size: string): KubeObject {
  return object('snapshot.storage.k8s.io/v1', 'VolumeSnapshot', name, { namespace: VM_NAMESPACE, labels: { 'harvesterhci.io/snapHostSC': 'harvester-longhorn', 'harvesterhci.io/snapHostVolumeMode': 'Block' } }, {
    spec:   { source: { persistentVolumeClaimName: hostPvc }, volumeSnapshotClassName: 'longhorn-snapshot' },
    status: {
      creationTime: at, readyToUse: true, restoreSize: size
    },
  });
}

/**
 * On the host: the volume behind data-db-0, the host snapshots behind both seeded VolumeSnapshots (driver v0.2.4
 * took local snapshots for both, `snapshot-<uid>`), and a backup target (its credentials must never be shown).
 */
/** The host volume's Longhorn PersistentVolume. */
const HOST_PV = 'pvc-2c7bb627-1612-4d39-aac2-6259e6922bcf';

export function hostVolumes(): KubeObject[] {
  return [
    // As dynamic provisioning leaves it: the PV controller's annotations, which the CSI driver reads for the host
    // snapshot class (csi-driver-config by provisioner, controller_server.go getHostSnapClass).
    object('v1', 'PersistentVolumeClaim', VOLUME, {
      namespace:   VM_NAMESPACE,
      annotations: {
        'pv.kubernetes.io/bind-completed': 'yes', 'pv.kubernetes.io/bound-by-controller': 'yes', 'volume.beta.kubernetes.io/storage-provisioner': 'driver.longhorn.io', 'volume.kubernetes.io/storage-provisioner': 'driver.longhorn.io'
      },
    }, {
      spec: {
        accessModes: ['ReadWriteMany'], storageClassName: 'harvester-longhorn', volumeMode: 'Block', resources: { requests: { storage: GUEST_VOLUME.size } }, volumeName: HOST_PV
      },
      status: {
        phase: 'Bound', accessModes: ['ReadWriteMany'], capacity: { storage: GUEST_VOLUME.size }
      },
    }),
    // Longhorn's volume for it, as its CSI provisioner made it.
    object('v1', 'PersistentVolume', HOST_PV, { annotations: { 'pv.kubernetes.io/provisioned-by': 'driver.longhorn.io' } }, {
      spec: {
        accessModes: ['ReadWriteMany'],
        capacity:    { storage: GUEST_VOLUME.size },
        claimRef:    {
          apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: VM_NAMESPACE, name: VOLUME
        },
        csi: {
          driver: 'driver.longhorn.io', volumeHandle: HOST_PV, fsType: 'ext4'
        },
        persistentVolumeReclaimPolicy: 'Delete',
        storageClassName:              'harvester-longhorn',
        volumeMode:                    'Block',
      },
      status: { phase: 'Bound' },
    }),
    hostSnapshot(`snapshot-${ UIDS.local }`, VOLUME, '2026-11-20T09:30:00Z', GUEST_VOLUME.size),
    hostSnapshot(`snapshot-${ UIDS.backup }`, VOLUME, '2026-11-21T09:30:00Z', GUEST_VOLUME.size),
    object('harvesterhci.io/v1beta1', 'Setting', 'backup-target', {}, {
      value: JSON.stringify({
        type: 's3', endpoint: 'https://s3.us-east-1.amazonaws.com', bucketName: 'harvester-backups', bucketRegion: 'us-east-1', accessKeyId: 'AKIADEMOKEY', secretAccessKey: 'demo-secret-never-shown'
      }),
      default: '',
    }),
  ];
}
