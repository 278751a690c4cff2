/**
 * The host LoadBalancer's name for a guest Service: cloud-provider-harvester
 * pkg/cloud-controller-manager/loadbalancer.go loadBalancerName: `<cluster>-<namespace>-<service>-` cut to 55
 * characters, then the CRC-32 (IEEE) of that base plus the Service's uid as 8 hex digits; an "a" prefixes a
 * cluster name that is no DNS-1035 label.
 */
const TABLE = (() => {
  const t = new Uint32Array(256);

  for (let n = 0; n < 256; n++) {
    let c = n;

    for (let k = 0; k < 8; k++) {
      c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    t[n] = c >>> 0;
  }

  return t;
})();

/** Go's crc32.ChecksumIEEE over the UTF-8 bytes of a string. */
export function crc32(text: string): number {
  let crc = 0xffffffff;

  for (const byte of new TextEncoder().encode(text)) {
    crc = TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  }

  return (crc ^ 0xffffffff) >>> 0;
}

const MAX_NAME = 63;
const SUFFIX = 8;

export function loadBalancerName(clusterName: string, namespace: string, name: string, uid: string): string {
  const cluster = /^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/.test(clusterName) ? clusterName : `a${ clusterName }`;
  let base = `${ cluster }-${ namespace }-${ name }-`;
  const digest = crc32(base + uid).toString(16).padStart(8, '0');

  if (base.length > MAX_NAME - SUFFIX) {
    base = base.slice(0, MAX_NAME - SUFFIX);
  }

  return base + digest;
}
