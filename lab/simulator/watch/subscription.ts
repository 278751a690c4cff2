import { can, canReachCluster, canSeeObject } from '../rancher/access';
import { SteveContext } from '../steve/context';
import { countsObject } from '../steve/counts';
import { RANCHER_VERSION } from '../core/versions';
import { lookupType, TypeDef } from '../core/registry';
import { labelSelectorMatcher } from '../kube/selectors';
import { toSteveObject } from '../steve/steveObject';
import { ChangeEvent } from '../core/types';
import { steveId } from '../core/ids';
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
  /** `resource.changes` mode: whether the first change went out, and the latest change's revision since. */
  notified?: boolean;
  latestRevision?: string;
  matchesLabels?: (labels: Record<string, string> | undefined) => boolean;
}

export type Send = (msg: Record<string, unknown>) => void;

/** Types a socket may watch that are not listed objects. */
const SPECIAL_TYPES = new Set(['schema', 'count']);

/** Counts are re-sent at most this often, as Steve buffers them. */
const COUNT_DEBOUNCE_MS = 500;

const RESOURCE_CHANGES = 'resource.changes';
/** rancher/apiserver pkg/subscribe/watcher.go: a `resource.changes` watch without debounceMs. */
const DEFAULT_DEBOUNCE_MS = 5000;

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
   * Sends what changed since the revision the client already has. Steve's SQL cache keeps one event log per type
   * (steve v0.10.2 pkg/sqlcache/informer/listoption_indexer.go `Watch`): it starts with an Added event for every
   * object its informer listed, so a watch from the resourceVersion of an object of the type is found there (the
   * dashboard watches one object from its own `metadata.resourceVersion`) and gets the events after it. A revision
   * found nowhere is ErrTooOld "resourceversion too old" (checked against real Steve by
   * tests/real/steveDifferential.real.ts), and the watch ends with `resource.stop` (apiserver pkg/subscribe/watcher.go
   * WatchSession.add's deferred stop). The dashboard needs both: `resource.error` with "too old" marks the watch
   * TOO_OLD and schedules resyncWatch (shell/plugins/steve/subscribe.js 'ws.resource.error'), which re-lists.
   */
  private replay(w: Watch): void {
    const rv = parseInt(w.resourceVersion || '', 10);

    // Steve treats "-1" and "0" as "from now" (listAndWatch).
    if (!this.ctx || !this.history || !w.t || !Number.isFinite(rv) || rv <= 0) {
      return;
    }
    const events = this.history.since(this.ctx.cluster.id, rv) ?? this.sinceListedObject(w.t, rv);

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

  /**
   * A revision older than the change history that is the resourceVersion of an object of the type: the informer's
   * Added events after it (the type's objects listed with a later version, oldest first), then the changes since.
   * Null when no object of the type has that version.
   */
  private sinceListedObject(t: TypeDef, rv: number): ChangeEvent[] | null {
    const ctx = this.ctx as SteveContext;
    const objects = Object.values(ctx.cluster.objects[t.id] || {});

    if (!objects.some((o) => parseInt(o.metadata.resourceVersion || '', 10) === rv)) {
      return null;
    }
    const floor = (this.history as EventHistory).oldest(ctx.cluster.id);
    const listed = objects
      .map((o) => ({ o, v: parseInt(o.metadata.resourceVersion || '', 10) }))
      .filter(({ v }) => v > rv && v <= floor)
      .sort((a, b) => a.v - b.v)
      .map(({ o, v }): ChangeEvent => ({
        name: 'resource.create', cluster: ctx.cluster.id, type: t.id, id: steveId(o), object: o, revision: `${ v }`
      }));

    return [...listed, ...((this.history as EventHistory).since(ctx.cluster.id, floor) || [])];
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
      this.notifyChanges(w, ev.revision);

      return;
    }
    // Every event echoes the watch's identity and carries the object's resourceVersion as `revision`
    // (apiserver pkg/subscribe/watcher.go stream(); steve pkg/stores/partition/store.go ToAPIEvent): the dashboard
    // keeps the highest one to re-watch from (subscribe.js queueChange).
    this.send({
      name: ev.name, ...identity(w), revision: ev.object.metadata.resourceVersion, data: toSteveObject(ctx, t, ev.object)
    });
  }

  /**
   * `resource.changes` as rancher/apiserver's debouncer sends it (pkg/subscribe/debouncer.go): the watch's first
   * change at once, every later one at most once per `debounceMs` (5000 when not given), carrying the revision of
   * the latest change in that window.
   */
  private notifyChanges(w: Watch, revision: string): void {
    const send = (r: string) => this.send({
      name: RESOURCE_CHANGES, ...identity(w), revision: r
    });

    w.latestRevision = revision;
    if (!w.notified) {
      w.notified = true;
      send(revision);

      return;
    }
    this.debounced(w, w.debounceMs || DEFAULT_DEBOUNCE_MS, () => send(w.latestRevision as string));
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
