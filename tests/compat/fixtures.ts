/**
 * The compatibility suite's fixtures: per worker (one per Rancher version), the simulator serving that version's
 * production dashboard build with this extension installed as a UIPlugin from the fresh `dist-pkg` build, and an
 * admin logged in once; per test, the demo data as seeded, with the extension installed unless the test says
 * `test.use({ installed: false })` (then it is installed as a user does, from Extensions).
 */
import path from 'node:path';
import fs from 'node:fs';
import { test as base, BrowserContext, Page } from '@playwright/test';
import { startSimServer, SimServer } from '../../simulator/server';
import { CSI_ON_STEP } from '../../simulator/controllers';
import { createState, resetState, SimState } from '../../simulator/core/state';
import { demoSeed } from '../../simulator/demo/seed';
import { fromClusterRepo, installExtension } from '../../simulator/catalog/installExtension';
import { EXTENSION_REPO } from '../../simulator/demo/ids';
import { extensionBuild } from '../../simulator/http/uiPlugins';
import { rancherVersionOfBuild } from '../../simulator/http/dashboardBuild';
import { setRancherVersion } from '../../simulator/rancher/rancherEndpoints';
import { SimClient } from '../e2e/sim';
import { readPackageInfo } from '../../scripts/publish/pkgInfo';
import { renderChartFiles, writeChartDir } from '../../scripts/publish/chart';
import { login, USERS } from '../e2e/login';
import { StackInfo, startStack } from '../../stack/src/stack';
import { captureBaseline, resetToBaseline } from '../../stack/src/baseline';
import { backendsOf } from '../../simulator/real/fromStack';
import { CompatBackend } from './backend';
import { startRancherBackend } from './server/rancherBackend';

export const ROOT = path.resolve(__dirname, '../..');
export const EXTENSION = 'harvester-cloud-ui';

/**
 * The chart of the code under test, rendered by the publish pipeline (scripts/publish/chart.ts) into a Helm
 * repository of its own under test-results/: its UIPlugin carries the annotations the dashboard checks
 * (rancher-version, ui-extensions-version) exactly as a published version would.
 */
export async function chartRepoUnderTest(): Promise<string> {
  const pkg = readPackageInfo(path.join(ROOT, 'pkg', EXTENSION));
  const repo = path.join(ROOT, 'test-results', 'compat-helm-repo');

  await writeChartDir(path.join(repo, 'charts', pkg.name, pkg.version), renderChartFiles(pkg, 'http://127.0.0.1'));

  return repo;
}

/** The build under test: `npm run test:compat` runs build-pkg first. */
export function extensionBuildDir(): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'pkg', EXTENSION, 'package.json'), 'utf8'));
  const dir = path.join(ROOT, 'dist-pkg', `${ EXTENSION }-${ version }`);

  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    throw new Error(`no extension build in ${ path.relative(ROOT, dir) }: run npm run build-pkg ${ EXTENSION } (npm run test:compat does)`);
  }

  return dir;
}

/** The simulator as a compat backend (./backend.ts): itself is what `simulated` gives. */
export interface CompatSim extends CompatBackend {
  kind: 'simulator' | 'real';
  /** The dashboard's base URL: http://127.0.0.1:<port>/dashboard */
  dashboard: string;
  client: SimClient;
  server: SimServer;
  state: SimState;
  rancherVersion: string;
  /** Real mode: the stack whose Steve and kube-apiserver serve rke2-guest and harvester-host. */
  stack?: StackInfo;
  /**
   * Back to the seeded demo data, with the extension installed unless told otherwise. In real mode the real
   * clusters too: what a test made is deleted and what it changed put back (stack/src/baseline.ts), then Harvester's
   * controllers settle — a fresh start with them takes about a minute; the fresh start stays the fallback.
   */
  reset(installed?: boolean): Promise<void>;
}

export interface CompatSimOptions {
  /** Real mode: start the stack (or join the running one) and proxy its clusters to the real Steve/kube-apiserver. */
  real?: boolean;
}

/**
 * The simulator serving the production dashboard build in `rancherUiDir` with this extension installed as a UIPlugin
 * from the fresh `dist-pkg` build, on a free port. Used by the compat fixtures and by the render bench
 * (scripts/bench/render.ts). The demo seed reads SIM_SCALE_NODES for the bench's scale guests.
 */
export async function startCompatSim(rancherUiDir: string, opts: CompatSimOptions = {}): Promise<CompatSim> {
  let stack = opts.real ? await startStack({ log: () => undefined }) : undefined;
  let baseline = stack ? await captureBaseline(stack) : undefined;
  const version = rancherVersionOfBuild(rancherUiDir) || 'v2.15.0';

  setRancherVersion(version);
  const state = createState(demoSeed());
  const build = extensionBuildDir();
  // The chart of the code under test, installed as the Extensions page installs it from the demo's ClusterRepo.
  const chartRepo = await chartRepoUnderTest();
  const install = () => installExtension(state, chartRepo, EXTENSION, fromClusterRepo(EXTENSION_REPO));

  install();
  const server: SimServer = await startSimServer({
    state,
    port:            0,
    uiDir:           rancherUiDir,
    repoRoot:        ROOT,
    extensionBuilds: extensionBuild(build),
    kubeApi:         {},
    // The CSI driver acts when a flow steps it, as in the e2e suite (the real stack has its own clusters).
    ...(stack ? { real: backendsOf(stack) } : { controllers: CSI_ON_STEP }),
  });

  const sim: CompatSim = {
    kind:           stack ? 'real' : 'simulator',
    dashboard:      `${ server.url }/dashboard`,
    client:         new SimClient(server.url),
    server,
    state,
    rancherVersion: version,
    adminToken:     'token-demoadmin:demo',
    async api(method, path, body) {
      const res = await fetch(`${ server.url }${ path }`, {
        method,
        headers: {
          authorization: 'Bearer token-demoadmin:demo', accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' })
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

      return { status: res.status, body: await res.json().catch(() => null) };
    },
    stack,
    // In real mode the simulator's Kubernetes API serves its own state, not the stack's clusters.
    kubeconfig: stack ? undefined : async() => server.kube?.kubeconfig() as string,
    get simulated() {
      return sim;
    },
    close: () => server.close(),
    async reset(installed = true) {
      if (stack) {
        // Back to the stack as it started (stack/src/baseline.ts); a fresh start only if that cannot be done.
        try {
          baseline = baseline || await captureBaseline(stack);
          await resetToBaseline(stack, baseline);
        } catch (e) {
          stack = await startStack({ fresh: true, log: () => undefined });
          baseline = await captureBaseline(stack);
        }
      }
      resetState(state);
      if (installed) {
        install();
      }
    },
  };

  return sim;
}

/** The option each `rancher-<version>` project sets in playwright.config.ts. */
export interface CompatOptions {
  rancherUiDir: string;
  /** `rancher-2.15-real`: rke2-guest and harvester-host are the real stack's (stack/), not simulated. */
  real: boolean;
  /** `rancher-<version>-server`: Rancher's own server of that version (`2.15`, `2.13`) instead of the simulator. */
  server: string;
}

/** Options a compat test may set with `test.use`. */
export interface CompatTestOptions {
  /** Whether the test starts with the extension installed (default) or not installed at all. */
  installed: boolean;
}

interface WorkerFixtures extends CompatOptions {
  /** The backend the flows run against (./backend.ts): the simulator, or Rancher's own server. */
  sim: CompatBackend;
  /** One admin browser context per worker: the dashboard's 7 MB of scripts are downloaded and compiled once. */
  adminContext: BrowserContext;
}

interface TestFixtures extends CompatTestOptions {
  /** A page logged in as admin, on fresh demo data. */
  adminPage: Page;
  newUserPage(user: keyof typeof USERS): Promise<Page>;
}

/** A page whose `goto` first waits for the backend to let a cluster's pages load (backend.ts `ready`). */
function opensWhenReady(page: Page, sim: CompatBackend): Page {
  const ready = sim.ready?.bind(sim);

  if (ready) {
    const goto = page.goto.bind(page);

    page.goto = async(url, options) => {
      await ready();

      return goto(url, options);
    };
  }

  return page;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  rancherUiDir: ['', { option: true, scope: 'worker' }],
  real:         [false, { option: true, scope: 'worker' }],
  server:       ['', { option: true, scope: 'worker' }],

  sim: [async({ rancherUiDir, real, server }, use) => {
    const backend = server ? await startRancherBackend(server) : await startCompatSim(rancherUiDir, { real });

    await use(backend);
    await backend.close();
  }, { scope: 'worker' }],

  adminContext: [async({ browser, sim }, use) => {
    // Rancher's own server answers on HTTPS with its self-signed CA.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: true });

    await login(await context.newPage(), sim.dashboard, USERS.admin);
    await use(context);
    await context.close();
  }, { scope: 'worker' }],

  installed: [true, { option: true }],

  // Each test: the demo data as seeded, a new tab of the admin's browser (Playwright traces it with the
  // config's `trace` setting); a screenshot is kept when it fails.
  adminPage: async({ adminContext, sim, installed }, use, testInfo) => {
    await sim.reset(installed);
    const page = opensWhenReady(await adminContext.newPage(), sim);

    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) {
      await page.screenshot({ path: testInfo.outputPath('failed.png') }).catch(() => undefined);
    }
    await page.close();
  },

  newUserPage: async({ browser, sim }, use) => {
    const contexts: BrowserContext[] = [];

    await use(async(user) => {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const page = opensWhenReady(await context.newPage(), sim);

      contexts.push(context);
      await login(page, sim.dashboard, USERS[user]);

      return page;
    });
    await Promise.all(contexts.map((c) => c.close()));
  },
});

export { expect } from '@playwright/test';
