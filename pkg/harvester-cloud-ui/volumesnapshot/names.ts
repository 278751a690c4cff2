/** Steve type ids of the guest objects this feature reads and writes (snapshot.storage.k8s.io/v1, core/v1). */
export {
  PVC, STORAGE_CLASS, VOLUME_SNAPSHOT
} from '../data/typeIds';
/** The PVC detail page's tab (register.ts), also where the cluster list links to. */
export const TAB_NAME = 'harvester-volume-snapshots';
