/**
 * The `--rancher[=<version>]` part of `npm run stack` (./main.ts): with --build, build Rancher too (every version this
 * machine has the sources and dashboard of when none is named); with --status, say where Rancher runs; otherwise start
 * it on the running stack and say where to log in.
 */
import { StackInfo } from '../../lab/core/stackInfo';
import { ensureRancherBuilt } from '../../lab/stack/rancher/build';
import { readRancherInfo } from '../../lab/stack/rancher/state';
import { presentRancherVersions, rancherVersion } from '../../lab/stack/rancher/versions';
import { publishExtensionRepo } from './extensionRepo';
import { RANCHER_PORTS } from '../../lab/stack/rancher/localCluster';

function rancherArg(args: string[]): string | undefined {
  const a = args.find((x) => x === '--rancher' || x.startsWith('--rancher='));

  return a === undefined ? undefined : (a.split('=')[1] || '');
}

/** --build: the Rancher versions named, or every version present. */
export function buildRancher(args: string[]): void {
  const arg = rancherArg(args);
  const keys = arg ? [arg] : presentRancherVersions();

  keys.forEach((k) => ensureRancherBuilt(rancherVersion(k), (l) => console.log(l)));
}

export async function rancherMain(args: string[], stack?: StackInfo): Promise<void> {
  const arg = rancherArg(args);

  if (args.includes('--status')) {
    const r = readRancherInfo();

    console.log(r ? `  Rancher ${ r.version }: ${ r.url }/dashboard/ (guest ${ r.clusters.guest }, host ${ r.clusters.host })` : '  Rancher: not running');

    return;
  }
  if (arg === undefined || !stack) {
    return;
  }
  // Loaded only when asked for: it pulls in the publish pipeline and the Rancher API client.
  const { startRancher } = await import('../../lab/stack/rancher/start');
  const info = await startRancher(stack, {
    version: arg || undefined, log: (l) => console.log(l), publishRepo: publishExtensionRepo
  });

  console.log(`[rancher] Rancher ${ info.version } at ${ info.url }/dashboard/ (log in as admin or viewer, password "password"); guest ${ info.clusters.guest }, host ${ info.clusters.host }`);
  // Rancher runs in a network namespace of its own: of this machine it reaches only what is bridged into it.
  console.log(`[rancher] Rancher reaches this machine only at 127.0.0.1:${ RANCHER_PORTS.helmRepo } (the extension's Helm repository) and 127.0.0.1:${ RANCHER_PORTS.ociRegistry } (for an OCI registry you start there, e.g. for an OCI ClusterRepo)`);
}
