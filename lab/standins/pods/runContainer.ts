/**
 * One container of a Pod as a process: in the Pod's network namespace (`ip netns exec`), in a mount namespace of its
 * own with the image's folders and the Pod's volumes (mountScript.ts), with the Pod's environment and no other, its
 * output kept as a kubelet keeps it (`<RFC 3339 time> <stream> F <line>`, the CRI log format) in `<pod dir>/logs/`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ImageFs } from './images';
import { mountScript } from './mountScript';
import { ContainerPlan } from './podPlan';

export interface RunningContainer {
  pid: number;
  exited: Promise<number>;
}

export interface ContainerContext {
  podName: string;
  podDir: string;
  netns: string;
  image: ImageFs;
  binDir: string;
  volumeDirs: Record<string, string>;
  /** The API server's port on the Pod's 127.0.0.1 (startPod.ts `apiPort`: 443 unless the image serves 443 itself). */
  apiPort: string;
}

function logLines(file: string, stream: 'stdout' | 'stderr') {
  let rest = '';

  return {
    write(chunk: Buffer) {
      const lines = (rest + chunk.toString('utf8')).split('\n');

      rest = lines.pop() || '';
      for (const l of lines) {
        fs.appendFileSync(file, `${ new Date().toISOString() } ${ stream } F ${ l }\n`);
      }
    },
    end() {
      if (rest) {
        fs.appendFileSync(file, `${ new Date().toISOString() } ${ stream } F ${ rest }\n`);
      }
    },
  };
}

export function logFileOf(podDir: string, container: string): string {
  return path.join(podDir, 'logs', `${ container }.log`);
}

/** Starts the container; a script the runner cannot make (a mount outside the image) is an exit 128 with the reason logged. */
export function runContainer(ctx: ContainerContext, c: ContainerPlan): RunningContainer {
  const file = logFileOf(ctx.podDir, c.name);

  fs.mkdirSync(path.dirname(file), { recursive: true });
  let script: string;

  try {
    script = mountScript({
      image: ctx.image, mounts: c.mounts, volumeDirs: ctx.volumeDirs, hostsFile: path.join(ctx.podDir, 'hosts'), workingDir: c.workingDir, overlayDir: path.join(ctx.podDir, 'overlays', c.name)
    });
  } catch (e) {
    fs.appendFileSync(file, `${ new Date().toISOString() } stderr F [pod runner] ${ (e as Error).message }\n`);

    return { pid: 0, exited: Promise.resolve(128) };
  }
  // A pulled image's environment is its config's (PATH included); the other images' programs are on the runner's PATH.
  const basePath = ctx.image.rootfs ? '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' : `${ ctx.image.binDir || ctx.binDir }:/usr/local/bin:/usr/bin:/bin`;
  const env = {
    PATH:                    basePath,
    ...Object.fromEntries((ctx.image.env || []).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)])),
    HOME:                    ctx.image.home,
    HOSTNAME:                ctx.podName,
    KUBERNETES_SERVICE_HOST: '127.0.0.1',
    KUBERNETES_SERVICE_PORT: ctx.apiPort,
    ...c.env,
  };
  const child = spawn('ip', ['netns', 'exec', ctx.netns, 'unshare', '--mount', '--propagation', 'private', '--', 'sh', '-c', script, c.name, ...c.argv], {
    env, stdio: ['ignore', 'pipe', 'pipe'], detached: true
  });
  const out = logLines(file, 'stdout');
  const err = logLines(file, 'stderr');

  child.stdout?.on('data', (b: Buffer) => out.write(b));
  child.stderr?.on('data', (b: Buffer) => err.write(b));
  const exited = new Promise<number>((resolve) => {
    child.on('error', (e) => {
      err.write(Buffer.from(`[pod runner] ${ e.message }\n`));
      resolve(128);
    });
    child.on('close', (code, signal) => {
      out.end();
      err.end();
      resolve(code ?? (signal ? 128 + (signal === 'SIGKILL' ? 9 : 15) : 1));
    });
  });

  return { pid: child.pid || 0, exited };
}
