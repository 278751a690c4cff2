/** Steve type ids of the guest objects this feature reads and writes (snapshot.storage.k8s.io/v1, core/v1). */
export const VOLUME_SNAPSHOT = 'snapshot.storage.k8s.io.volumesnapshot';
export const PVC = 'persistentvolumeclaim';
export const STORAGE_CLASS = 'storage.k8s.io.storageclass';
