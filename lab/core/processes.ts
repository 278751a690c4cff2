/**
 * Starts the stack's processes with their output in `<run>/logs/<name>.log`, waits until each answers, and stops
 * them. The pids go into stack.json so `npm run stack -- --stop` and the tests can find a stack already running.
 */
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { logFile, RUN_DIR } from './paths';

export interface Started {
  name: string;
  child: ChildProcess;
}

/**
 * How a part was started (its command before any exec: a Pod's wrapper execs into the component, and /proc then
 * shows only the component), for an outage that starts it again (stackParts.ts). 0600 in a 0700 folder, like logs.
 */
export function launchFile(name: string): string {
  return path.join(RUN_DIR, 'parts', `${ name }.json`);
}

/** What launchFile holds: the command, its folder, and the environment given on top of the starter's. */
export interface Launch { argv: string[]; cwd: string; env?: Record<string, string> }

function recordLaunch(name: string, launch: Launch): void {
  const file = launchFile(name);

  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, JSON.stringify(launch), { mode: 0o600 });
}

export function startProcess(name: string, binPath: string, args: string[], cwd?: string, env?: Record<string, string>): Started {
  const log = logFile(name);

  // Logs 0600 in a 0700 folder: some name users, hosts and what a component logs of its credentials (issue 37).
  fs.mkdirSync(path.dirname(log), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(log), 0o700);
  const out = fs.openSync(log, 'a', 0o600);

  fs.fchmodSync(out, 0o600);
  const child = spawn(binPath, args, {
    stdio: ['ignore', out, out], cwd, detached: true, env: env ? { ...process.env, ...env } : undefined
  });

  fs.closeSync(out);
  recordLaunch(name, {
    argv: [binPath, ...args], cwd: cwd || process.cwd(), env
  });
  // A program that cannot be started shows as an exit (waitReady reports it with the log), not as a crash here.
  child.on('error', (e) => fs.appendFileSync(log, `[stack] could not start ${ binPath }: ${ e.message }\n`));
  child.unref();

  return { name, child };
}

function lastLines(name: string, n = 20): string {
  try {
    return fs.readFileSync(logFile(name), 'utf8').trim().split('\n').slice(-n)
      .join('\n');
  } catch (e) {
    return '(no log)';
  }
}

/** A client certificate (and the CA it checks the server by) for a listener that asks for one (etcd). */
export interface ClientTls { cert: Buffer; key: Buffer; ca: Buffer }

function probe(url: string, headers: Record<string, string>, tls?: ClientTls): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const lib = url.startsWith('https:') ? https : http;
    const req = lib.get(url, {
      rejectUnauthorized: !!tls, headers, timeout: 3000, ...(tls || {})
    }, (res) => {
      const chunks: Buffer[] = [];

      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode || 0, body: Buffer.concat(chunks).toString('utf8') }));
      // An answer cut off after its headers: not ready (it never ends, and the wait would last forever).
      res.on('close', () => !res.complete && resolve({ status: 0, body: '' }));
    });

    req.on('error', () => resolve({ status: 0, body: '' }));
    req.on('timeout', () => {
      req.destroy();
      resolve({ status: 0, body: '' });
    });
  });
}

/**
 * Waits until `url` answers 200 (and `accept` takes its body), or fails with the process's last log lines when it
 * exits or time runs out.
 */
export async function waitReady(p: Started, url: string, timeoutMs: number, headers: Record<string, string> = {}, accept: (body: string) => boolean = () => true, tls?: ClientTls): Promise<void> {
  const until = Date.now() + timeoutMs;

  while (Date.now() < until) {
    if (p.child.exitCode !== null) {
      throw new Error(`${ p.name } exited (${ p.child.exitCode }):\n${ lastLines(p.name) }`);
    }
    const r = await probe(url, headers, tls);

    if (r.status === 200 && accept(r.body)) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${ p.name } did not answer ${ url } within ${ timeoutMs / 1000 } s:\n${ lastLines(p.name) }`);
}

/** Whether the process still runs. A zombie (exited, not yet reaped by whoever adopted it) has freed its ports: gone. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return false;
  }
  try {
    // /proc/<pid>/stat: "pid (comm) state …"; comm may hold spaces and parentheses, so read after the last ')'.
    const stat = fs.readFileSync(`/proc/${ pid }/stat`, 'utf8');

    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch (e) {
    return true;
  }
}

async function waitGone(pids: number[], ms: number): Promise<void> {
  const until = Date.now() + ms;

  while (Date.now() < until && pids.some(isAlive)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * SIGTERM (twice), then SIGKILL after `graceMs` for what is still running, and returns once every process is gone: a fresh
 * start right after must find the ports free (etcd, still closing its clients when killed, held its peer port while
 * the next etcd tried to bind it).
 */
export async function stopPids(pids: number[], graceMs = 5000): Promise<void> {
  const term = (list: number[]) => list.forEach((pid) => {
    try {
      process.kill(pid, 'SIGTERM');
    } catch (e) {}
  });

  term(pids);
  await waitGone(pids, 1000);
  // A second SIGTERM for what is still up: the Harvester cloud provider (k8s.io/cloud-provider's app) shuts down only
  // on the second.
  term(pids.filter(isAlive));
  await waitGone(pids, graceMs);
  for (const pid of pids.filter(isAlive)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch (e) {}
  }
  await waitGone(pids, 10000);
}
