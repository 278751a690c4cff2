import { fieldValue } from './listQuery';

/**
 * Steve's `summary=<field>,…`: per field (sorted) the count of each value over the returned page's items.
 */
export function summaryOf(items: any[], params: string[]): { property: string; counts: Record<string, { total: number }> }[] | undefined {
  const fields = [...new Set(params.flatMap((p) => p.split(',')).map((f) => f.trim()).filter(Boolean))].sort();

  if (!fields.length) {
    return undefined;
  }

  return fields.map((property) => {
    const counts: Record<string, { total: number }> = {};

    for (const o of items) {
      const v = fieldValue(o, property);

      counts[v] = { total: (counts[v]?.total || 0) + 1 };
    }

    return { property, counts };
  });
}
