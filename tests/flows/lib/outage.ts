/**
 * An outage of one real part of the stack, for the fault flows (issue 37): the part stops by its pid
 * (lab/core/stackParts.ts) and comes back as it ran, with every part that exited meanwhile (a kubelet's restart).
 * Whatever the flow does, the part runs again when it ends, so the next flow finds the whole stack. How long the page
 * took to recover is a `recovery` annotation of the test, which the run's summary prints (docs/real-mode.md).
 */
import fs from 'node:fs';
import { test } from '../fixtures';
import { isAlive } from '../../../lab/core/processes';
import { logFile } from '../../../lab/core/paths';
import { restartExited, restartPart, stopPart, StoppedPart } from '../../../lab/core/stackParts';

export interface Outage {
  /** Starts the part again and checks it still runs 2 s later; returns the time it started (ms since the epoch). */
  back(): Promise<number>;
  /** Notes how long the page took to show `what` since the part came back. */
  recovered(what: string): number;
}

/**
 * `parts`: one part, or several that go down together (a host offline: its kube-apiserver and what serves its reads),
 * stopped in order and started again in the same order; `how.crash`: SIGKILL (a crash), else SIGTERM (a stop);
 * `how.file`: the record of the part's processes (stack.json, or rancher.json for Rancher's).
 */
export async function duringOutage<T>(parts: string | string[], flow: (outage: Outage) => Promise<T>, how: { crash?: boolean; file?: string } = {}): Promise<T> {
  const names = typeof parts === 'string' ? [parts] : parts;
  const part = names.join(' + ');
  let stopped: StoppedPart[] | null = [];

  for (const name of names) {
    stopped.push(await stopPart(name, how.file, how));
  }
  let backAt = 0;
  const restarted = (gone: string[]) => gone.length && test.info().annotations.push({ type: 'restarted', description: `exited during the outage of ${ part }, started again: ${ gone.join(', ') }` });
  // The kubelet's restart policy for the parts that exit (a CSI sidecar that lost its driver, or one that noticed only
  // later): started again once the part is back, every 2 s while the flow runs. Not during the outage: the kubelet's
  // back-off would hold them, and a sidecar that fails on and on there grows its own retry back-off to minutes
  // (external-snapshotter's --retry-interval-max, 5 min), which is not what the flow measures.
  const kubelet = setInterval(() => !stopped && restarted(restartExited(how.file)), 2000);
  const outage: Outage = {
    async back() {
      if (stopped) {
        const pids = stopped.map((p) => [p.name, restartPart(p, how.file)] as const);

        stopped = null;
        backAt = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 2000));
        for (const [name, pid] of pids) {
          if (!isAlive(pid)) {
            throw new Error(`${ name } exited at once when started again: ${ lastLog(name) }`);
          }
        }
        restarted(restartExited(how.file));
      }

      return backAt;
    },
    recovered(what) {
      const seconds = Math.round((Date.now() - backAt) / 100) / 10;

      test.info().annotations.push({ type: 'recovery', description: `${ part } back → ${ what }: ${ seconds } s` });

      return seconds;
    },
  };

  try {
    return await flow(outage);
  } finally {
    await outage.back();
    clearInterval(kubelet);
    restarted(await settle(how.file));
  }
}

/**
 * The kubelet's restart policy until the stack is whole again: a sidecar restarted before its part listens exits once
 * more (csi-lib-utils exits when it cannot connect), and left so it fails the next flow, not this one. Restarts what
 * exited every second until 4 looks in a row find every part running; past SETTLE_MS it names the parts that keep exiting.
 */
const SETTLE_MS = 60000;

async function settle(file?: string): Promise<string[]> {
  const all: string[] = [];
  const until = Date.now() + SETTLE_MS;
  let quiet = 0;

  while (quiet < 4) {
    const gone = restartExited(file);

    all.push(...gone.filter((name) => !all.includes(name)));
    quiet = gone.length ? 0 : quiet + 1;
    if (gone.length && Date.now() > until) {
      throw new Error(`after the outage, still exiting when started again: ${ gone.map((name) => `${ name }: ${ lastLog(name) }`).join('; ') }`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }

  return all;
}

function lastLog(part: string): string {
  try {
    return fs.readFileSync(logFile(part), 'utf8').trim().split('\n').slice(-5)
      .join('\n');
  } catch (e) {
    return '(no log)';
  }
}
