import { can, canReachCluster, canSeeObject } from '../steve/access';
import { SteveContext } from '../steve/context';
import { countsObject } from '../steve/counts';
import { RANCHER_VERSION } from '../steve/versions';
import { lookupType, TypeDef } from '../steve/registry';
import { labelSelectorMatcher } from '../steve/selectors';
import { toSteveObject } from '../steve/steveObject';
import { ChangeEvent } from '../steve/types';
import { EventHistory } from './eventHistory';

/** What a client asks to watch (Steve's subscribe message). */
export interface WatchRequest {
  resourceType: string;
  mode?: string;
  namespace?: string;
  id?: string;
  selector?: string;
  resourceVersion?: string;
  debounceMs?: number;
  stop?: boolean;
}

interface Watch extends WatchRequest {
  key: string;
  t?: TypeDef;
  timer?: ReturnType<typeof setTimeout>;
  matchesLabels?: (labels: Record<string, string> | undefined) => boolean;
}

export type Send = (msg: Record<string, unknown>) => void;

/** Types a socket may watch that are not listed objects. */
const SPECIAL_TYPES = new Set(['schema', 'count']);

/** Counts are re-sent at most this often, as Steve buffers them. */
const COUNT_DEBOUNCE_MS = 500;

const RESOURCE_CHANGES = 'resource.changes';

function keyOf(w: WatchRequest): string {
  return [w.resourceType, w.namespace || '', w.id || '', w.selector || '', w.mode || ''].join('|');
}

/** Echo of the watch's identity, which the dashboard matches `resource.start` / `resource.stop` against. */
function identity(w: WatchRequest): Record<string, unknown> {
  const out: Record<string, unknown> = { resourceType: w.resourceType };

  for (const k of ['namespace', 'id', 'selector', 'mode'] as const) {
    if (w[k]) {
      out[k] = w[k];
    }
  }

  return out;
}

/**
 * One websocket's watches on one cluster: Steve's subscribe protocol over the simulator's change feed.
 * `ctx` is null for the Norman socket (`/v3/subscribe`), which only acknowledges.
 */
export class Subscription {
  private watches = new Map<string, Watch>();

  constructor(private ctx: SteveContext | null, private send: Send, private history: EventHistory | null) {}

  onMessage(raw: string): void {
    let msg: WatchRequest;

    try {
      msg = JSON.parse(raw);
    } catch (e) {
      return; // Steve ignores what it cannot parse
    }
    if (!msg || typeof msg.resourceType !== 'string' || !msg.resourceType) {
      return;
    }
    if (msg.stop) {
      this.stop(msg);
    } else {
      this.start(msg);
    }
  }

  private stop(msg: WatchRequest): void {
    const key = keyOf(msg);
    const w = this.watches.get(key);

    if (w?.timer) {
      clearTimeout(w.timer);
    }
    this.watches.delete(key);
    this.send({ name: 'resource.stop', ...identity(msg) });
  }

  private start(msg: WatchRequest): void {
    const ctx = this.ctx;
    const t = ctx ? lookupType(msg.resourceType, ctx.cluster.kind) : undefined;

    if (ctx && !t && !SPECIAL_TYPES.has(msg.resourceType)) {
      this.send({
        name: 'resource.error', ...identity(msg), data: { error: `unknown schema for type ${ msg.resourceType }` }
      });
      this.send({ name: 'resource.stop', ...identity(msg) });

      return;
    }
    if (ctx && t && !t.virtual && !can(ctx.user, ctx.cluster, t, 'watch')) {
      this.send({
        name: 'resource.error', ...identity(msg), data: { error: `watch not allowed for ${ msg.resourceType }` }
      });
      this.send({ name: 'resource.stop', ...identity(msg) });

      return;
    }
    const w: Watch = {
      ...msg, key: keyOf(msg), t, matchesLabels: msg.selector ? labelSelectorMatcher(msg.selector) : undefined
    };

    this.watches.set(w.key, w);
    this.send({ name: 'resource.start', ...identity(msg) });
    this.replay(w);
  }

  /**
   * Sends what changed since the revision the client already has. A revision the history no longer reaches is
   * Steve's SQL cache's ErrTooOld "resourceversion too old" (steve v0.10.2 pkg/sqlcache/informer/listoption_indexer.go,
   * checked against real Steve by tests/real/steveDifferential.real.ts), and the watch ends with `resource.stop` (apiserver pkg/subscribe/watcher.go WatchSession.add's deferred
   * stop). The dashboard needs both: `resource.error` with "too old" marks the watch TOO_OLD and schedules
   * resyncWatch (shell/plugins/steve/subscribe.js 'ws.resource.error'), which re-lists and re-watches.
   */
  private replay(w: Watch): void {
    const rv = parseInt(w.resourceVersion || '', 10);

    // Steve treats "-1" and "0" as "from now" (listAndWatch).
    if (!this.ctx || !this.history || !w.t || !Number.isFinite(rv) || rv <= 0) {
      return;
    }
    const events = this.history.since(this.ctx.cluster.id, rv);

    if (events === null) {
      this.watches.delete(w.key);
      this.send({
        name: 'resource.error', ...identity(w), data: { error: 'resourceversion too old' }
      });
      this.send({ name: 'resource.stop', ...identity(w) });

      return;
    }
    for (const ev of events) {
      this.deliver(w, ev);
    }
  }

  onChange(ev: ChangeEvent): void {
    const ctx = this.ctx;

    if (!ctx || ev.cluster !== ctx.cluster.id || !canReachCluster(ctx.user, ctx.cluster)) {
      return;
    }
    for (const w of this.watches.values()) {
      if (w.resourceType === 'count') {
        this.debounced(w, COUNT_DEBOUNCE_MS, () => this.send({
          name: 'resource.change', resourceType: 'count', data: countsObject(ctx)
        }));
      } else {
        this.deliver(w, ev);
      }
    }
  }

  private matches(w: Watch, ev: ChangeEvent): boolean {
    if (!w.t || w.t.id !== ev.type) {
      return false;
    }
    if (w.namespace && ev.object.metadata.namespace !== w.namespace) {
      return false;
    }
    // Steve matches a watch's id against the object's name, within the watch's namespace (rancher/steve
    // pkg/sqlcache/informer/informer.go `WatchFilter.matches`): the dashboard watches one Operation as
    // `{ namespace, id: <name> }`. A Steve id (`<namespace>/<name>`) is taken too.
    if (w.id && w.id !== ev.id && w.id !== ev.object.metadata.name) {
      return false;
    }

    return !w.matchesLabels || w.matchesLabels(ev.object.metadata.labels);
  }

  private deliver(w: Watch, ev: ChangeEvent): void {
    const ctx = this.ctx as SteveContext;
    const t = w.t as TypeDef;

    if (!this.matches(w, ev) || !canSeeObject(ctx.user, ctx.cluster, t, ev.object)) {
      return;
    }
    if (w.mode === RESOURCE_CHANGES) {
      // The client re-fetches on this hint, so one per burst is enough.
      this.debounced(w, w.debounceMs || 0, () => this.send({
        name: RESOURCE_CHANGES, ...identity(w), revision: ev.revision
      }));

      return;
    }
    // Every event echoes the watch's identity and carries the object's resourceVersion as `revision`
    // (apiserver pkg/subscribe/watcher.go stream(); steve pkg/stores/partition/store.go ToAPIEvent): the dashboard
    // keeps the highest one to re-watch from (subscribe.js queueChange).
    this.send({
      name: ev.name, ...identity(w), revision: ev.object.metadata.resourceVersion, data: toSteveObject(ctx, t, ev.object)
    });
  }

  private debounced(w: Watch, ms: number, fn: () => void): void {
    if (w.timer) {
      return;
    }
    w.timer = setTimeout(() => {
      w.timer = undefined;
      if (this.watches.get(w.key) === w) {
        fn();
      }
    }, ms);
  }

  ping(): void {
    this.send({ name: 'ping', data: { version: RANCHER_VERSION } });
  }

  close(): void {
    for (const w of this.watches.values()) {
      if (w.timer) {
        clearTimeout(w.timer);
      }
    }
    this.watches.clear();
  }
}
