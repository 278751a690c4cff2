/**
 * The one way a page looks again at what it shows. `load` reads and says when to look next: a delay in ms, or null
 * when nothing can change any more (a snapshot ready, a claim Bound). One timer at most is pending, so a load the
 * user starts (a save, a delete) never doubles the looking; after `stop` (the page unmounted) nothing is scheduled
 * and `stopped` tells a late answer not to be shown.
 */
export interface Refresh {
  /** Loads now; the next look is what this load says. */
  now(): Promise<void>;
  /** Something may have changed: load within `ms` (a hint of a change arrives once per object; one load serves them). */
  soon(ms: number): void;
  stop(): void;
  readonly stopped: boolean;
  /** A look is scheduled. */
  readonly pending: boolean;
}

export function refresher(load: () => Promise<number | null>): Refresh {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let due = Infinity;
  let stopped = false;

  const cancel = () => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
      due = Infinity;
    }
  };
  const schedule = (ms: number) => {
    cancel();
    due = Date.now() + ms;
    timer = setTimeout(() => {
      timer = null;
      due = Infinity;
      self.now();
    }, ms);
  };
  const self: Refresh = {
    async now() {
      cancel();
      const next = await load();

      if (!stopped && next !== null && timer === null) {
        schedule(next);
      }
    },
    soon(ms) {
      if (!stopped && Date.now() + ms < due) {
        schedule(ms);
      }
    },
    stop() {
      stopped = true;
      cancel();
    },
    get stopped() {
      return stopped;
    },
    get pending() {
      return timer !== null;
    },
  };

  return self;
}
