/**
 * The other direction of ../core/netns.ts's bridges: a port a program listens on inside its network namespace made
 * reachable on the machine's 127.0.0.1 (the same port number), over a Unix socket (../core/netBridge.ts). The browser
 * tests, the agents and the differential reach Rancher at https://127.0.0.1:<port> this way, and nothing outside the
 * machine can: the machine side listens on loopback only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Netns } from '../../core/netns';
import { RUN_DIR } from '../../core/paths';
import { startProcess, Started } from '../../core/processes';

export function exposeFromNetns(ns: Netns, ports: number[], name: string): Started[] {
  const dir = path.join(RUN_DIR, 'bridges');

  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const node = process.execPath;
  const bridge = path.join(__dirname, '..', '..', 'core', 'netBridge.ts');
  const sock = (p: number) => path.join(dir, `${ ns.name }-expose-${ p }.sock`);
  const inside = startProcess(`${ name }-expose-in`, 'ip', ['netns', 'exec', ns.name, node, bridge, 'unix-to-tcp', ...ports.flatMap((p) => [sock(p), String(p)])]);
  const outside = startProcess(`${ name }-expose-out`, node, [bridge, 'tcp-to-unix', ...ports.flatMap((p) => [String(p), sock(p)])]);

  return [inside, outside];
}
