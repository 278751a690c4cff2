/**
 * An outage of one part of a running stack, made the way a real one happens: the part's process, found by the name
 * stack.json records, is stopped by its pid (SIGTERM, then SIGKILL: stopPids), and later started again as it was
 * started (processes.ts records the command, folder and environment of each: a Pod's wrapper `ip netns exec …
 * unshare … sh -c … exec <bin>` execs in place, and /proc then shows only the component), its output appended to its
 * own log. stack.json then records the new pid, so `npm run stack -- --stop` and the leftover check still find it.
 * `restartExited` does what a kubelet does for a container that exited (restartPolicy Always): a CSI sidecar exits
 * when it loses its driver ("Lost connection to CSI driver, exiting", csi-lib-utils), and runs again once it is back.
 * `pausePart` makes a part slow (frozen, its sockets open). The fault flows (issue 37) use them.
 */
import fs from 'node:fs';
import { STACK_FILE } from './paths';
import {
  isAlive, Launch, launchFile, startProcess, stopPids
} from './processes';
import type { StackInfo } from './stackInfo';

/** A stopped part: its name and how it was started. */
export interface StoppedPart extends Launch {
  name: string;
}

function readInfo(file: string): StackInfo {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as StackInfo;
}

function launchOf(name: string): Launch {
  return JSON.parse(fs.readFileSync(launchFile(name), 'utf8')) as Launch;
}

/** Whether the part stack.json records as `name` runs; null when there is no such part (or no stack.json yet). */
export function partRunning(name: string, file = STACK_FILE): boolean | null {
  try {
    const p = (readInfo(file).processes || []).find((x) => x.name === name);

    return p ? isAlive(p.pid) : null;
  } catch (e) {
    return null;
  }
}

/** The pid stack.json records for `name`; a clear error naming the parts there are when it has none. */
export function partPid(name: string, file = STACK_FILE): number {
  const info = readInfo(file);
  const p = (info.processes || []).find((x) => x.name === name);

  if (!p) {
    throw new Error(`the stack has no part "${ name }" (it has: ${ (info.processes || []).map((x) => x.name).join(', ') })`);
  }
  if (!isAlive(p.pid)) {
    throw new Error(`the stack's part "${ name }" (pid ${ p.pid }) is not running`);
  }

  return p.pid;
}

/**
 * Stops the part by its pid and returns how to start it again. `crash`: SIGKILL at once (a crash: no graceful
 * shutdown, so a request it holds is never answered), else SIGTERM first (stopPids).
 */
export async function stopPart(name: string, file = STACK_FILE, how: { crash?: boolean } = {}): Promise<StoppedPart> {
  const pid = partPid(name, file);
  const launch = launchOf(name);

  if (how.crash) {
    process.kill(pid, 'SIGKILL');
  }
  await stopPids([pid]);

  return { ...launch, name };
}

/**
 * Freezes the part (SIGSTOP): it still holds its sockets, so its clients connect and wait, as on a server too slow to
 * answer. Returns the call that lets it go on (SIGCONT).
 */
export function pausePart(name: string, file = STACK_FILE): () => void {
  const pid = partPid(name, file);

  process.kill(pid, 'SIGSTOP');

  return () => {
    try {
      process.kill(pid, 'SIGCONT');
    } catch (e) {}
  };
}

function recordPid(file: string, name: string, pid: number): void {
  const info = readInfo(file);
  const processes = (info.processes || []).map((p) => (p.name === name ? { name: p.name, pid } : p));

  fs.writeFileSync(file, JSON.stringify({
    ...info, processes, pids: processes.map((p) => p.pid)
  }, null, 2), { mode: 0o600 });
}

/** Starts a part again as it was started, and records its new pid in stack.json. Returns the pid. */
export function restartPart(part: StoppedPart, file = STACK_FILE): number {
  const [cmd, ...args] = part.argv;
  const pid = startProcess(part.name, cmd, args, part.cwd, part.env).child.pid as number;

  recordPid(file, part.name, pid);

  return pid;
}

/**
 * Starts again every part of the stack that has exited (and was started with a record of how), but those in `except`
 * (a part an outage holds down); returns their names.
 */
export function restartExited(file = STACK_FILE, except: string[] = []): string[] {
  const gone = (readInfo(file).processes || []).filter((p) => !except.includes(p.name) && !isAlive(p.pid) && fs.existsSync(launchFile(p.name)));

  gone.forEach((p) => restartPart({ ...launchOf(p.name), name: p.name }, file));

  return gone.map((p) => p.name);
}
