import { HARVESTER_PROVISIONER, HOST_STORAGE_CLASS } from './names';
import { Translate } from '../shared/translate';

export type { Translate };

export interface StorageClassRow {
  provisioner?: string;
  parameters?: Record<string, string>;
}

/** The StorageClass list's host class cell: blank for other provisioners, "host default" when none is named. */
export function hostStorageClassCell(row: StorageClassRow, t: Translate): string {
  if (row?.provisioner !== HARVESTER_PROVISIONER) {
    return '';
  }
  const name = row.parameters?.[HOST_STORAGE_CLASS];

  if (name === undefined) {
    return t('harvesterStorage.column.hostDefault');
  }

  return name === '' ? t('harvesterStorage.column.emptyValue') : name;
}
