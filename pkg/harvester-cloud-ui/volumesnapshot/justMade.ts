/**
 * What a page just created, kept until a read of the list holds it. Steve answers a list from its cache, which a
 * watch fills at its own pace: on Rancher's server (2.15, the agent's SQL cache) a list read just after the create
 * can lack the new snapshot, and a page showing only that read would lose the user's snapshot, with nothing in
 * progress to make it look again. A kept object has no status yet, so its row is "In progress" and the page looks
 * again (liveViews.ts nextLook) until the cache has it.
 */
import { KubeObject } from '../data/types';

/** How long a created object is waited for in the list reads (a delete elsewhere meanwhile must not keep it for ever). */
export const JUST_MADE_MS = 60000;

const idOf = (o: KubeObject) => `${ o.metadata.namespace || '' }/${ o.metadata.name }`;

export interface JustMade {
  /** The object the create answered with. */
  add(object: KubeObject): void;
  /** The objects read, with the ones made here that the read lacks still waited for; the ones it has are let go. */
  merge(read: KubeObject[]): KubeObject[];
}

export function justMade(now: () => number = Date.now): JustMade {
  let kept: { object: KubeObject; at: number }[] = [];

  return {
    add(object) {
      if (object?.metadata?.name) {
        kept = [...kept.filter((k) => idOf(k.object) !== idOf(object)), { object, at: now() }];
      }
    },
    merge(read) {
      const ids = new Set(read.map(idOf));

      kept = kept.filter((k) => !ids.has(idOf(k.object)) && now() - k.at < JUST_MADE_MS);

      return kept.length ? [...read, ...kept.map((k) => k.object)] : read;
    },
  };
}
