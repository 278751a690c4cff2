import { KubeObject } from '../steve/types';

/** ConfigMap the Harvester cloud provider chart writes in the guest: NAD name -> guest interface (JSON). */
export const NAD_MAPPING_ID = 'kube-system/harvester-nad-mapping';
export const NAD_MAPPING_KEY = 'interface-nad-mapping';

export interface NetworkOption {
  value: string;
  label: string;
}

export interface NadMapping {
  options: NetworkOption[];
  /** 'missing' when there is no mapping, 'malformed' when its JSON cannot be read. */
  problem: 'missing' | 'malformed' | null;
}

export function parseNadMapping(configMap: KubeObject | null | undefined): NadMapping {
  const raw = configMap?.data?.[NAD_MAPPING_KEY];

  if (!raw) {
    return { options: [], problem: 'missing' };
  }
  try {
    const parsed = JSON.parse(raw);

    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return { options: [], problem: 'malformed' };
    }

    return {
      options: Object.keys(parsed).sort().map((nad) => ({ value: nad, label: parsed[nad] ? `${ nad } (${ parsed[nad] })` : nad })),
      problem: null,
    };
  } catch (e) {
    return { options: [], problem: 'malformed' };
  }
}
