/**
 * Render bench (issue 5): the Topology page of guest clusters with 500 and 5,000 nodes in 10 zones, in headless
 * Chromium, beside the shell's own Node list of the same cluster in the same run.
 *
 *   bash scripts/with-env tsx scripts/bench/render.ts
 *
 * Starts the simulator with SIM_SCALE_NODES (simulator/demo/clusters/scaleGuest.ts: the `scale-<n>` guests, their VMs on
 * harvester-host, every 7th drifted) and the dashboard dev server on free ports
 * (tests/e2e/demo.ts), logs in as admin and, per size, takes the median of RUNS full page loads of:
 *   - the Node list, until its table shows its first row;
 *   - the Topology page, until its summary line shows (the guest's nodes grouped), and on until the drift panel shows
 *     (the host's VMs read and compared);
 *   - and, on the loaded Topology page, a click that expands a zone until the frame after its node table rendered.
 * Exits non-zero (and stops everything) when it cannot measure, e.g. without a browser: `npm run bench` then says so.
 *
 * CHROMIUM: another Chromium binary than /usr/bin/chromium. BENCH_RENDER_SIZES: other sizes than 500,5000.
 */
import fs from 'node:fs';
import { Browser, chromium, Page } from 'playwright-core';
import { Demo, startDemo } from '../../tests/e2e/demo';
import { SEL } from '../../tests/e2e/selectors';
import { login, newUserContext, paths, USERS } from '../../tests/e2e/ui';
import { scaleClusterId } from '../../simulator/demo/clusters/scaleGuest';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SIZES = (process.env.BENCH_RENDER_SIZES || '500,5000').split(',').map(Number).filter((n) => n > 0);
const RUNS = 3;
const LOAD_MS = 120000;
/** The Topology page has read the host: its drift panel, or why it cannot show one. */
const HOST_READ = `${ SEL.topology.drift }, ${ SEL.topology.hostProblem }, ${ SEL.topology.notHarvest }`;

interface RenderTiming {
  nodes: number;
  nodeListMs: number;
  topologyMs: number;
  driftMs: number;
  expandMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);

  return sorted[Math.floor(sorted.length / 2)];
}

/** A full page load of `pathname`, timed from the navigation's start until `ready` is visible. */
async function timeLoad(page: Page, dashboardUrl: string, pathname: string, ...ready: string[]): Promise<number[]> {
  const started = performance.now();
  const times: number[] = [];

  await page.goto(`${ dashboardUrl }${ pathname }`, { waitUntil: 'commit' });
  for (const selector of ready) {
    await page.locator(selector).first().waitFor({ state: 'visible', timeout: LOAD_MS });
    times.push(performance.now() - started);
  }

  return times;
}

/** On the loaded Topology page: clicks the first collapsed zone and waits for the frame after its node table renders. */
async function timeExpand(page: Page): Promise<number> {
  const header = `${ SEL.topology.zone } button.zone-header[aria-expanded="false"]`;

  await page.locator(header).first().waitFor({ state: 'visible', timeout: LOAD_MS });

  return page.evaluate((selector) => new Promise<number>((resolve, reject) => {
    const button = document.querySelector(selector) as HTMLButtonElement | null;

    if (!button) {
      reject(new Error(`no ${ selector }`));

      return;
    }
    const start = performance.now();

    button.click();
    // Vue patches the DOM in a microtask; the second frame after the click is the one that painted it.
    requestAnimationFrame(() => requestAnimationFrame(() => {
      if (button.getAttribute('aria-expanded') !== 'true') {
        reject(new Error('the zone did not expand'));
      } else {
        resolve(performance.now() - start);
      }
    }));
  }), header);
}

async function measure(browser: Browser, dashboardUrl: string): Promise<RenderTiming[]> {
  const { context, page } = await newUserContext(browser);
  const results: RenderTiming[] = [];

  try {
    await login(page, dashboardUrl, USERS.admin);
    for (const n of SIZES) {
      const cluster = scaleClusterId(n);
      const nodeList: number[] = [];
      const topology: number[] = [];
      const drift: number[] = [];
      const expand: number[] = [];

      for (let run = 0; run < RUNS; run++) {
        nodeList.push((await timeLoad(page, dashboardUrl, paths.nodes(cluster), SEL.table.rows))[0]);
        const [summary, panel] = await timeLoad(page, dashboardUrl, paths.topology(cluster), SEL.topology.summary, HOST_READ);

        topology.push(summary);
        drift.push(panel);
        expand.push(await timeExpand(page));
      }
      const shown = await page.locator(SEL.topology.summary).innerText();

      console.error(`[render] ${ n } nodes: node list ${ nodeList.map(Math.round).join('/') } ms, topology ${ topology.map(Math.round).join('/') } ms, drift panel ${ drift.map(Math.round).join('/') } ms, expand ${ expand.map(Math.round).join('/') } ms (${ shown.trim() })`);
      results.push({
        nodes: n, nodeListMs: median(nodeList), topologyMs: median(topology), driftMs: median(drift), expandMs: median(expand)
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
  process.env.SIM_SCALE_NODES = SIZES.join(',');
  let demo: Demo | null = null;
  let browser: Browser | null = null;
  const log = (line: string) => console.error(line);

  try {
    demo = await startDemo(log);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless:       true,
      args:           ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const results = await measure(browser, demo.dashboardUrl);

    console.log(`\n## Topology render in Chromium (median of ${ RUNS })`);
    console.log('Node list: the shell\'s, first page of rows. Topology: until the summary line; + drift: until the drift panel. Expand: a zone\'s click to the painted frame.');
    console.log('| nodes (10 zones) | Node list ms | Topology page ms | Topology + drift ms | expand ms |');
    console.log('|---|---|---|---|---|');
    results.forEach((r) => console.log(`| ${ r.nodes } | ${ Math.round(r.nodeListMs) } | ${ Math.round(r.topologyMs) } | ${ Math.round(r.driftMs) } | ${ Math.round(r.expandMs) } |`));
  } finally {
    await browser?.close().catch(() => undefined);
    await demo?.stop().catch(() => undefined);
  }
}

main().then(() => process.exit(0), (e) => {
  console.error(`[render] ${ e?.message || e }`);
  process.exit(1);
});
