/**
 * A tiny controller runtime over the simulator's change feed: each controller names the objects a change
 * concerns (its work queue keys) and reconciles one key at a time, writing through the same store the API uses,
 * so its writes reach watchers and the Kubernetes API like any other.
 *
 * Deterministic: keys are processed in arrival order, one controller after another, until nothing is queued.
 * In `auto` mode (demo) a drain runs shortly after a change; otherwise (tests) only `step()` drains.
 */
import { SimState } from '../core/state';
import { ChangeEvent, KubeObject } from '../core/types';

export interface Controller {
  name: string;
  /** The keys a change concerns (deduplicated); [] when none. */
  keysFor(ev: ChangeEvent, state: SimState): string[];
  reconcile(state: SimState, key: string): void;
}

export interface ControllerRuntimeOptions {
  /** Drain automatically after changes (demo mode). */
  auto: boolean;
  /** How long after a change the automatic drain runs, like a controller's resync latency. */
  delayMs?: number;
}

/** Beyond this many rounds a drain stops: a controller that keeps re-queueing itself is a bug to report. */
const MAX_ROUNDS = 50;

export class ControllerRuntime {
  private queue: { controller: Controller; key: string }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private unsubscribe: () => void;
  private draining = false;

  constructor(private state: SimState, private controllers: Controller[], private opts: ControllerRuntimeOptions) {
    this.unsubscribe = state.on('change', (ev) => this.onChange(ev));
  }

  private onChange(ev: ChangeEvent): void {
    for (const controller of this.controllers) {
      for (const key of controller.keysFor(ev, this.state)) {
        this.enqueue(controller, key);
      }
    }
  }

  enqueue(controller: Controller, key: string): void {
    if (!this.queue.some((q) => q.controller === controller && q.key === key)) {
      this.queue.push({ controller, key });
    }
    if (this.opts.auto && !this.timer && !this.draining) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.step();
      }, this.opts.delayMs ?? 500);
      this.timer.unref?.();
    }
  }

  /** Reconciles everything queued, and what that queues, until quiet. Returns how many keys were processed. */
  step(): number {
    let processed = 0;

    this.draining = true;
    try {
      for (let round = 0; round < MAX_ROUNDS && this.queue.length; round++) {
        const batch = this.queue.splice(0, this.queue.length);

        for (const { controller, key } of batch) {
          try {
            controller.reconcile(this.state, key);
          } catch (e: any) {
            console.error(`[sim] controller ${ controller.name } failed on ${ key }: ${ e?.message || e }`);
          }
          processed++;
        }
      }
    } finally {
      this.draining = false;
    }

    return processed;
  }

  /**
   * Every object of the state, offered to every controller as an informer's first list offers it: what the real
   * controllers do when they start on a cluster that already holds objects. `only` keeps some objects out (the demo
   * seed's settle leaves the k3s guest's, whose provider v0.1.5 these controllers do not model).
   */
  resyncAll(only?: (clusterId: string, type: string, object: KubeObject) => boolean): void {
    for (const cluster of Object.values(this.state.clusters)) {
      for (const [type, objects] of Object.entries(cluster.objects)) {
        for (const [id, object] of Object.entries(objects)) {
          if (only && !only(cluster.id, type, object)) {
            continue;
          }
          this.onChange({
            name: 'resource.create', cluster: cluster.id, type, id, object, revision: object.metadata.resourceVersion || ''
          });
        }
      }
    }
  }

  pending(): number {
    return this.queue.length;
  }

  stop(): void {
    if (this.timer) {
      clearTimeout(this.timer);
    }
    this.unsubscribe();
    this.queue.length = 0;
  }
}
