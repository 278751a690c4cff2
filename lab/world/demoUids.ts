/**
 * Uids for the demo data: where the seed gives none, createState would draw a random one; here each object gets a
 * hash of its cluster, type and id instead, so what is named after a uid (the host LoadBalancer of a guest Service,
 * `<cluster>-<ns>-<svc>-<crc32 with the Service's uid>`) is the same in every run.
 */
import { steveId, uidOf } from '../simulator/core/ids';
import { typeOfObject } from '../simulator/core/registry';
import { KubeObject, Seed } from '../simulator/core/types';

/** A uid fixed by its text (core/ids.ts `uidOf`): the demo's objects keep theirs across restarts. */
export const stableUid = (text: string): string => uidOf(text);

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
