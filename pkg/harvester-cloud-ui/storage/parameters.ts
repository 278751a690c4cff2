/**
 * The Harvester CSI driver's StorageClass parameters (provisioner `driver.harvesterhci.io`): read them, write them
 * back changing only what the user changed, and check them. Rules from harvester-csi-driver
 * `pkg/csi/controller_server.go`: `hostStorageClass` names a host StorageClass (absent: the host's default);
 * `hostVolumeMode` is honoured only as the exact value `filesystem`.
 */

import { HOST_STORAGE_CLASS, HOST_VOLUME_MODE } from './names';

export {
  HARVESTER_PROVISIONER, HOST_STORAGE_CLASS, HOST_VOLUME_MODE
} from './names';
export const FILESYSTEM = 'filesystem';
/** Custom host StorageClasses need this CSI driver version on the guest (seed 004). */
export const MIN_CSI_FOR_HOST_CLASS = '0.1.15';

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
 */
export function chooseHostStorageClass(current: HarvesterParameters, name: string | undefined): HarvesterParameters {
  const trimmed = (name || '').trim();

  if (!trimmed) {
    return { ...current, hostStorageClass: current.hostStorageClass === '' ? '' : undefined };
  }

  return { ...current, hostStorageClass: trimmed };
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

// RFC 1123 subdomain, as Kubernetes validates object names (k8s.io/apimachinery IsDNS1123Subdomain).
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export function isDns1123Subdomain(name: string): boolean {
  return name.length <= 253 && DNS1123_SUBDOMAIN.test(name);
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
 * Errors block saving; warnings do not. `hostClassNames` is null when the host's classes could not be read.
 */
export function validateParameters(params: HarvesterParameters, hostClassNames: string[] | null): Validation {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const name = params.hostStorageClass;

  if (name === '') {
    warnings.push({ field: 'hostStorageClass', key: 'emptyHostStorageClass' });
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
    warnings.push({
      field: 'hostVolumeMode', key: 'ignoredVolumeMode', args: { mode }
    });
  }

  return { errors, warnings };
}
