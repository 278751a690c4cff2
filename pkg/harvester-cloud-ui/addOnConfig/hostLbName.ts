import { KubeObject } from '../data/types';

/**
 * How the cloud provider names the Harvester LoadBalancer of a guest Service (cloud-provider-harvester
 * `loadBalancerName`, same in v0.1.5 and v0.2.x): `<cluster>-<namespace>-<name>-` cut to 55 characters, then the
 * CRC-32 (IEEE) of that uncut prefix plus the Service uid, as 8 hex digits. A cluster name that is not a DNS-1035
 * label gets an `a` in front. For a secondary the provider names its primary's (`GetLoadBalancerName`).
 */
const MAX_NAME = 63;
const SUFFIX = 8;
const DNS1035 = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

let table: number[] | null = null;

function crcTable(): number[] {
  if (!table) {
    table = Array.from({ length: 256 }, (_, n) => {
      let c = n;

      for (let k = 0; k < 8; k++) {
        c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
      }

      return c >>> 0;
    });
  }

  return table;
}

/** CRC-32/IEEE of the UTF-8 bytes of `text` (Go's `crc32.ChecksumIEEE`). */
export function crc32(text: string): number {
  const t = crcTable();
  let crc = 0xFFFFFFFF;

  for (const byte of new TextEncoder().encode(text)) {
    crc = t[(crc ^ byte) & 0xFF] ^ (crc >>> 8);
  }

  return (crc ^ 0xFFFFFFFF) >>> 0;
}

export function loadBalancerName(clusterName: string, namespace: string, name: string, uid: string): string {
  const cluster = clusterName.length <= 63 && DNS1035.test(clusterName) ? clusterName : `a${ clusterName }`;
  const base = `${ cluster }-${ namespace }-${ name }-`;
  const suffix = crc32(base + uid).toString(16).padStart(SUFFIX, '0');

  return base.slice(0, MAX_NAME - SUFFIX) + suffix;
}

/**
 * The provider's `--cluster-name` from its Deployment's container args: absent means the cloud-provider
 * framework's default `kubernetes`; `--cluster-name=` (the chart with an empty `global.cattle.clusterName`) means
 * the empty name (cloud-provider-harvester `pkg/utils/consts.go`, `DefaultGuestClusterName`).
 */
export const DEFAULT_CLUSTER_NAME = 'kubernetes';

export function clusterNameFromWorkload(workload: KubeObject | null | undefined): string | null {
  if (!workload) {
    return null;
  }
  const containers: { args?: string[]; command?: string[] }[] = workload.spec?.template?.spec?.containers || [];
  const args = containers.flatMap((c) => [...(c.command || []), ...(c.args || [])]);

  for (let i = 0; i < args.length; i++) {
    const a = args[i];

    if (a.startsWith('--cluster-name=')) {
      return a.slice('--cluster-name='.length);
    }
    if (a === '--cluster-name' && i + 1 < args.length) {
      return args[i + 1];
    }
  }

  return DEFAULT_CLUSTER_NAME;
}
