/**
 * `npm run stack`: builds (once) and starts the real stack in the background — etcd, and for rke2-guest and
 * harvester-host a kube-apiserver and rancher/steve — seeded with the demo data, then prints where each part
 * listens. Idle until something uses it; `npm run stack -- --stop` stops it.
 *   --fresh   start on an empty etcd (the demo data as seeded)
 *   --stop    stop the stack this run directory started
 *   --status  say whether it runs, and where
 *   --build   only build, once, everything the suites run: the stack's binaries, Harvester's components, the chart
 *             tools (Helm, the registry) and Rancher (every version present, or the one --rancher=<v> names); prints
 *             how long it took
 *   --rancher[=2.13]  also Rancher's server (2.15 by default) on a local cluster of its own, with the guest, the
 *             host and k3s-bare imported into it and the extension installed (lab/stack/rancher/start.ts)
 *   A stop while a start is under way ends that start too (<run>/starting.pid).
 * The lab (lab/) is a library: this command wires it to the publish pipeline (the extension's Helm repository).
 * Tokens stay in .tools/stack/run/secrets (mode 0600); nothing here prints them.
 */
import { ensureBuilt } from '../../lab/stack/build';
import { ensureHarvesterBuilt, harvesterSourcesPresent } from '../../lab/stack/harvester/build';
import fs from 'node:fs';
import path from 'node:path';
import { readStackStatus, startStack, STARTING_FILE, stopStack } from '../../lab/stack/stack';
import { describe, statusText } from './status';
import { ensureBuilt as ensureChartToolsBuilt } from '../../lab/chartops/build';
import { buildRancher, rancherMain } from './rancher';


async function main(): Promise<void> {
  const args = process.argv.slice(2);

  if (args.includes('--stop')) {
    console.log(await stopStack() ? '[stack] stopped' : '[stack] not running');

    return;
  }
  if (args.includes('--status')) {
    console.log(statusText(readStackStatus()));
    await rancherMain(args);

    return;
  }
  if (args.includes('--build')) {
    const t0 = Date.now();

    ensureBuilt();
    // Harvester's components too: a build step before the suites leaves nothing for the stack's start to build.
    if (harvesterSourcesPresent()) {
      ensureHarvesterBuilt();
    }
    ensureChartToolsBuilt();
    buildRancher(args);
    console.log(`[stack] built in ${ Math.round((Date.now() - t0) / 1000) } s`);

    return;
  }
  // Said while it starts, so that a stop meanwhile ends this process too (lab/stack/stack.ts stopStack).
  fs.mkdirSync(path.dirname(STARTING_FILE), { recursive: true });
  fs.writeFileSync(STARTING_FILE, `${ process.pid }`);
  try {
    const info = await startStack({ fresh: args.includes('--fresh'), log: (l) => console.log(l) });

    console.log(`[stack] running\n${ describe(info) }\n[stack] stop with: npm run stack -- --stop`);
    await rancherMain(args, info);
  } finally {
    if (fs.existsSync(STARTING_FILE) && fs.readFileSync(STARTING_FILE, 'utf8') === `${ process.pid }`) {
      fs.rmSync(STARTING_FILE, { force: true });
    }
  }
}

main().catch((e) => {
  console.error(`[stack] ${ e?.message || e }`);
  process.exit(1);
});
