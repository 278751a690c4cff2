/** Kubernetes label and field selectors (the subset of the grammar UIs send). */

type Requirement = (get: (key: string) => string | undefined) => boolean;

/** Splits on commas outside parentheses: `a in (x,y),b=c` -> [`a in (x,y)`, `b=c`]. */
export function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';

  for (const ch of text) {
    if (ch === '(') {
      depth++;
    } else if (ch === ')') {
      depth--;
    }
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  out.push(cur);

  return out.map((s) => s.trim()).filter(Boolean);
}

function parseRequirement(expr: string): Requirement {
  let m = expr.match(/^(\S+)\s+(in|notin)\s+\((.*)\)$/i);

  if (m) {
    const [, key, op, list] = m;
    const values = list.split(',').map((v) => v.trim());

    return op.toLowerCase() === 'in' ? (get) => values.includes(get(key) as string) : (get) => !values.includes(get(key) as string);
  }
  m = expr.match(/^([^!=\s]+)\s*(==|=|!=)\s*(.*)$/);
  if (m) {
    const [, key, op, value] = m;

    return op === '!=' ? (get) => get(key) !== value : (get) => get(key) === value;
  }
  if (expr.startsWith('!')) {
    const key = expr.slice(1).trim();

    return (get) => get(key) === undefined;
  }

  return (get) => get(expr) !== undefined;
}

/** Compiles a label selector; labels are read from the object's `metadata.labels`. */
export function labelSelectorMatcher(selector: string): (labels: Record<string, string> | undefined) => boolean {
  const reqs = splitTopLevel(selector).map(parseRequirement);

  return (labels) => reqs.every((r) => r((k) => labels?.[k]));
}

/** Reads a dotted path, with `[key]` for map keys that contain dots: `metadata.labels[app.kubernetes.io/name]`. */
export function valueAtPath(obj: any, path: string): any {
  const parts: string[] = [];
  const re = /([^.[\]]+)|\[([^\]]*)\]/g;
  let m: RegExpExecArray | null;

  while ((m = re.exec(path))) {
    parts.push(m[1] ?? m[2]);
  }
  let cur = obj;

  for (const p of parts) {
    if (cur === null || cur === undefined) {
      return undefined;
    }
    cur = cur[p];
  }

  return cur;
}

/** Compiles a field selector (`metadata.name=x,spec.nodeName!=y`). */
export function fieldSelectorMatcher(selector: string): (obj: any) => boolean {
  const reqs = splitTopLevel(selector).map(parseRequirement);

  return (obj) => reqs.every((r) => r((k) => {
    const v = valueAtPath(obj, k);

    return v === undefined || v === null ? '' : `${ v }`;
  }));
}
