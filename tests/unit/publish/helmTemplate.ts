import { stringify } from 'yaml';

/**
 * A tiny stand-in for `helm template`, enough for the chart's templates/cr.yaml: `{{ .Path.To.Value }}`,
 * `{{- ... -}}` whitespace trimming, and pipelines of quote, replace, toYaml, indent and nindent.
 * Anything else (unknown functions, missing values) throws, so the template cannot quietly grow past what
 * the tests can check.
 */
type Fn = (...args: any[]) => string;

const indent = (n: number, s: string) => s.split('\n').map((line) => ' '.repeat(n) + line).join('\n');

const FUNCS: Record<string, Fn> = {
  quote:   (v: unknown) => JSON.stringify(String(v)),
  replace: (from: string, to: string, s: unknown) => String(s).split(from).join(to),
  toYaml:  (v: unknown) => stringify(v, { sortMapEntries: true, lineWidth: 0 }).replace(/\n$/, ''),
  indent:  (n: number, s: string) => indent(n, s),
  nindent: (n: number, s: string) => `\n${ indent(n, s) }`,
};

function tokens(segment: string): string[] {
  return segment.match(/"(?:[^"\\]|\\.)*"|\S+/g) || [];
}

function lookup(path: string, ctx: Record<string, any>): unknown {
  let value: any = ctx;

  for (const key of path.split('.').slice(1)) {
    if (value === null || typeof value !== 'object' || !(key in value)) {
      throw new Error(`template refers to missing value ${ path }`);
    }
    value = value[key];
  }

  return value;
}

function arg(token: string, ctx: Record<string, any>): unknown {
  if (token.startsWith('"')) {
    return JSON.parse(token);
  }
  if (/^\d+$/.test(token)) {
    return Number(token);
  }
  if (token.startsWith('.')) {
    return lookup(token, ctx);
  }
  throw new Error(`unsupported template token ${ token }`);
}

function call(name: string, args: unknown[]): string {
  const fn = FUNCS[name];

  if (!fn) {
    throw new Error(`unsupported template function ${ name }`);
  }

  return fn(...args);
}

function evaluate(expr: string, ctx: Record<string, any>): string {
  let value: unknown;

  expr.split('|').forEach((segment, i) => {
    const [head, ...rest] = tokens(segment.trim());
    const args = rest.map((t) => arg(t, ctx));

    if (i === 0) {
      value = head.startsWith('.') ? lookup(head, ctx) : call(head, args);
    } else {
      value = call(head, [...args, value]);
    }
  });

  if (value !== null && typeof value === 'object') {
    throw new Error(`{{ ${ expr } }} prints a map or list; pass it through toYaml`);
  }

  return String(value);
}

export function renderTemplate(template: string, ctx: Record<string, any>): string {
  // `{{-` eats the whitespace before the action and `-}}` the whitespace after it, as in Go templates.
  const trimmed = template.replace(/\s*\{\{- /g, '{{ ').replace(/ -\}\}\s*/g, ' }}');

  return trimmed.replace(/\{\{\s*(.*?)\s*\}\}/g, (_m, expr: string) => evaluate(expr, ctx));
}
