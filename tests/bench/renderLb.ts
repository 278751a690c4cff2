/**
 * Render bench (issue 20): the Load Balancers page beside the shell's own Service list, in the REAL Rancher 2.15
 * dashboard (../shared/rancher-ui/2.15) with this extension installed as a UIPlugin from dist-pkg, on rke2-guest with
 * 5,000 more LoadBalancer Services (SIM_SCALE_SERVICES, lab/world/clusters/scaleServices.ts).
 *
 *   bash scripts/with-env tsx tests/bench/renderLb.ts      (after npm run build-pkg harvester-cloud-ui)
 *
 * Per run, each visit on a fresh page (nothing cached), in-app clicks in the side menu (pageTiming.ts `timeInPage`:
 * click → the frame that paints the first row), the order alternating between runs:
 *   - Service list: loaded on the Events list (not timed), then a click on the side menu's "Service Discovery" group,
 *     which opens its default type, the Service list, until the list's first row;
 *   - Load Balancers: loaded on the Events list (the Cluster group), then a click on "Load Balancers" until its first
 *     row.
 * Requests of each visit (until the first row plus a second) with transferred and decoded sizes. Medians over RUNS
 * (BENCH_RENDER_RUNS, default 5). Writes tmp/bench/lb-render.json; never judges (index.ts prints the budget).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { rancherBuilds } from '../../lab/builds';
import { SEL } from '../flows/lib/selectors';
import { login, newUserContext, USERS } from '../flows/lib/login';
import { RKE2_GUEST } from '../../lab/world/ids';
import { median, RequestLog, timeInPage, VisitRequests } from './pageTiming';
import { CHROMIUM, LAUNCH_ARGS } from '../flows/lib/browser';

const ROOT = path.resolve(__dirname, '..', '..');
const OUT = path.join(ROOT, 'tmp', 'bench', 'lb-render.json');
const RUNS = Number(process.env.BENCH_RENDER_RUNS) || 5;
const SERVICES = Number(process.env.BENCH_LB_SERVICES) || 5000;
const WAIT_MS = 120000;
const link = (label: string) => `.side-nav a.type-link:has(span.label:text-is("${ label }"))`;
const VISITS = {
  // The group's header opens its default type, the Service list: a new row of it (the Events list's rows, on screen
  // at the click and linking Services too, are marked old first).
  serviceList: {
    from: 'event', click: '.side-nav .header[aria-label="Service Discovery"]', ready: `${ SEL.table.rows }:not([data-bench-old]) a[href*="/explorer/service/"]`
  },
  loadBalancers: {
    from: 'event', click: link('Load Balancers'), ready: '[data-testid="lb-page"] tbody tr.main-row'
  },
} as const;

type VisitName = keyof typeof VISITS;

export interface LbRenderReport {
  rancher: string;
  measuredAt: string;
  services: number;
  runs: number;
  firstRowMs: Record<VisitName, number>;
  samples: Record<VisitName, number[]>;
  requests: Record<VisitName, VisitRequests>;
}

async function visit(page: Page, log: RequestLog, dashboard: string, name: VisitName): Promise<{ ms: number; requests: VisitRequests }> {
  const v = VISITS[name];

  await page.goto(`${ dashboard }/c/${ RKE2_GUEST.id }/explorer/${ v.from }`, { waitUntil: 'domcontentloaded', timeout: WAIT_MS });
  await page.locator(v.click).first().waitFor({ state: 'visible', timeout: WAIT_MS });
  await page.waitForTimeout(1500); // the dashboard's own start-up requests settle
  await page.evaluate((rows) => document.querySelectorAll(rows).forEach((r) => r.setAttribute('data-bench-old', '1')), SEL.table.rows);
  log.start();
  const [ms] = await timeInPage(page, v.click, [v.ready]);

  await page.waitForTimeout(1000);

  return { ms, requests: await log.stop() };
}

export async function measure(browser: Browser, dashboard: string): Promise<Omit<LbRenderReport, 'rancher' | 'measuredAt'>> {
  const { context, page } = await newUserContext(browser);
  const log = new RequestLog(page);
  const samples: Record<VisitName, number[]> = { serviceList: [], loadBalancers: [] };
  const requests: Record<VisitName, VisitRequests[]> = { serviceList: [], loadBalancers: [] };

  await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((f) => f);' });
  try {
    await login(page, dashboard, USERS.admin);
    for (let run = 0; run < RUNS; run++) {
      const order: VisitName[] = run % 2 ? ['loadBalancers', 'serviceList'] : ['serviceList', 'loadBalancers'];

      for (const name of order) {
        const r = await visit(page, log, dashboard, name);

        samples[name].push(r.ms);
        requests[name].push(r.requests);
      }
      console.error(`[render-lb] run ${ run + 1 }: Service list ${ Math.round(samples.serviceList[run]) } ms, Load Balancers ${ Math.round(samples.loadBalancers[run]) } ms`);
    }
  } finally {
    await context.close();
  }
  const medianVisit = (list: VisitRequests[]) => [...list].sort((a, b) => a.encoded - b.encoded)[Math.floor(list.length / 2)];

  return {
    services:   SERVICES,
    runs:       RUNS,
    firstRowMs: { serviceList: median(samples.serviceList), loadBalancers: median(samples.loadBalancers) },
    samples,
    requests:   { serviceList: medianVisit(requests.serviceList), loadBalancers: medianVisit(requests.loadBalancers) },
  };
}

async function main(): Promise<void> {
  const build = rancherBuilds().find((b) => b.version === (process.env.BENCH_RANCHER || '2.15'));

  if (!build || !fs.existsSync(CHROMIUM)) {
    throw new Error(!build ? 'no Rancher 2.15 dashboard build in ../shared/rancher-ui' : `no Chromium at ${ CHROMIUM }`);
  }
  process.env.SIM_SCALE_SERVICES = `${ SERVICES }`; // read by the demo seed when the simulator starts
  const { startCompatSim } = await import('../../lab/backends/simulator');
  const { chartRepoUnderTest, extensionBuildDir } = await import('../../scripts/extensionUnderTest');
  const sim = await startCompatSim(build.dir, { extensionBuild: extensionBuildDir(), chartRepo: await chartRepoUnderTest() });
  let browser: Browser | null = null;

  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless:       true,
      args:           LAUNCH_ARGS,
    });
    const report: LbRenderReport = {
      rancher: sim.rancherVersion, measuredAt: new Date().toISOString(), ...await measure(browser, sim.dashboard)
    };

    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    fs.writeFileSync(OUT, `${ JSON.stringify(report, null, 2) }\n`);
    const kib = (n: number) => `${ (n / 1024).toFixed(1) } KiB`;

    console.error(`[render-lb] first row, median of ${ RUNS }: Service list ${ Math.round(report.firstRowMs.serviceList) } ms (${ report.requests.serviceList.count } requests, ${ kib(report.requests.serviceList.encoded) }), Load Balancers ${ Math.round(report.firstRowMs.loadBalancers) } ms (${ report.requests.loadBalancers.count } requests, ${ kib(report.requests.loadBalancers.encoded) }); wrote ${ path.relative(ROOT, OUT) }`);
  } finally {
    await browser?.close().catch(() => undefined);
    await sim.server.close().catch(() => undefined);
  }
}

if (require.main === module) {
  main().then(() => process.exit(0), (e) => {
    console.error(`[render-lb] ${ e?.stack || e?.message || e }`);
    process.exit(1);
  });
}
