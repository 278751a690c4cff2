/**
 * Render bench (issue 13): the Topology page beside the shell's own Node list, at 500 and 5,000 nodes, in the REAL
 * Rancher 2.15 dashboard (the production build in ../shared/rancher-ui/2.15) with this extension installed as a
 * UIPlugin from dist-pkg, as users get it; in-app navigation (clicks in the side menu, no page loads).
 *
 *   bash scripts/with-env tsx scripts/bench/render.ts      (after npm run build-pkg harvester-cloud-ui)
 *
 * Starts the simulator as the compat suite does (tests/compat/fixtures.ts startCompatSim) with SIM_SCALE_NODES
 * (simulator/demo/clusters/scaleGuest.ts: the `scale-<n>` guests, their VMs on harvester-host, every 7th drifted),
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
 * Writes tmp/bench/topology-render.json for scripts/bench/index.ts; never judges a number (index.ts prints budgets).
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
import { Browser, chromium, Page, Request } from 'playwright-core';
import { rancherBuilds } from '../../tests/compat/builds';
import { SEL } from '../../tests/e2e/selectors';
import { login, newUserContext, USERS } from '../../tests/e2e/login';
import { scaleClusterId, scaleNodes } from '../../simulator/demo/clusters/scaleGuest';
import { RKE2_GUEST } from '../../simulator/demo/ids';
import { kubeTarget, startStack } from '../../stack/src/stack';
import { CLUSTERS } from '../../stack/src/core/config';
import { createObjects } from '../../stack/src/seed';

/** Real mode: a fresh stack, and `n` scale Nodes created in the real rke2-guest. */
async function realStackWithNodes(n: number): Promise<void> {
  const info = await startStack({ fresh: true });
  const t0 = Date.now();

  await createObjects(kubeTarget(info, 'guest'), CLUSTERS.find((c) => c.key === 'guest') as (typeof CLUSTERS)[number], scaleNodes(n), 16);
  console.error(`[render] ${ n } Nodes created in the real rke2-guest in ${ Math.round((Date.now() - t0) / 1000) } s`);
}

const ROOT = path.resolve(__dirname, '..', '..');
const OUT = path.join(ROOT, 'tmp', 'bench', process.env.BENCH_RENDER_REAL === '1' ? 'topology-render-real.json' : 'topology-render.json');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const REAL = process.env.BENCH_RENDER_REAL === '1';
const SIZES = (process.env.BENCH_RENDER_SIZES || (REAL ? '5000' : '500,5000')).split(',').map(Number).filter((n) => n > 0);
const RUNS = Number(process.env.BENCH_RENDER_RUNS) || (REAL ? 1 : 5);
const RANCHER = process.env.BENCH_RANCHER || '2.15';
const WAIT_MS = 120000;
/** The Topology page has read the host: its drift panel, or why it cannot show one. */
const DRIFT_DONE = `${ SEL.topology.drift }, ${ SEL.topology.hostProblem }, ${ SEL.topology.notHarvest }`;
const TOPOLOGY_FIRST_ROW = `${ SEL.topology.zone }`;
const NAV = {
  nodes:    '.side-nav a.type-link:has(span.label:text-is("Nodes"))',
  topology: '.side-nav a.type-link:has(span.label:text-is("Topology"))',
};

export interface VisitRequests {
  count: number;
  /** Response bodies as transferred (gzip where the server compressed). */
  encoded: number;
  decoded: number;
  /** Each request, with when it started and ended (ms after the visit's click, from the browser's timing). */
  urls: { url: string; encoded: number; decoded: number; startMs: number; endMs: number }[];
}

export interface SizeResult {
  nodes: number;
  runs: number;
  nodeListFirstMs: number;
  nodeListRepeatMs: number;
  topologyFirstMs: number;
  topologyRepeatMs: number;
  /** Drift complete, after the first row (first and repeat visits). */
  driftAfterFirstMs: number;
  driftAfterRepeatMs: number;
  expandMs: number;
  filterMs: number;
  nodeListFirst: VisitRequests;
  nodeListRepeat: VisitRequests;
  topologyFirst: VisitRequests;
  topologyRepeat: VisitRequests;
  samples: Record<string, number[]>;
}

export interface RenderReport {
  rancher: string;
  measuredAt: string;
  results: SizeResult[];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);

  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
}

/** Clicks `click` in the page and resolves, per selector, the ms from the click to the frame after it appeared. */
export async function timeInPage(page: Page, click: string, ready: string[]): Promise<number[]> {
  await page.locator(click).first().waitFor({ state: 'visible', timeout: WAIT_MS });

  return page.evaluate(({ click, ready, wait }) => new Promise<number[]>((resolve, reject) => {
    const marks: (number | undefined)[] = ready.map(() => undefined);
    const seen = ready.map(() => false);
    const visible = (sel: string) => [...document.querySelectorAll(sel)].some((el) => (el as HTMLElement).offsetParent !== null);
    let observer: MutationObserver | null = null;
    const timer = setTimeout(() => {
      observer?.disconnect();
      reject(new Error(`not shown within ${ wait } ms: ${ ready.filter((_, i) => marks[i] === undefined).join(' | ') }`));
    }, wait);
    let start = 0;
    const check = () => {
      ready.forEach((sel, i) => {
        if (!seen[i] && visible(sel)) {
          seen[i] = true;
          // The frame that paints it.
          requestAnimationFrame(() => {
            marks[i] = performance.now() - start;
            if (marks.every((m) => m !== undefined)) {
              clearTimeout(timer);
              observer?.disconnect();
              resolve(marks as number[]);
            }
          });
        }
      });
    };

    observer = new MutationObserver(check);
    observer.observe(document.body, {
      childList: true, subtree: true, attributes: true, characterData: true
    });
    start = performance.now();
    (document.querySelector(click) as HTMLElement).click();
    check();
  }), {
    click: await page.locator(click).first().evaluate((el) => {
      el.setAttribute('data-bench-click', '1');

      return '[data-bench-click="1"]';
    }),
    ready,
    wait: WAIT_MS
  })
    .finally(() => page.evaluate(() => document.querySelectorAll('[data-bench-click]').forEach((el) => el.removeAttribute('data-bench-click'))).catch(() => undefined));
}

/** Records the requests a visit makes (started while `recording`), with their transferred and decoded sizes. */
export class RequestLog {
  private current: Promise<VisitRequests['urls'][number] | null>[] | null = null;
  private since = 0;

  constructor(page: Page) {
    page.on('requestfinished', (req) => {
      this.current?.push(this.size(req));
    });
  }

  private async size(req: Request) {
    const url = new URL(req.url());

    // The API only: the dashboard's own scripts are cached by the browser.
    if (!/^\/(v1|v3|k8s|v1-public|v3-public)\//.test(url.pathname)) {
      return null;
    }
    const sizes = await req.sizes().catch(() => null);
    const body = await (await req.response())?.body().catch(() => null);

    const timing = req.timing();

    return {
      url:     `${ req.method() } ${ url.pathname }${ url.search }`,
      encoded: sizes?.responseBodySize ?? 0,
      decoded: body?.length ?? 0,
      startMs: Math.round(timing.startTime - this.since),
      endMs:   Math.round(timing.startTime + timing.responseEnd - this.since),
    };
  }

  start() {
    this.current = [];
    this.since = Date.now();
  }

  async stop(): Promise<VisitRequests> {
    const pending = this.current || [];

    this.current = null;
    const urls = (await Promise.all(pending)).filter((u): u is VisitRequests['urls'][number] => !!u);

    return {
      count: urls.length, encoded: urls.reduce((n, u) => n + u.encoded, 0), decoded: urls.reduce((n, u) => n + u.decoded, 0), urls
    };
  }
}

/** Times a click on a collapsed zone header until the frame after its table rendered. */
async function timeExpand(page: Page): Promise<number> {
  const header = `${ SEL.topology.zone } button.zone-header[aria-expanded="false"]`;
  const [ms] = await timeInPage(page, header, [`${ SEL.topology.zone } button.zone-header[aria-expanded="true"] ~ * tr.main-row`]);

  return ms;
}

/** Types a zone name into the filter until the frame after the page shows the matches. */
async function timeFilter(page: Page): Promise<number> {
  const input = `${ SEL.topology.root } ${ SEL.topology.filter }`;

  await page.locator(input).waitFor({ state: 'visible', timeout: WAIT_MS });
  const ms = await page.evaluate(({ input }) => new Promise<number>((resolve) => {
    const el = document.querySelector(input) as HTMLInputElement;
    const start = performance.now();

    el.value = 'zone-3';
    el.dispatchEvent(new Event('input', { bubbles: true }));
    // Vue patches in a microtask; the frame after is the one that paints the filtered zones.
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
  }), { input });
  const shown = await page.locator(SEL.topology.matches).innerText();

  if (!/match/i.test(shown)) {
    throw new Error(`the filter did not apply: ${ shown }`);
  }
  await page.locator(input).fill('');

  return ms;
}

async function visit(page: Page, log: RequestLog, click: string, ready: string[]): Promise<{ ms: number[]; requests: VisitRequests }> {
  log.start();
  const ms = await timeInPage(page, click, ready);

  // Requests started just after (the spread picker's lists) belong to the visit too.
  await page.waitForTimeout(1000);

  return { ms, requests: await log.stop() };
}

const kb = (n: number) => `${ (n / 1024).toFixed(0) } KiB`;

async function measure(browser: Browser, dashboard: string): Promise<SizeResult[]> {
  const { context, page } = await newUserContext(browser);
  const log = new RequestLog(page);

  // tsx (esbuild keepNames) wraps the functions given to page.evaluate in __name(): give the page one.
  await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((f) => f);' });
  const results: SizeResult[] = [];

  try {
    await login(page, dashboard, USERS.admin);
    for (const n of SIZES) {
      const cluster = REAL ? RKE2_GUEST.id : scaleClusterId(n);
      const s: Record<string, number[]> = {
        nodeListFirst: [], nodeListRepeat: [], topologyFirst: [], topologyRepeat: [], driftAfterFirst: [], driftAfterRepeat: [], expand: [], filter: []
      };
      const req: Record<string, VisitRequests[]> = {
        nodeListFirst: [], nodeListRepeat: [], topologyFirst: [], topologyRepeat: []
      };

      for (let run = 0; run < RUNS; run++) {
        // A fresh page: the store and the topology cache start empty.
        await page.goto(`${ dashboard }/c/${ cluster }/explorer/event`, { waitUntil: 'domcontentloaded', timeout: WAIT_MS });
        await page.locator(NAV.nodes).first().waitFor({ state: 'visible', timeout: WAIT_MS });
        await page.waitForTimeout(1500); // the dashboard's own start-up requests settle

        for (const phase of ['First', 'Repeat'] as const) {
          const nodes = await visit(page, log, NAV.nodes, [SEL.table.rows]);

          s[`nodeList${ phase }`].push(nodes.ms[0]);
          req[`nodeList${ phase }`].push(nodes.requests);
          const topo = await visit(page, log, NAV.topology, [TOPOLOGY_FIRST_ROW, DRIFT_DONE]);

          s[`topology${ phase }`].push(topo.ms[0]);
          s[`driftAfter${ phase }`].push(Math.max(0, topo.ms[1] - topo.ms[0]));
          req[`topology${ phase }`].push(topo.requests);
        }
        s.expand.push(await timeExpand(page));
        s.filter.push(await timeFilter(page));
        console.error(`[render] ${ n } nodes, run ${ run + 1 }: node list ${ Math.round(s.nodeListFirst[run]) }/${ Math.round(s.nodeListRepeat[run]) } ms, topology ${ Math.round(s.topologyFirst[run]) }/${ Math.round(s.topologyRepeat[run]) } ms (+drift ${ Math.round(s.driftAfterFirst[run]) }/${ Math.round(s.driftAfterRepeat[run]) }), expand ${ Math.round(s.expand[run]) } ms, filter ${ Math.round(s.filter[run]) } ms; topology requests ${ req.topologyFirst[run].count } ${ kb(req.topologyFirst[run].encoded) } / ${ req.topologyRepeat[run].count } ${ kb(req.topologyRepeat[run].encoded) }`);
      }
      const medianVisit = (list: VisitRequests[]): VisitRequests => {
        const byBytes = [...list].sort((a, b) => a.encoded - b.encoded);

        return byBytes[Math.floor(byBytes.length / 2)];
      };

      results.push({
        nodes:              n,
        runs:               RUNS,
        nodeListFirstMs:    median(s.nodeListFirst),
        nodeListRepeatMs:   median(s.nodeListRepeat),
        topologyFirstMs:    median(s.topologyFirst),
        topologyRepeatMs:   median(s.topologyRepeat),
        driftAfterFirstMs:  median(s.driftAfterFirst),
        driftAfterRepeatMs: median(s.driftAfterRepeat),
        expandMs:           median(s.expand),
        filterMs:           median(s.filter),
        nodeListFirst:      medianVisit(req.nodeListFirst),
        nodeListRepeat:     medianVisit(req.nodeListRepeat),
        topologyFirst:      medianVisit(req.topologyFirst),
        topologyRepeat:     medianVisit(req.topologyRepeat),
        samples:            s,
      });
    }
  } finally {
    await context.close();
  }

  return results;
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
  const { startCompatSim } = await import('../../tests/compat/fixtures');
  const sim = await startCompatSim(build.dir, { real: REAL });
  let browser: Browser | null = null;

  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless:       true,
      args:           ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
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
