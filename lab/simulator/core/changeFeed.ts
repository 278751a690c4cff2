import { ChangeEvent, ChangeListener } from './types';

/** A minimal event emitter for writes, free of Node's `events` so it runs in jsdom tests too. */
export class ChangeFeed {
  private listeners = new Set<ChangeListener>();

  on(listener: ChangeListener): () => void {
    this.listeners.add(listener);

    return () => this.listeners.delete(listener);
  }

  off(listener: ChangeListener): void {
    this.listeners.delete(listener);
  }

  emit(ev: ChangeEvent): void {
    for (const l of [...this.listeners]) {
      try {
        l(ev);
      } catch (e) {
        // A broken watcher must not fail the write that it was told about.
        console.error('[sim] change listener failed', e);
      }
    }
  }
}
