/**
 * Uids for the demo data: where the seed gives none, createState would draw a random one; here each object gets a
 * hash of its cluster, type and id instead, so what is named after a uid (the host LoadBalancer of a guest Service,
 * `<cluster>-<ns>-<svc>-<crc32 with the Service's uid>`) is the same in every run.
 */
import { steveId } from '../core/ids';
import { typeOfObject } from '../core/registry';
import { KubeObject, Seed } from '../core/types';

/** FNV-1a over the text, four rounds: 128 bits shaped as a v4 uid (like core/ids.ts `newUid`, without its randomness). */
export function stableUid(text: string): string {
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

/** The uid `withDemoUids` gives an object of this cluster, type (Steve's id, e.g. `service`) and `namespace/name`. */
export function demoUid(clusterId: string, typeId: string, id: string): string {
  return stableUid(`${ clusterId }/${ typeId }/${ id }`);
}

/** The seed with a demo uid on every object that has none (a copy: the seed's own objects stay as they are). */
export function withDemoUids(seed: Seed): Seed {
  return {
    ...seed,
    clusters: seed.clusters.map((c) => ({
      ...c,
      objects: c.objects.map((o: KubeObject) => {
        const t = typeOfObject(o);

        return o.metadata.uid || !t ? o : { ...o, metadata: { ...o.metadata, uid: demoUid(c.id, t.id, steveId(o)) } };
      }),
    })),
  };
}
