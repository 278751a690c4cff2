/**
 * The errors a stack process (Rancher's server, on the `rancher-<version>-server` projects) logged while a flow ran,
 * for the failed flow's summary line: what the server met is often why the page failed, and CI keeps no log file.
 * A line that mentions a password, token or secret is never repeated (Rancher logs its bootstrap password).
 */
import fs from 'node:fs';
import { logFile } from '../../../lab/core/paths';

const ERROR = /\[(ERROR|FATAL)\]|level=(error|fatal)|^panic:|leaderelection lost/;
const SECRET = /password|token|secret|kubeconfig/i;

/** Where the process's log ends now: the flow's errors are the lines after it. */
export function logMark(name: string): number {
  return fs.statSync(logFile(name), { throwIfNoEntry: false })?.size ?? 0;
}

const keyOf = (line: string) => line.replace(/^\S+ \S+ |time="[^"]*" /, '');

/**
 * The last `n` distinct error lines of `text` (told apart without their time stamp), each cut to 160 characters,
 * less the ones `known` holds: what the server repeats all along (Rancher retries a system chart it cannot find
 * every 5 s here) is no news of a flow.
 */
export function errorLines(text: string, n = 3, known: Set<string> = new Set()): string[] {
  const seen = new Map<string, string>();

  for (const line of text.split('\n')) {
    const key = keyOf(line);

    if (ERROR.test(line) && !SECRET.test(line) && !known.has(key)) {
      seen.delete(key);
      seen.set(key, line.length > 160 ? `${ line.slice(0, 160) }…` : line);
    }
  }

  return [...seen.values()].slice(-n);
}

/** The error lines the process logged since `mark`, less those it logged before (none when its log is gone). */
export function errorsSince(name: string, mark: number): string[] {
  let log: Buffer;

  try {
    log = fs.readFileSync(logFile(name));
  } catch (e) {
    return [];
  }
  // `mark` counts bytes: the log is cut as bytes, then read as text.
  const before = new Set(log.subarray(0, mark).toString('utf8').split('\n').filter((l) => ERROR.test(l))
    .map(keyOf));

  return errorLines(log.subarray(mark).toString('utf8'), 3, before);
}
