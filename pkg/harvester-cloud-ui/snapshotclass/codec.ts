/**
 * VolumeSnapshotClass (snapshot.storage.k8s.io/v1) for the Harvester CSI driver: read the form from the object and
 * write back only what the user changed. Rules from harvester-csi-driver `pkg/csi/controller_server.go`
 * (docs/harvester-rules.md R-VSC-*): `CreateSnapshot` takes a backup to the host's backup target (a Harvester
 * `VolumeRemoteBackup`) when `parameters.type` is exactly `backup` (`paramSnapshotType`, `snapshotTypeBackup`),
 * from v0.2.8; any other value, or none, takes a local snapshot on the host (a host VolumeSnapshot), from v0.2.4.
 * Before v0.2.4 `CreateSnapshot` answers Unimplemented.
 */
export { SNAPSHOT_CLASS } from './names';
export const HARVESTER_DRIVER = 'driver.harvesterhci.io';
export const SNAPSHOT_TYPE = 'type';
export const BACKUP = 'backup';
/** What the form calls a local snapshot: the driver's default, written as no `type` parameter. */
export const LOCAL = 'snapshot';
export const DELETION_POLICIES = ['Delete', 'Retain'] as const;

export const MIN_CSI_FOR_SNAPSHOTS = '0.2.4';
export const MIN_CSI_FOR_BACKUP = '0.2.8';

export type Parameters = Record<string, string>;

export interface SnapshotClassObject {
  driver?: string;
  deletionPolicy?: string;
  parameters?: Parameters | null;
}

/** The form's view of the parameters: `undefined` means the key is absent. */
export interface SnapshotParameters {
  type?: string;
  others: Parameters;
}

// Objects are built from entries (never `obj[key] = …`), so any key, `__proto__` included, stays data.
export function readSnapshotParameters(params: Parameters | null | undefined): SnapshotParameters {
  const source = params || {};

  return {
    type:   Object.prototype.hasOwnProperty.call(source, SNAPSHOT_TYPE) ? source[SNAPSHOT_TYPE] : undefined,
    others: Object.fromEntries(Object.entries(source).filter(([key]) => key !== SNAPSHOT_TYPE)),
  };
}

/**
 * The parameters from the form, in `base`'s key order with every value the form did not change, so an untouched
 * form gives back the same keys, order and strings. A `type` typed into the key/value list wins over the field.
 */
export function writeSnapshotParameters(base: Parameters | null | undefined, next: SnapshotParameters): Parameters {
  const wanted = new Map<string, string | undefined>(Object.entries(next.others));

  if (wanted.get(SNAPSHOT_TYPE) === undefined) {
    wanted.set(SNAPSHOT_TYPE, next.type);
  }
  const order = [...new Set([...Object.keys(base || {}), ...wanted.keys()])];

  return Object.fromEntries(order.filter((key) => wanted.get(key) !== undefined).map((key) => [key, wanted.get(key) as string]));
}

/** What the driver will do with the saved value. */
export function snapshotKind(type: string | undefined): 'backup' | 'snapshot' {
  return type === BACKUP ? BACKUP : LOCAL;
}

/**
 * The option the user picked: the saved value itself keeps it as it is; `backup` writes `type: backup`; a local
 * snapshot writes no `type` (the driver's default).
 */
export function chooseSnapshotKind(current: SnapshotParameters, choice: string): SnapshotParameters {
  if (choice === current.type) {
    return current;
  }

  return { ...current, type: choice === BACKUP ? BACKUP : undefined };
}

export function replaceOtherParameters(current: SnapshotParameters, others: Parameters): SnapshotParameters {
  return { ...current, others: { ...others } };
}
