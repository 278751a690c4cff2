// The names the list column and the registration need, kept apart so the extension's entry bundle stays small.
export { STORAGE_CLASS } from '../data/typeIds';
export const HARVESTER_PROVISIONER = 'driver.harvesterhci.io';
export const HOST_STORAGE_CLASS = 'hostStorageClass';
export const HOST_VOLUME_MODE = 'hostVolumeMode';
