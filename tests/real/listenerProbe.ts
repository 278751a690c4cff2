/**
 * The stack's TCP listeners as the machine's socket table shows them (`ss -ltnp`), each with the process that holds it,
 * and a request to one without credentials (issue 37: no listener of the stack answers one). A listener belongs to the
 * stack when its process, or one it descends from, is one the stack recorded (stack.json, rancher.json) or names the
 * stack's run directory (its bridges and helpers), so one a later change adds is found too.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { RUN_DIR } from '../../lab/core/paths';

export interface Listener { address: string; port: number; pid: number; name: string }
export type Answer = { status: number } | { refused: string };

function recorded(): Map<number, string> {
  const names = new Map<number, string>();

  for (const file of ['stack.json', 'rancher.json']) {
    try {
      const info = JSON.parse(fs.readFileSync(path.join(RUN_DIR, file), 'utf8'));

      // stack.json's parts by their recorded names; rancher.json's by their commands ('': netBridge.ts, repoServer.ts,
      // …, which the Rancher listener test names), though it records names too (for lab/core/stackParts.ts).
      if (file === 'stack.json') {
        (info.processes || []).forEach((p: { pid: number; name: string }) => names.set(p.pid, p.name));
      }
      (info.pids || []).forEach((pid: number) => names.has(pid) || names.set(pid, ''));
    } catch (e) {}
  }

  return names;
}

/** What a process runs: its program, or for Node its script and the argument after it. */
function commandOf(pid: number): string {
  try {
    const argv = fs.readFileSync(`/proc/${ pid }/cmdline`, 'utf8').split('\0').filter(Boolean);
    const program = path.basename(argv[0] || '');
    const script = argv.findIndex((a, i) => i > 0 && /\.(ts|js)$/.test(a));

    return (program === 'node' || program === 'tsx') && script > 0 ? `${ path.basename(argv[script]) } ${ argv[script + 1] || '' }`.trim() : program;
  } catch (e) {
    return `pid ${ pid }`;
  }
}

function parentOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${ pid }/stat`, 'utf8');

    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch (e) {
    return 0;
  }
}

/** The stack's name for the process, or for the recorded process it descends from, or null when it is not the stack's. */
function ownerName(pid: number, names: Map<number, string>): string | null {
  for (let p = pid, depth = 0; p > 1 && depth < 8; p = parentOf(p), depth++) {
    if (names.has(p)) {
      const owner = names.get(p) || commandOf(p);

      return p === pid ? owner : `${ commandOf(pid) } (of ${ owner })`;
    }
    try {
      if (fs.readFileSync(`/proc/${ p }/cmdline`, 'utf8').includes(`${ RUN_DIR }/`)) {
        return commandOf(pid);
      }
    } catch (e) {}
  }

  return null;
}

export function stackListeners(): Listener[] {
  const names = recorded();
  const out: Listener[] = [];

  for (const line of execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' }).split('\n')) {
    const m = line.match(/^\S+\s+\d+\s+\d+\s+(\S+):(\d+)\s+\S+\s+users:\(\((.*)\)\)/);

    for (const pid of m ? [...m[3].matchAll(/pid=(\d+)/g)].map((p) => Number(p[1])) : []) {
      const name = ownerName(pid, names);

      if (m && name && !out.some((l) => l.port === Number(m[2]))) {
        out.push({
          address: m[1].replace(/^\[|\]$/g, ''), port: Number(m[2]), pid, name
        });
      }
    }
  }

  return out;
}

/** A path that gives data to a caller it lets in (a 404 there would not show a refusal), by the listener's name. */
export function dataPath(name: string): string {
  const rules: [RegExp, string][] = [
    [/^steve-/, '/v1/secrets'],
    [/^harvester-api$/, '/v1/harvester/kubeconfig'],
    [/^kube-apiserver/, '/api/v1/secrets'],
    // Rancher's server, through the bridge into its namespace.
    [/^netBridge\.ts/, '/v1/secrets'],
    [/^podRunner\.ts/, '/containerLogs/cattle-system/helm-operation/helm'],
  ];

  return rules.find(([re]) => re.test(name))?.[1] || '/metrics';
}

/** One GET over TLS, or plain HTTP when the listener does not speak TLS. */
export function get(port: number, p: string, headers: Record<string, string> = {}, tls: object = {}): Promise<Answer> {
  const once = (lib: typeof http | typeof https, opts: object) => new Promise<Answer | 'not tls'>((resolve) => {
    const req = lib.get({
      host: '127.0.0.1', port, path: p, headers, timeout: 5000, ...opts
    }, (res) => {
      res.resume();
      resolve({ status: res.statusCode || 0 });
    });

    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e: NodeJS.ErrnoException) => resolve(lib === https && /wrong version number|packet length too long|EPROTO.*http/i.test(`${ e.code } ${ e.message }`) ? 'not tls' : { refused: e.message }));
  });

  return once(https, { rejectUnauthorized: false, ...tls }).then((a) => (a === 'not tls' ? once(http, {}) : a)) as Promise<Answer>;
}

export const answered = (a: Answer) => 'status' in a && a.status >= 200 && a.status < 400;

/** Each listener that answers `pathOf(listener)` without a credential, as a line that says so. */
export async function unauthenticatedAnswers(listeners: Listener[], pathOf: (l: Listener) => string): Promise<string[]> {
  const out: string[] = [];

  for (const l of listeners) {
    const a = await get(l.port, pathOf(l));

    if (answered(a)) {
      out.push(`${ l.name } :${ l.port } ${ pathOf(l) } answered ${ (a as { status: number }).status }`);
    }
  }

  return out;
}
