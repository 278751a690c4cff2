/**
 * Demo mode for the e2e suite: the simulator (in this process) and the dashboard dev server (a child process
 * group), both on free ports, so a suite run never touches an `npm run dev` running on the same machine.
 *
 *   bash scripts/with-env tsx tests/e2e/demo.ts     starts both and keeps them up (for writing specs):
 *                                                   prints E2E_DASHBOARD_URL=… E2E_SIM_URL=… to reuse with npm run test:e2e
 */
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { demoSeed } from '../../../lab/world/seed';
import { CSI_ON_STEP } from '../../../lab/simulator/controllers';
import { SimServer, startSimServer } from '../../../lab/simulator/server';
import { demoControls } from '../../../lab/world/controls';
import { createState } from '../../../lab/simulator/core/state';
import { buildCacheDir } from '../../../lab/core/binCache';
import { samePathLaunch } from './samePath';
import { cacheStored } from './cacheStored';

export const ROOT = path.resolve(__dirname, '../../..');
export const RESULTS = path.join(ROOT, 'test-results');
/** The first compile takes 1-3 minutes alone, many more on a machine shared with other builds. */
const COMPILE_TIMEOUT_MS = 30 * 60 * 1000;

export interface Demo {
  dashboardUrl: string;
  simUrl: string;
  stop(): Promise<void>;
}

/** A port nobody listens on now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();

    probe.once('error', reject);
    probe.listen(0, '0.0.0.0', () => {
      const { port } = probe.address() as net.AddressInfo;

      probe.close(() => resolve(port));
    });
  });
}

function httpsStatus(url: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve) => {
    const req = https.get(url, { rejectUnauthorized: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode || 0));
    });

    req.on('error', () => resolve(0));
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      resolve(0);
    });
  });
}

/** Kills a detached child's whole process group: first politely, then for good. */
export async function killGroup(child: ChildProcess): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), s);
    } catch (e) {
      // already gone
    }
  };

  signal('SIGTERM');
  const done = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000))]);

  if (!done) {
    signal('SIGKILL');
  }
}

/** Same, synchronously: for process 'exit' handlers, where nothing asynchronous runs any more. */
export function killGroupNow(child: ChildProcess | null): void {
  if (child?.pid && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch (e) {
      // already gone
    }
  }
}

export interface StartedDashboard {
  url: string;
  child: ChildProcess;
  /** Resolves once the dev server has compiled and serves the app; rejects if it exits first. */
  ready: Promise<void>;
}

/**
 * The real dashboard dev server with this extension, proxying the API to `api`. Its output goes to
 * test-results/dashboard.log. VUE_CLI_TEST turns off the type checker and the progress output (types are not
 * what this suite checks; VUE_CLI_TEST_TESTING_ENV keeps NODE_ENV as set).
 */
export async function startDashboard(api: string, log = (line: string) => console.log(line)): Promise<StartedDashboard> {
  const port = await freePort();
  const url = `https://localhost:${ port }`;

  fs.mkdirSync(RESULTS, { recursive: true });
  const logFile = path.join(RESULTS, 'dashboard.log');
  const out = fs.openSync(logFile, 'w');
  const cacheDir = buildCacheDir('webpack');
  const launch = samePathLaunch(ROOT, path.join(ROOT, 'node_modules', '.bin', 'vue-cli-service'), ['serve'], cacheDir);

  if (launch.fallback) {
    log(`[e2e] the dev server runs at the clone's own path: ${ launch.fallback }`);
  }
  const child = spawn(launch.command, launch.args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV:                    'dev',
      API:                         api,
      E2E_DASHBOARD_PORT:          `${ port }`,
      E2E_SUITE_PID:               `${ process.pid }`,
      VUE_CLI_SERVICE_CONFIG_PATH: path.join(launch.root, path.relative(ROOT, __dirname), 'dashboard.vue.config.js'),
      VUE_CLI_TEST:                'true',
      VUE_CLI_TEST_TESTING_ENV:    'true',
      E2E_WEBPACK_CACHE:           cacheDir || '',
    },
    stdio:    ['ignore', out, out],
    detached: true,
  });

  fs.closeSync(out);
  log(`[e2e] dashboard dev server (pid ${ child.pid }) compiling on ${ url }; output in test-results/dashboard.log`);
  const exited = new Promise<never>((_resolve, reject) => child.once('exit', (code, sig) => reject(new Error(`the dashboard dev server exited (${ code ?? sig }) before it was ready: see test-results/dashboard.log`))));
  const ready = (async() => {
    const end = Date.now() + COMPILE_TIMEOUT_MS;
    const started = Date.now();

    // webpack-dev-middleware holds requests until the first compile is done, so one long request is the wait.
    while (Date.now() < end) {
      const status = await Promise.race([httpsStatus(`${ url }/`, 30000), exited]);

      if (status === 200) {
        log(`[e2e] dashboard compiled in ${ Math.round((Date.now() - started) / 1000) } s`);
        if (cacheDir) {
          const store = await Promise.race([cacheStored(logFile, 0), exited]);

          log(store.stored ? `[e2e] webpack's cache stored in ${ store.seconds } s` : '[e2e] webpack\'s cache: nothing to store');
        }

        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Error(`the dashboard did not answer within ${ COMPILE_TIMEOUT_MS / 1000 } s: see test-results/dashboard.log`);
  })();

  ready.catch(() => undefined);

  return {
    url, child, ready
  };
}

/**
 * The simulator with fresh demo data, in this process, on a free port. Its CSI driver (provisioning, binding,
 * snapshots, restores) acts only when a flow calls `SimClient.stepControllers()`: the flows that wait for a volume
 * or a snapshot decide when the driver acts, and the others see exactly the objects they made.
 */
export function startSimulator(): Promise<SimServer> {
  const state = createState(demoSeed());

  return startSimServer({
    controls:    demoControls(),
    state,
    port:        0,
    repoRoot:    ROOT,
    pingMs:      10000,
    controllers: CSI_ON_STEP
  });
}

/** Both; or, with E2E_DASHBOARD_URL and E2E_SIM_URL set, the ones already running (nothing is stopped then). */
export async function startDemo(log = (line: string) => console.log(line)): Promise<Demo> {
  if (process.env.E2E_DASHBOARD_URL && process.env.E2E_SIM_URL) {
    log(`[e2e] reusing ${ process.env.E2E_DASHBOARD_URL } and the simulator at ${ process.env.E2E_SIM_URL }`);

    return {
      dashboardUrl: process.env.E2E_DASHBOARD_URL, simUrl: process.env.E2E_SIM_URL, stop: async() => undefined
    };
  }
  const sim = await startSimulator();

  log(`[e2e] simulator on ${ sim.url }`);
  let dashboard: StartedDashboard | null = null;
  const stopNow = () => killGroupNow(dashboard?.child || null);

  // Whatever happens to this process, the dev server's process group goes with it.
  process.once('exit', stopNow);
  try {
    dashboard = await startDashboard(sim.url, log);
    await dashboard.ready;
  } catch (e) {
    stopNow();
    await sim.close();
    throw e;
  }
  const started = dashboard;

  return {
    dashboardUrl: started.url,
    simUrl:       sim.url,
    stop:         async() => {
      await killGroup(started.child);
      process.off('exit', stopNow);
      await sim.close();
    },
  };
}

if (require.main === module) {
  startDemo().then((demo) => {
    console.log(`E2E_DASHBOARD_URL=${ demo.dashboardUrl } E2E_SIM_URL=${ demo.simUrl }`);
    const stop = () => demo.stop().then(() => process.exit(0));

    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }).catch((e) => {
    console.error(`[e2e] ${ e?.message || e }`);
    process.exit(1);
  });
}
