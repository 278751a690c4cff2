/**
 * The Harvester CSI driver's StorageClass parameters (provisioner `driver.harvesterhci.io`): read them, write them
 * back changing only what the user changed, and check them. Rules from harvester-csi-driver
 * `pkg/csi/controller_server.go`: `hostStorageClass` names a host StorageClass (absent: the host's default; any
 * present value, even empty, is looked up: `validStorageClass`); `hostVolumeMode` is honoured only as the exact
 * value `filesystem`, from driver v0.2.4.
 */
import { atLeast } from '../environment/versions';
import { isDns1123Subdomain } from '../shared/dns1123';

import { HOST_STORAGE_CLASS, HOST_VOLUME_MODE } from './names';

export {
  HARVESTER_PROVISIONER, HOST_STORAGE_CLASS, HOST_VOLUME_MODE
} from './names';
export const FILESYSTEM = 'filesystem';
/**
 * Driver (app) versions, from harvester-csi-driver tags: `hostStorageClass` is read from v0.1.4 (chart 0.1.15),
 * `hostVolumeMode` from v0.2.4 (chart 0.1.25; v0.2.3 declares the key but never reads it).
 */
export const MIN_CSI_FOR_HOST_CLASS = '0.1.4';
export const MIN_CSI_FOR_HOST_VOLUME_MODE = '0.2.4';

export type Parameters = Record<string, string>;

/** The form's view of the parameters: `undefined` means the key is absent. */
export interface HarvesterParameters {
  hostStorageClass?: string;
  hostVolumeMode?: string;
  others: Parameters;
}

const MANAGED = [HOST_STORAGE_CLASS, HOST_VOLUME_MODE];

export function isManagedKey(key: string): boolean {
  return MANAGED.includes(key);
}

// Objects are built from entries (never `obj[key] = …`), so any key a map may hold, `__proto__` included, stays data.
export function readParameters(params: Parameters | null | undefined): HarvesterParameters {
  const source = params || {};
  const own = (key: string) => (Object.prototype.hasOwnProperty.call(source, key) ? source[key] : undefined);

  return {
    hostStorageClass: own(HOST_STORAGE_CLASS),
    hostVolumeMode:   own(HOST_VOLUME_MODE),
    others:           Object.fromEntries(Object.entries(source).filter(([key]) => !isManagedKey(key))),
  };
}

/**
 * Composes the parameters from the form, keeping the key order and every value of `base` that the form did not
 * change, so an untouched form gives back an equal object (same keys, same order, same strings).
 * Managed keys typed into the key/value list (`next.others`) override the dedicated fields.
 */
export function writeParameters(base: Parameters | null | undefined, next: HarvesterParameters): Parameters {
  const wanted = new Map<string, string | undefined>(Object.entries(next.others));

  for (const [key, field] of [[HOST_STORAGE_CLASS, next.hostStorageClass], [HOST_VOLUME_MODE, next.hostVolumeMode]] as const) {
    if (wanted.get(key) === undefined) {
      wanted.set(key, field);
    }
  }
  const order = [...Object.keys(base || {}), ...wanted.keys()];

  return Object.fromEntries([...new Set(order)].filter((key) => wanted.get(key) !== undefined).map((key) => [key, wanted.get(key) as string]));
}

/**
 * The host class the user picked: '' (or undefined) means "the host's default", written as no parameter because the
 * driver looks up any present value, even an empty one. An empty value already saved is kept when re-picked.
 * Anything else is kept exactly as typed: a name with blanks is flagged as invalid, never trimmed silently.
 */
export function chooseHostStorageClass(current: HarvesterParameters, name: string | undefined): HarvesterParameters {
  if (!name) {
    return { ...current, hostStorageClass: current.hostStorageClass === '' ? '' : undefined };
  }

  return { ...current, hostStorageClass: name };
}

/** `filesystem` or the driver's default (no parameter); a saved value is kept when re-picked. */
export function chooseHostVolumeMode(current: HarvesterParameters, mode: string | undefined): HarvesterParameters {
  if (mode === current.hostVolumeMode) {
    return current;
  }

  return { ...current, hostVolumeMode: mode === FILESYSTEM ? FILESYSTEM : undefined };
}

export function replaceOthers(current: HarvesterParameters, others: Parameters): HarvesterParameters {
  return { ...current, others: { ...others } };
}

/** A message for the form: a translation key under `harvesterStorage.validation` and its arguments. */
export interface Issue {
  field: 'hostStorageClass' | 'hostVolumeMode';
  key: string;
  args?: Record<string, string>;
}

export interface Validation {
  errors: Issue[];
  warnings: Issue[];
}

/**
 * Errors block saving; warnings do not. `hostClassNames` is null when the host's classes could not be read;
 * `csiVersion` is the driver's app version, null or undefined when unknown.
 * StorageClass parameters cannot change once created, so whatever makes every volume of the class fail is an error.
 */
export function validateParameters(params: HarvesterParameters, hostClassNames: string[] | null, csiVersion?: string | null): Validation {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const name = params.hostStorageClass;

  if (name === '') {
    // `validStorageClass("")`: the host API refuses an empty name, CreateVolume fails for every volume.
    errors.push({ field: 'hostStorageClass', key: 'emptyHostStorageClass' });
  } else if (name !== undefined) {
    if (!isDns1123Subdomain(name)) {
      errors.push({
        field: 'hostStorageClass', key: 'invalidName', args: { name }
      });
    } else if (hostClassNames && !hostClassNames.includes(name)) {
      warnings.push({
        field: 'hostStorageClass', key: 'notOnHost', args: { name }
      });
    }
  }

  const mode = params.hostVolumeMode;

  if (mode !== undefined && mode !== FILESYSTEM) {
    // A near miss (`Filesystem`, ` filesystem`) means the user wanted filesystem and would silently get the default.
    const nearMiss = mode.trim().toLowerCase() === FILESYSTEM;

    (nearMiss ? errors : warnings).push({
      field: 'hostVolumeMode', key: nearMiss ? 'volumeModeCase' : 'ignoredVolumeMode', args: { mode }
    });
  } else if (mode === FILESYSTEM && atLeast(csiVersion ?? null, MIN_CSI_FOR_HOST_VOLUME_MODE) === false) {
    warnings.push({
      field: 'hostVolumeMode', key: 'volumeModeTooOld', args: { version: csiVersion as string, min: MIN_CSI_FOR_HOST_VOLUME_MODE }
    });
  }

  return { errors, warnings };
}
