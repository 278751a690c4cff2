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

/** The last `n` distinct error lines of `text` (told apart without their time stamp), each cut to 160 characters. */
export function errorLines(text: string, n = 3): string[] {
  const seen = new Map<string, string>();

  for (const line of text.split('\n')) {
    if (ERROR.test(line) && !SECRET.test(line)) {
      const key = line.replace(/^\S+ \S+ |time="[^"]*" /, '');

      seen.delete(key);
      seen.set(key, line.length > 160 ? `${ line.slice(0, 160) }…` : line);
    }
  }

  return [...seen.values()].slice(-n);
}

/** The error lines the process logged since `mark` (none when its log is gone). */
export function errorsSince(name: string, mark: number): string[] {
  let text = '';

  try {
    const fd = fs.openSync(logFile(name), 'r');
    const size = fs.fstatSync(fd).size;
    const buf = Buffer.alloc(Math.max(0, Math.min(size - mark, 4 * 1024 * 1024)));

    fs.readSync(fd, buf, 0, buf.length, size - buf.length);
    fs.closeSync(fd);
    text = buf.toString('utf8');
  } catch (e) {
    return [];
  }

  return errorLines(text);
}
