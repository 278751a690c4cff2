/** Steve type ids of the guest objects this feature reads and writes (snapshot.storage.k8s.io/v1, core/v1). */
export const VOLUME_SNAPSHOT = 'snapshot.storage.k8s.io.volumesnapshot';
export const PVC = 'persistentvolumeclaim';
export const STORAGE_CLASS = 'storage.k8s.io.storageclass';
/** The PVC detail page's tab (register.ts), also where the cluster list links to. */
export const TAB_NAME = 'harvester-volume-snapshots';
