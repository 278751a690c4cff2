import { KubeObject } from '../environment/types';

/** A partial list (see slimQuery.ts) and the collection revision it was read at. */
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

/** The one cache of the topology feature (page and dashboard card share it). */
export const topologyCache = new SlimCache();
