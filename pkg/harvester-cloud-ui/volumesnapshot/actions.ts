/**
 * R-VSN-15: which PVC list rows get "Take snapshot" / "Back up to Harvester". Only the Harvester CSI driver takes
 * these snapshots (its VolumeSnapshotClasses name `driver.harvesterhci.io`, and the snapshotter hands a snapshot to
 * the driver that provisioned the volume), so the actions are for claims whose StorageClass has that provisioner.
 * The StorageClass comes from the dashboard's store, which the PVC list does not fill: a class not found there is
 * not known to be foreign, so the actions stay (the tab then says whether the claim is the driver's).
 */
import { HARVESTER_PROVISIONER } from '../storageClass/names';

interface ClaimLike { spec?: { storageClassName?: string | null } }
interface ClassLike { metadata?: { name?: string }; provisioner?: string }

export function offersSnapshotActions(pvc: ClaimLike | null | undefined, storeClasses: ClassLike[]): boolean {
  const name = pvc?.spec?.storageClassName;

  // No class: a statically bound claim (or none at all), never provisioned by the driver.
  if (!name) {
    return false;
  }
  const sc = storeClasses.find((c) => c.metadata?.name === name);

  return !sc || sc.provisioner === HARVESTER_PROVISIONER;
}
