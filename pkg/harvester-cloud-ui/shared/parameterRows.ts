/**
 * The rows of the "other parameters" list and the map they stand for. Rows keep what the user typed (a key being
 * typed may be empty or repeated for a moment); the map takes rows with a key, in order, a later repeat winning,
 * as a YAML map would. Keys and values are never trimmed: the driver gets them byte for byte.
 */
export interface Row { key: string; value: string }

export type Parameters = Record<string, string>;

export function rowsOf(map: Parameters | null | undefined): Row[] {
  return Object.entries(map || {}).map(([key, value]) => ({ key, value }));
}

// Built from entries, so any key (`__proto__` included) stays data.
export function mapOf(rows: Row[]): Parameters {
  return Object.fromEntries(rows.filter((r) => r.key !== '').map((r) => [r.key, r.value]));
}

/** Keys typed more than once (only the last one is saved). */
export function repeatedKeys(rows: Row[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();

  for (const { key } of rows) {
    if (key !== '' && seen.has(key)) {
      repeated.add(key);
    }
    seen.add(key);
  }

  return [...repeated];
}

/** Whether the rows already stand for `map` (same keys, order and values), so an echo of our own emit is ignored. */
export function sameMap(rows: Row[], map: Parameters | null | undefined): boolean {
  return JSON.stringify(Object.entries(mapOf(rows))) === JSON.stringify(Object.entries(map || {}));
}
