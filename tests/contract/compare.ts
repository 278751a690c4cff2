/**
 * Field-by-field comparison of a recorded Rancher response with the simulator's answer for the same objects.
 * Every difference gets a key `<label>: <path> <kind>` (array indexes as `[]`), which the allow-list names.
 */
export type DiffKind = 'missing' | 'extra' | 'type' | 'value' | 'format';

export interface Difference {
  key: string;
  path: string;
  kind: DiffKind;
  recorded: unknown;
  simulator: unknown;
}

/** Kubernetes' HumanDuration output ("7m47s", "3h38m", "24h", "2d5h"). */
export const HUMAN_DURATION = /^(\d+[smhdy]){1,2}$/;

/** How a path's values are compared when equality would compare recording times or counters, not shapes. */
export type ValueRule = 'type' | 'humanDuration' | 'valueOrDuration';

export interface CompareOptions {
  label: string;
  /** Rules by normalised path (`data[].metadata.resourceVersion`). */
  rules?: Record<string, ValueRule>;
}

function typeOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

export function compareResponses(recorded: unknown, simulator: unknown, opts: CompareOptions): Difference[] {
  const out: Difference[] = [];
  const add = (path: string, norm: string, kind: DiffKind, r: unknown, s: unknown) => out.push({
    key: `${ opts.label }: ${ norm } ${ kind }`, path, kind, recorded: r, simulator: s
  });
  const walk = (r: any, s: any, path: string, norm: string) => {
    const rule = opts.rules?.[norm];

    if (rule === 'type') {
      if (typeOf(r) !== typeOf(s)) {
        add(path, norm, 'type', r, s);
      }

      return;
    }
    if (rule === 'valueOrDuration' && !(typeof r === 'string' && HUMAN_DURATION.test(r))) {
      // not an age: compared as any other value below
    } else if (rule === 'humanDuration' || rule === 'valueOrDuration') {
      if (typeof s !== 'string' || !HUMAN_DURATION.test(s)) {
        add(path, norm, 'format', r, s);
      }

      return;
    }
    if (typeOf(r) !== typeOf(s)) {
      add(path, norm, 'type', r, s);

      return;
    }
    if (Array.isArray(r)) {
      if (r.length !== s.length) {
        add(path, norm, 'value', `length ${ r.length }`, `length ${ s.length }`);
      }
      for (let i = 0; i < Math.min(r.length, s.length); i++) {
        walk(r[i], s[i], `${ path }[${ i }]`, `${ norm }[]`);
      }

      return;
    }
    if (r && typeof r === 'object') {
      for (const k of Object.keys(r)) {
        const p = path ? `${ path }.${ k }` : k;
        const n = norm ? `${ norm }.${ k }` : k;

        if (!(k in s)) {
          add(p, n, 'missing', r[k], undefined);
        } else {
          walk(r[k], s[k], p, n);
        }
      }
      for (const k of Object.keys(s)) {
        if (!(k in r)) {
          add(path ? `${ path }.${ k }` : k, norm ? `${ norm }.${ k }` : k, 'extra', undefined, s[k]);
        }
      }

      return;
    }
    if (r !== s) {
      add(path, norm, 'value', r, s);
    }
  };

  walk(recorded, simulator, '', '');

  return out;
}

/** Groups differences by key, with one example each, for a readable failure. */
export function summarize(diffs: Difference[]): Record<string, string> {
  const out: Record<string, string> = {};

  for (const d of diffs) {
    out[d.key] = out[d.key] || `${ d.path }: recorded ${ JSON.stringify(d.recorded)?.slice(0, 160) }, simulator ${ JSON.stringify(d.simulator)?.slice(0, 160) }`;
  }

  return out;
}
