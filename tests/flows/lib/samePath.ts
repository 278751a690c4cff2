/**
 * The e2e dev server seen at one fixed path, whichever folder the clone is in. Webpack's file cache names modules by
 * their absolute paths, so a cache filled from /work/ci10 missed entirely in a clone elsewhere (about 250 s of
 * compile on 2 cores). As root, the dev server runs in a mount namespace of its own (util-linux `unshare --mount`,
 * private propagation: nothing is mounted on the host) where the clone is bind-mounted on `<cache>.src`, a folder
 * beside the cache; webpack then sees the same paths in every clone. Not root, or no `unshare`: the clone's own path,
 * said once in the log (the cache then hits only in a clone at the path that filled it).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export interface Launch {
  command: string;
  args: string[];
  /** Where the dev server runs and webpack's paths begin. */
  root: string;
  /** Why the clone's own path is used, when it is. */
  fallback?: string;
}

let unshareWorks: boolean | undefined;

function canUnshare(): boolean {
  if (unshareWorks === undefined) {
    unshareWorks = process.getuid?.() === 0 && spawnSync('unshare', ['--mount', '--propagation', 'private', 'true'], { stdio: 'ignore' }).status === 0;
  }

  return unshareWorks;
}

/** How to start `bin` (a path under `root`) so that it sees `root` at the path beside `cacheDir`. */
export function samePathLaunch(root: string, bin: string, args: string[], cacheDir: string | null): Launch {
  if (!cacheDir) {
    return {
      command: bin, args, root
    };
  }
  if (!canUnshare()) {
    return {
      command: bin, args, root, fallback: 'not root or no unshare: webpack\'s cache hits only in a clone at the path that filled it'
    };
  }
  const fixed = `${ cacheDir }.src`;

  fs.mkdirSync(fixed, { recursive: true });
  const rel = bin.startsWith(`${ root }/`) ? bin.slice(root.length + 1) : bin;
  // $0 is the fixed path, $1 the clone; exec keeps the dev server's pid the child's (its process group is stopped).
  const script = 'mount --bind "$1" "$0" && cd "$0" && shift && exec "$@"';

  return {
    command: 'unshare',
    args:    ['--mount', '--propagation', 'private', 'sh', '-c', script, fixed, root, `${ fixed }/${ rel }`, ...args],
    root:    fixed,
  };
}
