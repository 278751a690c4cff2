import { KubeObject } from '../data/types';

/**
 * ConfigMap `kube-system/harvester-nad-mapping`, key `interface-nad-mapping`: a JSON object NAD -> guest interface
 * (cloud-provider-harvester `pkg/utils/consts.go`, read by `GetNADInterfaceMapping` in `pkg/utils/configmap.go`
 * from v0.2.7).
 */
export const NAD_MAPPING_ID = 'kube-system/harvester-nad-mapping';
export const NAD_MAPPING_KEY = 'interface-nad-mapping';

export interface NetworkOption {
  value: string;
  label: string;
}

/**
 * - missing: no ConfigMap (or the JSON `null`): the provider lets any network through;
 * - empty: the ConfigMap is there but maps nothing (no key, `""` or `{}`): the provider refuses every network
 *   with "there is no common NAD mapping";
 * - malformed: not a JSON object of strings: the provider refuses every network ("invalid interface-nad-mapping").
 */
export type NadMappingProblem = 'missing' | 'empty' | 'malformed';

export interface NadMapping {
  options: NetworkOption[];
  problem: NadMappingProblem | null;
}

export function parseNadMapping(configMap: KubeObject | null | undefined): NadMapping {
  if (!configMap) {
    return { options: [], problem: 'missing' };
  }
  const raw = configMap.data?.[NAD_MAPPING_KEY];

  if (!raw) {
    return { options: [], problem: 'empty' };
  }
  let parsed: unknown;

  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    return { options: [], problem: 'malformed' };
  }
  if (parsed === null) {
    return { options: [], problem: 'missing' }; // Go unmarshals `null` into a nil map: treated as no ConfigMap
  }
  if (typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed as object).some((v) => typeof v !== 'string')) {
    return { options: [], problem: 'malformed' };
  }
  const mapping = parsed as Record<string, string>;
  const options = Object.keys(mapping).sort().map((nad) => ({ value: nad, label: mapping[nad] ? `${ nad } (${ mapping[nad] })` : nad }));

  return { options, problem: options.length ? null : 'empty' };
}

/** Why the provider (v0.2.7+) would refuse this network, or null (`resolveNetworkInterface`). */
export function networkMappingError(network: string, mapping: NadMapping): 'networkNoCommonMapping' | 'networkMappingMalformed' | 'networkNotInMapping' | null {
  if (!network || mapping.problem === 'missing') {
    return null;
  }
  if (mapping.problem === 'empty') {
    return 'networkNoCommonMapping';
  }
  if (mapping.problem === 'malformed') {
    return 'networkMappingMalformed';
  }

  return mapping.options.some((o) => o.value === network) ? null : 'networkNotInMapping';
}
