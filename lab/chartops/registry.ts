/**
 * A real OCI registry (distribution/distribution, built from tools/chartops) on 127.0.0.1 for tests: filesystem
 * storage in a temporary folder, optionally htpasswd auth. It listens on loopback only and is stopped by `stop()`.
 */
import { ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { bin, ensureBuilt } from './build';
import { runTool } from './run';

export interface LocalRegistry {
  /** host:port, e.g. 127.0.0.1:41234 */
  host: string;
  dir: string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();

    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;

      srv.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20000;

  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`registry exited (${ child.exitCode }): ${ log() }`);
    }
    try {
      const res = await fetch(url);

      if (res.status === 200 || res.status === 401) {
        return;
      }
    } catch (e) {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`registry did not answer ${ url } within 20 s: ${ log() }`);
}

export async function startRegistry(opts: { user?: string; password?: string; port?: number } = {}): Promise<LocalRegistry> {
  ensureBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oci-registry-'));
  const port = opts.port || await freePort();
  const auth = opts.user ? [
    'auth:',
    '  htpasswd:',
    '    realm: test',
    `    path: ${ path.join(dir, 'htpasswd') }`,
  ] : [];

  if (opts.user) {
    const line = runTool('htpasswd', [opts.user], { input: `${ opts.password }\n` });

    if (line.status !== 0) {
      throw new Error(`htpasswd: ${ line.stderr }`);
    }
    fs.writeFileSync(path.join(dir, 'htpasswd'), line.stdout, { mode: 0o600 });
  }
  fs.writeFileSync(path.join(dir, 'config.yml'), [
    'version: 0.1',
    'log:',
    '  level: warn',
    '  accesslog:',
    '    disabled: true',
    'storage:',
    '  filesystem:',
    `    rootdirectory: ${ path.join(dir, 'data') }`,
    'http:',
    `  addr: 127.0.0.1:${ port }`,
    `  secret: ${ crypto.randomBytes(16).toString('hex') }`,
    ...auth,
    '',
  ].join('\n'));

  let output = '';
  // OpenTelemetry's exporter is on by default in distribution v3: nothing here collects traces.
  const child = spawn(bin('registry'), ['serve', path.join(dir, 'config.yml')], {
    env: {
      ...process.env, OTEL_TRACES_EXPORTER: 'none', OTEL_SDK_DISABLED: 'true'
    },
    stdio: ['ignore', 'pipe', 'pipe']
  });

  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });

  const stop = async() => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));

      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await waitUntilUp(`http://127.0.0.1:${ port }/v2/`, child, () => output.slice(-2000));
  } catch (e) {
    await stop();
    throw e;
  }

  return {
    host: `127.0.0.1:${ port }`, dir, stop
  };
}
