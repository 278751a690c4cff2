/**
 * Which VolumeSnapshotClasses a PVC of the Harvester CSI driver may use, and whether the installed driver takes
 * them (docs/harvester-rules.md R-VSN-1, R-VSC-1, R-VSC-3, R-VSC-4): only classes whose `driver` is
 * `driver.harvesterhci.io` (the external-snapshotter hands a VolumeSnapshot to the driver its class names);
 * `parameters.type` exactly `backup` is a backup (harvester-csi-driver `CreateSnapshot`, `paramSnapshotType`);
 * snapshots need driver v0.2.4, backups v0.2.8.
 */
import { atLeast } from '../environment/installedVersions';
import { HARVESTER_DRIVER, MIN_CSI_FOR_BACKUP, MIN_CSI_FOR_SNAPSHOTS, snapshotKind } from '../snapshotclass/codec';

export interface SnapshotClassLike {
  metadata: { name: string; annotations?: Record<string, string> };
  driver?: string;
  deletionPolicy?: string;
  parameters?: Record<string, string> | null;
}

export type Gate = 'ok' | 'noSnapshots' | 'noBackups' | 'unknownVersion';

export interface ClassOffer {
  name: string;
  kind: 'backup' | 'snapshot';
  deletionPolicy: string;
  /** Why the class cannot be used now; 'ok' when it can. An unknown version is said, not refused. */
  gate: Gate;
  disabled: boolean;
  isDefault: boolean;
}

const DEFAULT_ANNOTATION = 'snapshot.storage.kubernetes.io/is-default-class';

/** The gate for one kind of class on the installed driver version (null: not readable). */
export function gateFor(kind: 'backup' | 'snapshot', csiVersion: string | null | undefined): Gate {
  if (!csiVersion) {
    return 'unknownVersion';
  }
  if (!atLeast(csiVersion, MIN_CSI_FOR_SNAPSHOTS)) {
    return 'noSnapshots';
  }
  if (kind === 'backup' && !atLeast(csiVersion, MIN_CSI_FOR_BACKUP)) {
    return 'noBackups';
  }

  return 'ok';
}

/** The Harvester driver's classes, sorted by name, each marked snapshot/backup and gated by the driver version. */
export function offerClasses(classes: SnapshotClassLike[], csiVersion: string | null | undefined): ClassOffer[] {
  return classes
    .filter((c) => c.driver === HARVESTER_DRIVER)
    .map((c) => {
      const kind = snapshotKind(c.parameters?.type);
      const gate = gateFor(kind, csiVersion);

      return {
        name:           c.metadata.name,
        kind,
        deletionPolicy: c.deletionPolicy || '',
        gate,
        disabled:       gate === 'noSnapshots' || gate === 'noBackups',
        isDefault:      c.metadata.annotations?.[DEFAULT_ANNOTATION] === 'true',
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The class the form starts with for the action the user picked ("Take snapshot" or "Back up"): a usable class of
 * that kind, the default-annotated one first; none when there is no usable class of that kind.
 */
export function pickClass(offers: ClassOffer[], kind: 'backup' | 'snapshot'): string | undefined {
  const usable = offers.filter((o) => o.kind === kind && !o.disabled);

  return (usable.find((o) => o.isDefault) || usable[0])?.name;
}

/**
 * What is missing before any snapshot can be shown or taken, in the order it has to be fixed: the VolumeSnapshot
 * resource (`schemaWhy`: not installed, or not the user's to use, access.ts), then a class. What the user's role
 * allows is said apart (access.ts `deniedActions`).
 */
export type Missing = 'noCrd' | 'denied' | 'unknown' | 'noClass' | null;

export function missingPiece(opts: { schemaWhy: 'noCrd' | 'denied' | 'unknown' | null; offers: ClassOffer[] }): Missing {
  if (opts.schemaWhy) {
    return opts.schemaWhy;
  }

  return opts.offers.length ? null : 'noClass';
}
