/**
 * `npm run test:e2e`: the extension in the real Rancher Dashboard, in a real browser, against the simulator.
 *
 *  1. Chromium (and a Chinese font): Debian's packages, installed by scripts/install-chromium.sh when missing.
 *  2. Demo mode on free ports (demo.ts): the simulator in this process, the dashboard dev server as a child process
 *     group (first compile 1-2 minutes).
 *  3. The flows (flows/*.ts), one after the other in one headless Chromium driven by playwright-core.
 *  4. Everything stopped, also on a failure or Ctrl-C. The last line is `N passed, M failed`; the exit code is
 *     non-zero when a flow failed.
 *
 * Options (after `--`):  --only <text>   run the flows whose name contains <text> (repeatable)
 *                        --list          print the flow names and exit
 * E2E_DASHBOARD_URL + E2E_SIM_URL: use a demo already running (`tsx tests/e2e/demo.ts` prints them).
 * CHROMIUM: another Chromium binary than /usr/bin/chromium.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Browser, chromium } from 'playwright-core';
import { Demo, RESULTS, ROOT, startDemo } from './demo';
import { Flow, FlowResult, runFlows } from './runner';
import { SimClient } from './sim';
import { STEP_MS } from './ui';
import { allFlows } from './flows';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const DOCS_SHOTS = path.join(ROOT, 'docs', 'screenshots');
const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

function parseArgs(argv: string[]): { only: string[]; list: boolean } {
  const only: string[] = [];
  let list = false;

  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--only') {
      only.push(argv[++i] || '');
    } else if (argv[i].startsWith('--only=')) {
      only.push(argv[i].slice('--only='.length));
    } else if (argv[i] === '--list') {
      list = true;
    } else {
      throw new Error(`unknown argument ${ argv[i] } (use --only <text> or --list)`);
    }
  }

  return { only, list };
}

/** Chromium and a Chinese font, through the project's own set-up (it installs only what is missing). */
function ensureChromium(): void {
  const installer = path.join(ROOT, 'scripts', 'install-chromium.sh');
  const res = spawnSync('bash', [installer], { stdio: 'inherit' });

  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${ CHROMIUM } (${ path.relative(ROOT, installer) } exited ${ res.status })`);
  }
  if (res.status !== 0) {
    console.warn(`[e2e] ${ path.relative(ROOT, installer) } exited ${ res.status }: Chinese text may show as boxes in screenshots`);
  }
}

/** The results, with every flow that did not get to run (Ctrl-C) counted as failed. */
function withNotRun(flows: Flow[], results: FlowResult[]): FlowResult[] {
  return [...results, ...flows.filter((f) => !results.some((r) => r.name === f.name)).map((f) => ({
    name: f.name, ok: false, ms: 0, error: 'not run'
  }))];
}

function summary(results: FlowResult[], started: number): number {
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;

  console.log('\n──────── e2e summary ────────');
  results.forEach((r) => console.log(`${ r.ok ? '✓' : '✗' } ${ r.name } (${ (r.ms / 1000).toFixed(1) } s)${ r.ok ? '' : `\n    ${ (r.error || '').split('\n')[0] }` }`));
  console.log(`total ${ ((Date.now() - started) / 1000).toFixed(0) } s; screenshots in ${ path.relative(ROOT, RESULTS) }/`);
  console.log(`${ passed } passed, ${ failed } failed`);

  return failed;
}

async function main(): Promise<void> {
  const started = Date.now();
  const args = parseArgs(process.argv.slice(2));
  const flows: Flow[] = allFlows.filter((f) => !args.only.length || args.only.some((o) => f.name.includes(o)));

  if (args.list) {
    allFlows.forEach((f) => console.log(f.name));

    return;
  }
  if (!flows.length) {
    throw new Error(`no flow matches ${ args.only.map((o) => `"${ o }"`).join(', ') }`);
  }
  fs.rmSync(RESULTS, { recursive: true, force: true });
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.mkdirSync(DOCS_SHOTS, { recursive: true });

  let demo: Demo | null = null;
  let browser: Browser | null = null;
  let stopping = false;
  let results: FlowResult[] = [];
  /** The results as they come, for the signal handler. */
  const runner = { done: [] as FlowResult[] };
  const cleanUp = async() => {
    await browser?.close().catch(() => undefined);
    browser = null;
    await demo?.stop().catch((e) => console.error(`[e2e] stopping the demo: ${ e?.message || e }`));
    demo = null;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      return;
    }
    stopping = true;
    console.log(`\n[e2e] ${ signal }: stopping`);
    // At once, the dev server and the summary: tsx, between the terminal and this process, may kill this process
    // outright when it seems slow to react. The flow that was running counts as not run.
    demo?.killNow();
    summary(withNotRun(flows, runner.done), started);
    cleanUp().finally(() => process.exit(130));
  };

  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);

  let failed = 1;

  try {
    ensureChromium();
    demo = await startDemo();
    browser = await chromium.launch({
      executablePath: CHROMIUM, args: LAUNCH_ARGS, headless: true
    });
    const context = await browser.newContext({
      ignoreHTTPSErrors: true, viewport: { width: 1440, height: 900 }, locale: 'en-US'
    });
    const page = await context.newPage();

    page.setDefaultTimeout(STEP_MS);
    results = await runFlows(flows, {
      browser, context, page, dashboardUrl: demo.dashboardUrl, sim: new SimClient(demo.simUrl)
    }, {
      resultsDir: RESULTS, docsDir: DOCS_SHOTS, shouldStop: () => stopping, done: runner.done
    });
    results = withNotRun(flows, results);
  } catch (e: any) {
    console.error(`[e2e] ${ e?.stack || e }`);
    results = withNotRun(flows, runner.done).map((r) => (r.error === 'not run' ? { ...r, error: `not run: ${ e?.message || e }` } : r));
  } finally {
    if (stopping) {
      await new Promise(() => undefined); // the signal handler cleans up and ends the process
    }
    await cleanUp();
    failed = summary(results, started);
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(`[e2e] ${ e?.stack || e }`);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
