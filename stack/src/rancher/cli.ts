/**
 * The `--rancher[=<version>]` part of `npm run stack` (../main.ts): with --build, build Rancher too; with --status,
 * say where Rancher runs; otherwise start it on the running stack and say where to log in.
 */
import { StackInfo } from '../core/stackInfo';
import { ensureRancherBuilt } from './build';
import { readRancherInfo } from './state';
import { rancherVersion } from './versions';

function rancherArg(args: string[]): string | undefined {
  const a = args.find((x) => x === '--rancher' || x.startsWith('--rancher='));

  return a === undefined ? undefined : (a.split('=')[1] || '');
}

export async function rancherMain(args: string[], stack?: StackInfo): Promise<void> {
  const arg = rancherArg(args);

  if (args.includes('--status')) {
    const r = readRancherInfo();

    console.log(r ? `  Rancher ${ r.version }: ${ r.url }/dashboard/ (guest ${ r.clusters.guest }, host ${ r.clusters.host })` : '  Rancher: not running');

    return;
  }
  if (arg === undefined) {
    return;
  }
  const v = rancherVersion(arg || undefined);

  if (!stack) {
    ensureRancherBuilt(v, (l) => console.log(l));

    return;
  }
  // Loaded only when asked for: it pulls in the publish pipeline and the Rancher API client.
  const { startRancher } = await import('./start');
  const info = await startRancher(stack, { version: arg || undefined, log: (l) => console.log(l) });

  console.log(`[rancher] Rancher ${ info.version } at ${ info.url }/dashboard/ (log in as admin or viewer, password "password"); guest ${ info.clusters.guest }, host ${ info.clusters.host }`);
}
