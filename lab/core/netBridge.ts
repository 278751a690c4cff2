/**
 * A byte pipe between a TCP port on 127.0.0.1 and a Unix socket, for programs that run in a network namespace of
 * their own (netns.ts): their namespace's loopback is not the machine's, but a Unix socket in the file system is
 * reachable from both. Run as its own process, with plain Node (no imports beyond node:, so type stripping runs it):
 *   node netBridge.ts unix-to-tcp <socket> <port>   (machine side: the socket reaches 127.0.0.1:<port>)
 *   node netBridge.ts tcp-to-unix <port> <socket>   (inside the namespace: its 127.0.0.1:<port> reaches the socket;
 *                                                    `<address>:<port>` listens on that address instead)
 * Pairs may repeat: `unix-to-tcp a.sock 27444 b.sock 27443`.
 * With NETBRIDGE_PARENT=<pid> it exits once that process, which started it, is gone (the Pod runner's bridges: a
 * runner killed before it could stop them left them holding their sockets and ports).
 */
import fs from 'node:fs';
import net from 'node:net';

function pipe(a: net.Socket, b: net.Socket): void {
  a.pipe(b);
  b.pipe(a);
  a.on('error', () => b.destroy());
  b.on('error', () => a.destroy());
  a.on('close', () => b.destroy());
  b.on('close', () => a.destroy());
}

const [mode, ...pairs] = process.argv.slice(2);

for (let i = 0; i + 1 < pairs.length; i += 2) {
  if (mode === 'unix-to-tcp') {
    const [socket, port] = [pairs[i], Number(pairs[i + 1])];

    fs.rmSync(socket, { force: true });
    net.createServer((c) => pipe(c, net.connect(port, '127.0.0.1'))).listen(socket, () => fs.chmodSync(socket, 0o600));
  } else if (mode === 'tcp-to-unix') {
    const [listen, socket] = [pairs[i], pairs[i + 1]];
    const [address, port] = listen.includes(':') ? [listen.slice(0, listen.lastIndexOf(':')), Number(listen.slice(listen.lastIndexOf(':') + 1))] : ['127.0.0.1', Number(listen)];

    net.createServer((c) => pipe(c, net.connect(socket))).listen(port, address);
  } else {
    process.stderr.write(`netBridge: unknown mode ${ mode }\n`);
    process.exit(2);
  }
}
process.on('SIGTERM', () => process.exit(0));
if (process.env.NETBRIDGE_PARENT) {
  const parent = Number(process.env.NETBRIDGE_PARENT);
  // Orphans are adopted by init or a subreaper: another parent means the first one is gone (even before we ran).
  const check = () => process.ppid !== parent && process.exit(0);

  check();
  setInterval(check, 1000);
}
