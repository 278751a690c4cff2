/**
 * `npm run stack`: builds (once) and starts the real stack in the background — etcd, and for rke2-guest and
 * harvester-host a kube-apiserver and rancher/steve — seeded with the demo data, then prints where each part
 * listens. Idle until something uses it; `npm run stack -- --stop` stops it.
 *   --fresh   start on an empty etcd (the demo data as seeded)
 *   --stop    stop the stack this run directory started
 *   --status  say whether it runs, and where
 *   --build   only build the binaries (the stack's, Harvester's components', and Rancher's with --rancher)
 *   --rancher[=2.13]  also Rancher's server (2.15 by default) on a local cluster of its own, with the guest and
 *             host imported into it and the extension installed (stack/src/rancher/start.ts)
 * Tokens stay in .tools/stack/run/secrets (mode 0600); nothing here prints them.
 */
import { ensureBuilt } from './build';
import { ensureHarvesterBuilt, harvesterSourcesPresent } from './harvester/build';
import { readStackInfo, StackInfo, startStack, stopStack } from './stack';
import { RUN_DIR } from './core/paths';
import { rancherMain } from './rancher/cli';

function describe(info: StackInfo): string {
  const lines = Object.values(info.clusters).map((c) => `  ${ c.name } (${ c.clusterId }): kube-apiserver ${ c.api }, steve ${ c.steve }, kubeconfig ${ c.kubeconfig }`);

  return [...lines, `  components: ${ Object.entries(info.versions).map(([k, v]) => `${ k } = ${ v }`).join('; ') }`, `  run directory: ${ RUN_DIR }`].join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);

  if (args.includes('--stop')) {
    console.log(await stopStack() ? '[stack] stopped' : '[stack] not running');

    return;
  }
  if (args.includes('--status')) {
    const info = readStackInfo();

    console.log(info ? `[stack] running since ${ info.startedAt }\n${ describe(info) }` : '[stack] not running');
    await rancherMain(args);

    return;
  }
  if (args.includes('--build')) {
    ensureBuilt();
    // Harvester's components too: a build step before the suites leaves nothing for the stack's start to build.
    if (harvesterSourcesPresent()) {
      ensureHarvesterBuilt();
    }
    await rancherMain(args);

    return;
  }
  const info = await startStack({ fresh: args.includes('--fresh'), log: (l) => console.log(l) });

  console.log(`[stack] running\n${ describe(info) }\n[stack] stop with: npm run stack -- --stop`);
  await rancherMain(args, info);
}

main().catch((e) => {
  console.error(`[stack] ${ e?.message || e }`);
  process.exit(1);
});
