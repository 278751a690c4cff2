import { KubeObject } from './types';

/** Steve's id of an object: `namespace/name`, or `name` for cluster-scoped objects. */
export function steveId(obj: KubeObject): string {
  return obj.metadata.namespace ? `${ obj.metadata.namespace }/${ obj.metadata.name }` : obj.metadata.name;
}

/** FNV-1a over the text, four rounds: 128 bits shaped as a v4 uid (the same text gives the same uid). */
export function uidOf(text: string): string {
  let h = 2166136261;
  const hex: string[] = [];

  for (let round = 0; round < 4; round++) {
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i) + round;
      h = Math.imul(h, 16777619) >>> 0;
    }
    hex.push(h.toString(16).padStart(8, '0'));
  }
  const s = hex.join('');

  return `${ s.slice(0, 8) }-${ s.slice(8, 12) }-4${ s.slice(13, 16) }-a${ s.slice(17, 20) }-${ s.slice(20, 32) }`;
}

/** Deterministic-looking uids (v4 format) without a crypto dependency; unique within a process. */
let uidCounter = 0;

export function newUid(seedText = ''): string {
  uidCounter++;

  return uidOf(`${ seedText }:${ uidCounter }:${ Date.now() }:${ Math.random() }`);
}

const SUFFIX_CHARS = 'bcdfghjklmnpqrstvwxz2456789';

/** The random suffix Kubernetes appends to `generateName`. */
export function randomSuffix(len = 5): string {
  let s = '';

  for (let i = 0; i < len; i++) {
    s += SUFFIX_CHARS[Math.floor(Math.random() * SUFFIX_CHARS.length)];
  }

  return s;
}
