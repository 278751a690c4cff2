/**
 * The render bench's visits (render.ts): per size, RUNS times, the Node list and the Topology page (first and
 * repeat), a zone expanded and the filter typed into, timed in the page; medians and each visit's requests.
 */
import { Browser, Page } from 'playwright-core';
import { SEL } from '../flows/lib/selectors';
import { login, newUserContext, USERS } from '../flows/lib/login';
import { scaleClusterId } from '../../lab/world/clusters/scaleGuest';
import { RKE2_GUEST } from '../../lab/world/ids';
import {
  median, RequestLog, timeInPage, VisitRequests, WAIT_MS
} from './pageTiming';

export const REAL = process.env.BENCH_RENDER_REAL === '1';
export const SIZES = (process.env.BENCH_RENDER_SIZES || (REAL ? '5000' : '500,5000')).split(',').map(Number).filter((n) => n > 0);
export const RUNS = Number(process.env.BENCH_RENDER_RUNS) || (REAL ? 1 : 5);

/** The Topology page has read the host: its drift panel, or why it cannot show one. */
const DRIFT_DONE = `${ SEL.topology.drift }, ${ SEL.topology.hostProblem }, ${ SEL.topology.notHarvest }`;
const TOPOLOGY_FIRST_ROW = `${ SEL.topology.zone }`;
const NAV = {
  nodes:    '.side-nav a.type-link:has(span.label:text-is("Nodes"))',
  topology: '.side-nav a.type-link:has(span.label:text-is("Topology"))',
};

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

export async function measure(browser: Browser, dashboard: string): Promise<SizeResult[]> {
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
