import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/**
 * Rancher's UIPlugin CRD, read from the rancher/rancher source kept beside the clone
 * (../shared/rancher/rancher-v2.15.0.tar.gz, pkg/crds/yaml/generated/catalog.cattle.io_uiplugins.yaml);
 * undefined in a clone without it.
 */
export const RANCHER_SRC = path.resolve(__dirname, '../../../shared/rancher/rancher-v2.15.0.tar.gz');
const CRD_FILE = 'rancher-v2.15.0/pkg/crds/yaml/generated/catalog.cattle.io_uiplugins.yaml';

export function uiPluginSchema(): any | undefined {
  if (!fs.existsSync(RANCHER_SRC)) {
    return undefined;
  }
  const crd = parse(execFileSync('tar', ['-xzOf', RANCHER_SRC, CRD_FILE], { encoding: 'utf8' }));

  return crd.spec.versions.find((v: any) => v.name === 'v1' && v.served).schema.openAPIV3Schema;
}

/**
 * The problems the apiserver would find with `value` under a structural schema: wrong types, missing required
 * fields, and fields the schema does not know, which the apiserver prunes (the value would silently not arrive).
 * Only what the UIPlugin schema uses: type, properties, additionalProperties, required.
 */
export function schemaProblems(value: unknown, schema: any, at = ''): string[] {
  const type = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  const want = schema.type;

  if (want === 'integer' ? !Number.isInteger(value) : want && want !== type) {
    return [`${ at || '.' }: ${ type }, schema says ${ want }`];
  }
  if (want !== 'object' || type !== 'object') {
    return [];
  }
  const obj = value as Record<string, unknown>;
  const out = (schema.required || []).filter((k: string) => !(k in obj)).map((k: string) => `${ at }.${ k }: required`);

  for (const [k, v] of Object.entries(obj)) {
    const sub = schema.properties?.[k] || (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);

    if (sub) {
      out.push(...schemaProblems(v, sub, `${ at }.${ k }`));
    } else if (schema.properties && at !== '.metadata') {
      out.push(`${ at }.${ k }: not in the schema (pruned)`);
    }
  }

  return out;
}
