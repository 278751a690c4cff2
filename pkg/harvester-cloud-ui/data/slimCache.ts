import { KubeObject, SteveCollection } from './types';
import { revisionUrl, withQuery } from './steve';

/** A partial list (`include=`: see steve.ts) and the collection revision it was read at. */
export interface SlimList {
  revision: string | null;
  items: KubeObject[];
}

export interface SlimSource {
  /** The whole (partial) list. */
  list(): Promise<SlimList>;
  /** The collection's revision now, from a one-item list; null when the server gives none. */
  revision(): Promise<string | null>;
}

export interface Fresh {
  list: SlimList;
  /** true: the cached list was still current and nothing but the revision was transferred. */
  reused: boolean;
}

/**
 * Partial lists kept per key (cluster + type + scope) for the life of the page, so a repeat visit to the Topology
 * page transfers a one-item list instead of thousands of objects. A list is reused only while the server's
 * revision is unchanged; when the revision cannot be read (a 403, the host offline) the entry is dropped and the
 * error goes to the caller, so a cached list never hides a failure.
 */
export class SlimCache {
  private lists = new Map<string, SlimList>();

  peek(key: string): SlimList | undefined {
    return this.lists.get(key);
  }

  clear(): void {
    this.lists.clear();
  }

  async fresh(key: string, source: SlimSource): Promise<Fresh> {
    const cached = this.lists.get(key);

    try {
      if (cached?.revision) {
        const now = await source.revision();

        if (now !== null && now === cached.revision) {
          return { list: cached, reused: true };
        }
      }
      const list = await source.list();

      this.lists.set(key, list);

      return { list, reused: false };
    } catch (e) {
      this.lists.delete(key);
      throw e;
    }
  }
}

/**
 * The one cache of partial lists (the Topology page and card, the guest's nodes the overview and the set-up read, the
 * host's lists behind drift): per page load, so every screen that reads the same list shares it.
 */
export const partialLists = new SlimCache();

/**
 * A partial list of `url` (a collection URL, of any cluster) with only `fields`, from `cache` while the server's
 * revision of it is unchanged. `get` is the request (the current cluster's store, or the cluster proxy).
 */
export async function slimList(cache: SlimCache, key: string, url: string, fields: readonly string[], get: (url: string) => Promise<SteveCollection>): Promise<Fresh> {
  return cache.fresh(key, {
    async list() {
      const res = await get(withQuery(url, fields));

      return { revision: res?.revision ?? null, items: res?.data || [] };
    },
    async revision() {
      return (await get(revisionUrl(url)))?.revision ?? null;
    },
  });
}
