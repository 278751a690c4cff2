/**
 * What a page just created or deleted, kept until a read of the list agrees. Steve answers a list from its cache,
 * which a watch fills at its own pace: on Rancher's server (2.15, the agent's SQL cache) a list read just after the
 * create can lack the new snapshot, and one just after a delete can still hold the deleted one as it was. A page
 * showing only that read would lose the user's snapshot, or keep one the user deleted, with nothing in progress to
 * make it look again. A kept object has no status yet, so its row is "In progress"; a deleted one still read is
 * shown as being deleted; either way the page looks again (liveViews.ts nextLook) until the cache agrees.
 */
import { KubeObject } from '../data/types';

/** How long a create or delete is waited for in the list reads (a change elsewhere meanwhile must not keep it for ever). */
export const JUST_MADE_MS = 60000;

const idOf = (o: KubeObject) => `${ o.metadata.namespace || '' }/${ o.metadata.name }`;

export interface JustMade {
  /** The object the create answered with. */
  add(object: KubeObject): void;
  /** The id (`namespace/name`) of an object deleted here. */
  deleted(id: string): void;
  /**
   * The objects read, with the ones made here that the read lacks still waited for (the ones it has are let go), and
   * the ones deleted here that it still holds marked as being deleted (the ones it lacks are let go).
   */
  merge(read: KubeObject[]): KubeObject[];
}

export function justMade(now: () => number = Date.now): JustMade {
  let kept: { object: KubeObject; at: number }[] = [];
  let gone: { id: string; at: number }[] = [];

  const deleting = (o: KubeObject, at: number): KubeObject => {
    if (o.metadata.deletionTimestamp) {
      return o;
    }

    return { ...o, metadata: { ...o.metadata, deletionTimestamp: new Date(at).toISOString() } };
  };

  return {
    add(object) {
      if (object?.metadata?.name) {
        kept = [...kept.filter((k) => idOf(k.object) !== idOf(object)), { object, at: now() }];
      }
    },
    deleted(id) {
      kept = kept.filter((k) => idOf(k.object) !== id);
      gone = [...gone.filter((g) => g.id !== id), { id, at: now() }];
    },
    merge(read) {
      const ids = new Set(read.map(idOf));

      kept = kept.filter((k) => !ids.has(idOf(k.object)) && now() - k.at < JUST_MADE_MS);
      gone = gone.filter((g) => ids.has(g.id) && now() - g.at < JUST_MADE_MS);
      const marked = gone.length ? read.map((o) => {
        const g = gone.find((x) => x.id === idOf(o));

        return g ? deleting(o, g.at) : o;
      }) : read;

      return kept.length ? [...marked, ...kept.map((k) => k.object)] : marked;
    },
  };
}
