import {
  promises as fs, openSync, writeSync, fsyncSync, closeSync, renameSync, unlinkSync, readFileSync, existsSync, readdirSync
} from 'node:fs';
import path from 'node:path';
import {
  createState, restoreState, snapshotState, SimState, StateSnapshot
} from './core/state';
import { Seed } from './core/types';

/** Temp files are `.<name>.tmp-<pid>-<n>` next to the state file, so rename stays on one filesystem. */
function tempPathFor(file: string, n: number): string {
  return path.join(path.dirname(file), `.${ path.basename(file) }.tmp-${ process.pid }-${ n }`);
}

let tempCounter = 0;

/**
 * Writes the state atomically: a temp file in the same folder, fsync, rename over the old file, fsync the
 * folder. A crash at any point leaves either the old file or the new one, never a torn one.
 */
export function saveStateFile(file: string, state: SimState): void {
  const data = JSON.stringify(snapshotState(state));
  const tmp = tempPathFor(file, ++tempCounter);
  const fd = openSync(tmp, 'w', 0o600);

  try {
    writeSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(tmp, file);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch (ignored) {
      // already gone
    }
    throw e;
  }
  try {
    const dirFd = openSync(path.dirname(file), 'r');

    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch (e) {
    // Some filesystems cannot fsync a directory; the rename itself is still atomic.
  }
}

/** Removes temp files a crashed writer left behind. */
function removeStaleTemps(file: string): void {
  const dir = path.dirname(file);
  const prefix = `.${ path.basename(file) }.tmp-`;

  if (!existsSync(dir)) {
    return;
  }
  for (const name of readdirSync(dir)) {
    if (name.startsWith(prefix)) {
      try {
        unlinkSync(path.join(dir, name));
      } catch (e) {
        // another process may own it
      }
    }
  }
}

/** Loads the state saved at `file`, or builds it from the seed when there is none yet. */
export function loadStateFile(file: string, seed: Seed): { state: SimState; restored: boolean } {
  removeStaleTemps(file);
  if (!existsSync(file)) {
    return { state: createState(seed), restored: false };
  }
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as StateSnapshot;

  return { state: restoreState(seed, snapshot), restored: true };
}

/** Saves after every burst of writes (debounced), and on demand before exit. */
export class StatePersister {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private unsubscribe: () => void;

  constructor(private file: string, private state: SimState, private debounceMs = 100) {
    this.unsubscribe = state.on('change', () => this.schedule());
  }

  /** Also called after logins and logouts, which are not object changes. */
  schedule(): void {
    if (this.timer) {
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, this.debounceMs);
  }

  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    try {
      saveStateFile(this.file, this.state);
    } catch (e) {
      console.error(`[sim] could not save state to ${ this.file }:`, e);
    }
  }

  stop(): void {
    this.flush();
    this.unsubscribe();
  }
}

export async function ensureDirFor(file: string): Promise<void> {
  await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
}
