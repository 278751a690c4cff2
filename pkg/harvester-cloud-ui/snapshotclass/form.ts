/**
 * The VolumeSnapshotClass page's decisions: its form read from the object, written back changing only what the
 * user changed (unknown parameters and every other field keep their bytes), its options and its notices. `text`, the
 * page's translator, takes keys under `harvesterSnapshotClass`.
 */
import {
  BACKUP, chooseSnapshotKind, DELETION_POLICIES, HARVESTER_DRIVER, LOCAL, MIN_CSI_FOR_BACKUP, MIN_CSI_FOR_SNAPSHOTS,
  Parameters, readSnapshotParameters, replaceOtherParameters, snapshotKind, SnapshotParameters, writeSnapshotParameters
} from './codec';
import { SnapshotClassForm } from './validation';
import type { Translate } from '../shared/translate';

export interface SnapshotClassValue {
  metadata?: { name?: string };
  driver?: string;
  deletionPolicy?: string;
  parameters?: Parameters | null;
}

export interface Option { label: string; value: string }

export function readForm(value: SnapshotClassValue): SnapshotClassForm {
  return {
    name:           value.metadata?.name || '',
    driver:         value.driver || '',
    deletionPolicy: value.deletionPolicy || '',
    parameters:     readSnapshotParameters(value.parameters),
  };
}

/** What a new class starts with: the Harvester driver and the API's usual policy (both required by the CRD). */
export function newClassDefaults(value: SnapshotClassValue): Partial<SnapshotClassValue> {
  return {
    ...(value.driver ? {} : { driver: HARVESTER_DRIVER }),
    ...(value.deletionPolicy ? {} : { deletionPolicy: 'Delete' }),
  };
}

/** The parameters with the form's change applied: null when there were none and still are (no empty map written). */
export function nextParameters(value: SnapshotClassValue, next: SnapshotParameters): Parameters | null | undefined {
  const out = writeSnapshotParameters(value.parameters, next);

  return Object.keys(out).length || value.parameters ? out : value.parameters;
}

export function withKind(form: SnapshotClassForm, choice: string): SnapshotParameters {
  return chooseSnapshotKind(form.parameters, choice);
}

export function withOthers(form: SnapshotClassForm, others: Parameters): SnapshotParameters {
  return replaceOtherParameters(form.parameters, others);
}

export function isHarvester(form: SnapshotClassForm): boolean {
  return form.driver === HARVESTER_DRIVER;
}

/** Local snapshot, backup, and the saved value itself when it is something else (never hidden, never changed). */
export function typeOptions(form: SnapshotClassForm, text: Translate): Option[] {
  const options = [
    { label: text(`type.snapshot`), value: LOCAL },
    { label: text(`type.backup`), value: BACKUP },
  ];
  const type = form.parameters.type;

  if (type !== undefined && type !== BACKUP && type !== LOCAL) {
    options.push({ label: text(`type.other`, { type }), value: type });
  }

  return options;
}

/** The option to show as picked: the saved value when the options list it, else what the driver will do. */
export function typeValue(form: SnapshotClassForm): string {
  const type = form.parameters.type;

  return type !== undefined && type !== BACKUP && type !== LOCAL ? type : snapshotKind(type);
}

export function policyOptions(form: SnapshotClassForm, text: Translate): Option[] {
  const options: Option[] = DELETION_POLICIES.map((p) => ({ label: text(`deletionPolicy.${ p }`), value: p }));

  if (form.deletionPolicy && !(DELETION_POLICIES as readonly string[]).includes(form.deletionPolicy)) {
    options.push({ label: text(`deletionPolicy.other`, { policy: form.deletionPolicy }), value: form.deletionPolicy });
  }

  return options;
}

/** The notice when the driver's version could not be read (a known version is judged by validation.ts). */
export function versionNotice(form: SnapshotClassForm, csiVersion: string | null | undefined, text: Translate): string | null {
  return isHarvester(form) && csiVersion === null ? text(`version.unknown`, { min: MIN_CSI_FOR_SNAPSHOTS, backup: MIN_CSI_FOR_BACKUP }) : null;
}
