import { Scalar, stringify } from 'yaml';
import type { ToStringOptions } from 'yaml';

/**
 * How every YAML file of the Helm repository is written.
 *
 * Helm reads these files with a YAML 1.1 parser (go-yaml), so strings that YAML 1.1 would read as something
 * else ("yes", "on", "0755", "2024-01-01") must be quoted: `version: '1.1'` makes the yaml library quote them.
 * Long text folded at 80 columns and sequences not indented under their key, as `helm` (go-yaml) writes; a value
 * without spaces (the icon data URL) is never folded.
 */
export const YAML_VERSION = '1.1' as const;

export const YAML_TO_STRING: ToStringOptions = {
  lineWidth:   80,
  indentSeq:   false,
  singleQuote: true,
};

export function toYaml(value: unknown): string {
  return stringify(value, { version: YAML_VERSION, ...YAML_TO_STRING });
}

/** A string scalar that is always written double-quoted, as helm writes timestamps (`created`, `generated`). */
export function quotedString(value: string): Scalar<string> {
  const scalar = new Scalar(value);

  scalar.type = Scalar.QUOTE_DOUBLE;

  return scalar;
}

/** Returns a copy of a plain object with its keys in alphabetical order (helm writes Chart.yaml and index entries so). */
export function sortKeys<T extends Record<string, unknown>>(obj: T): T {
  const out: Record<string, unknown> = {};

  for (const key of Object.keys(obj).sort()) {
    out[key] = obj[key];
  }

  return out as T;
}
