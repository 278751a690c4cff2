/** Kubernetes resource quantities (`10Gi`, `500M`, `1e9`) to bytes; null when not a quantity. */
const SUFFIX: Record<string, number> = {
  '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60,
};

export function quantityBytes(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) && value >= 0 ? value : null;
  }
  const m = /^\s*(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E|)\s*$/.exec(value || '');

  return m ? Number(m[1]) * SUFFIX[m[2]] : null;
}
