/**
 * Render bench (issue 13): the Topology page beside the shell's own Node list, at 500 and 5,000 nodes, in the REAL
 * Rancher 2.15 dashboard (the production build in ../shared/rancher-ui/2.15) with this extension installed as a
 * UIPlugin from dist-pkg, as users get it; in-app navigation (clicks in the side menu, no page loads).
 *
 *   bash scripts/with-env tsx tests/bench/render.ts      (after npm run build-pkg harvester-cloud-ui)
 *
 * Starts the simulator as the compat suite does (tests/compat/fixtures.ts startCompatSim) with SIM_SCALE_NODES
 * (lab/world/clusters/scaleGuest.ts: the `scale-<n>` guests, their VMs on harvester-host, every 7th drifted),
 * logs in as admin and, per size, RUNS times:
 *   1. loads the cluster's Events list (a fresh page: nothing cached; not timed; in the side menu's Cluster group
 *      beside Nodes and Topology; not the cluster dashboard, whose Topology card would fill the cache first),
 *   2. clicks Nodes: until the list's first row is painted          (Node list, first visit)
 *   3. clicks Topology: until its first zone row is painted, then until drift is complete (the drift panel)
 *   4. clicks Nodes again, then Topology again                       (repeat visits)
 *   5. on the repeat Topology visit: expands a collapsed zone, and types into the filter: until the frame after.
 * Times are taken in the page (click → MutationObserver sees the element → the next animation frame). Each visit's
 * requests (from the click until drift complete plus a second) are counted with their transferred (encoded, gzip)
 * and decoded body sizes, from Playwright's request sizes (CDP Network events). Medians over RUNS.
 * Writes tmp/bench/topology-render.json for tests/bench/index.ts; never judges a number (index.ts prints budgets).
 *
 * CHROMIUM: another Chromium binary than /usr/bin/chromium. BENCH_RENDER_SIZES: other sizes than 500,5000.
 * BENCH_RENDER_RUNS: other than 5. BENCH_RANCHER: another build than 2.15.
 *
 * BENCH_RENDER_REAL=1 (issue 18): against the REAL stack (stack/, real rancher/steve + kube-apiserver, through the
 * simulator's real-mode proxy) instead: the stack is started fresh, 5,000 Node objects (BENCH_RENDER_SIZES, one
 * size) shaped as scale-<n>'s are (scaleGuest.ts: harvester:// providerIDs, zone/region labels, every 100th
 * unlabelled) are created in the real rke2-guest through its kube-apiserver, 16 requests at a time, and the same
 * visits are measured there once (BENCH_RENDER_RUNS defaults to 1). harvester-host gets no scale VMs (its seed
 * only), so drift is computed over the seed's VMs. Writes tmp/bench/topology-render-real.json; the stack is
 * restarted fresh afterwards so no 5,000 Nodes are left. Export STACK_BASE_PORT as for any stack command.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Browser, chromium } from 'playwright-core';
import { rancherBuilds } from '../../lab/builds';
import { scaleNodes } from '../../lab/world/clusters/scaleGuest';
import { kubeTarget, startStack } from '../../lab/stack/stack';
import { CLUSTERS } from '../../lab/core/config';
import { createObjects } from '../../lab/stack/seed';
import { measure, REAL, SizeResult, SIZES } from './renderVisits';
import { CHROMIUM, LAUNCH_ARGS } from '../flows/lib/browser';

/** Real mode: a fresh stack, and `n` scale Nodes created in the real rke2-guest. */
async function realStackWithNodes(n: number): Promise<void> {
  const info = await startStack({ fresh: true });
  const t0 = Date.now();

  await createObjects(kubeTarget(info, 'guest'), CLUSTERS.find((c) => c.key === 'guest') as (typeof CLUSTERS)[number], scaleNodes(n), 16);
  console.error(`[render] ${ n } Nodes created in the real rke2-guest in ${ Math.round((Date.now() - t0) / 1000) } s`);
}

const ROOT = path.resolve(__dirname, '..', '..');
const OUT = path.join(ROOT, 'tmp', 'bench', process.env.BENCH_RENDER_REAL === '1' ? 'topology-render-real.json' : 'topology-render.json');
const RANCHER = process.env.BENCH_RANCHER || '2.15';

export interface RenderReport {
  rancher: string;
  measuredAt: string;
  results: SizeResult[];
}

async function main(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${ CHROMIUM }`);
  }
  const build = rancherBuilds().find((b) => b.version === RANCHER);

  if (!build) {
    throw new Error(`no Rancher ${ RANCHER } dashboard build in ../shared/rancher-ui`);
  }
  // Read by the demo seed when the simulator starts.
  if (!REAL) {
    process.env.SIM_SCALE_NODES = SIZES.join(',');
  }
  if (REAL) {
    if (SIZES.length !== 1) {
      throw new Error('BENCH_RENDER_REAL: one size (the Nodes are created in rke2-guest)');
    }
    await realStackWithNodes(SIZES[0]);
  }
  const { startCompatSim } = await import('../../lab/backends/simulator');
  const { chartRepoUnderTest, extensionBuildDir } = await import('../../scripts/extensionUnderTest');
  const sim = await startCompatSim(build.dir, {
    real: REAL, extensionBuild: extensionBuildDir(), chartRepo: await chartRepoUnderTest()
  });
  let browser: Browser | null = null;

  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless:       true,
      args:           LAUNCH_ARGS,
    });
    const results = await measure(browser, sim.dashboard);
    const report: RenderReport = {
      rancher: sim.rancherVersion, measuredAt: new Date().toISOString(), results
    };

    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    fs.writeFileSync(OUT, `${ JSON.stringify(report, null, 2) }\n`);
    console.error(`[render] wrote ${ path.relative(ROOT, OUT) }`);
  } finally {
    await browser?.close().catch(() => undefined);
    await sim.server.close().catch(() => undefined);
    if (REAL) {
      // No 5,000 Nodes left behind: back to the seed.
      await startStack({ fresh: true });
    }
  }
}

if (require.main === module) {
  main().then(() => process.exit(0), (e) => {
    console.error(`[render] ${ e?.stack || e?.message || e }`);
    process.exit(1);
  });
}
