/**
 * The fixtures of the one browser flow library (tests/flows), whatever runs it. Per worker, the project's backend
 * (lab/backends): the simulator serving a production dashboard build (`rancher-<version>`), the simulator in front of
 * the real stack (`rancher-2.15-real`), Rancher's own server (`rancher-<version>-server`), or demo mode (`demo`: the
 * dashboard dev server `npm run dev` runs, lib/demoBackend.ts); and the admin logged in once. Per test, the backend's
 * data as seeded (the extension installed unless the test says `test.use({ installed: false })`), and:
 * - `adminPage` (also as `page`): a new tab of the admin's browser; `newUserPage(user)` (also `userPage`): another user;
 * - `dashboardUrl`: where the dashboard is; `sim`: the backend, to read and change what its server holds;
 * - `simClient`: the simulator's control API (faults, its controllers stepped, its request log): a flow that asks for
 *   it needs the simulator, and is skipped elsewhere with that reason (needs.ts);
 * - `shot`: screenshots, copied to docs/screenshots when the flow passes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test as base, BrowserContext, Page } from '@playwright/test';
import { login, USERS } from './lib/login';
import { CompatBackend } from '../../lab/backends/backend';
import { SimClient } from '../../lab/backends/simClient';
import { clusterStates, startRancherBackend } from '../../lab/backends/rancher';
import { startCompatSim } from '../../lab/backends/simulator';
import { chartRepoUnderTest, extensionBuildDir } from '../../scripts/extensionUnderTest';
import { publishExtensionRepo } from '../../scripts/stack/extensionRepo';
import { startDemoBackend } from './lib/demoBackend';
import {
  copyToDocs, DOCS_PROJECTS, screenshot, Shot, SHOTS_DIR
} from './lib/shots';
import { followTrail, trailAtFailure } from './lib/pageTrail';
import { errorsSince, logMark } from './lib/serverLog';
import { retrySyncFromClient, takeSyncFromClient } from './lib/syncFromClient';
import { SIMULATOR_API } from './needs';

export const ROOT = path.resolve(__dirname, '../..');
export type { CompatSim } from '../../lab/backends/simulator';
export { EXTENSION } from '../../scripts/extensionUnderTest';

/** The options a project sets in playwright.config.ts. */
export interface CompatOptions {
  rancherUiDir: string;
  /** `rancher-2.15-real`: rke2-guest, harvester-host and k3s-bare are the real stack's, not simulated. */
  real: boolean;
  /** `rancher-<version>-server`: Rancher's own server of that version (`2.15`, `2.13`) instead of the simulator. */
  server: string;
  /** `demo`: demo mode, the dashboard dev server with the extension built in, on the simulator. */
  demo: boolean;
}

/** Options a flow may set with `test.use`. */
export interface CompatTestOptions {
  /** Whether the flow starts with the extension installed (default) or not installed at all. */
  installed: boolean;
}

interface WorkerFixtures extends CompatOptions {
  /** The backend the flows run against (lab/backends/backend.ts). */
  sim: CompatBackend;
  /** One admin browser context per worker: the dashboard's scripts are downloaded and compiled once. */
  adminContext: BrowserContext;
}

interface TestFixtures extends CompatTestOptions {
  /** Back to the backend's data as seeded: before every flow that opens a page. */
  fresh: void;
  adminPage: Page;
  newUserPage(user: keyof typeof USERS): Promise<Page>;
  userPage(user: keyof typeof USERS): Promise<Page>;
  dashboardUrl: string;
  simClient: SimClient;
  shot: Shot;
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

/** Where Rancher's server log ends as a flow starts (other backends: nothing). */
function serverLogMark(sim: CompatBackend): number {
  return sim.kind === 'rancher' ? logMark('rancher') : 0;
}

/** On Rancher's server: the clusters' Connected and Ready, and the errors Rancher logged since `mark`. */
async function serverAtFailure(sim: CompatBackend, mark: number): Promise<string> {
  if (sim.kind !== 'rancher') {
    return '';
  }
  const clusters = await clusterStates(sim.api).catch((e) => `clusters unknown (${ (e as Error).message })`);
  const errors = errorsSince('rancher', mark);

  return `; ${ clusters }${ errors.length ? `; Rancher logged ${ errors.map((e) => JSON.stringify(e)).join(' ') }` : '; Rancher logged no error' }`;
}

const CONTEXT = {
  viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: true, locale: 'en-US'
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  rancherUiDir: ['', { option: true, scope: 'worker' }],
  real:         [false, { option: true, scope: 'worker' }],
  server:       ['', { option: true, scope: 'worker' }],
  demo:         [false, { option: true, scope: 'worker' }],

  sim: [async({
    rancherUiDir, real, server, demo
  }, use) => {
    const backend = demo ? await startDemoBackend() : server ? await startRancherBackend(server, publishExtensionRepo) : await startCompatSim(rancherUiDir, {
      real, extensionBuild: extensionBuildDir(), chartRepo: await chartRepoUnderTest()
    });

    await use(backend);
    await backend.close();
  }, { scope: 'worker', timeout: 35 * 60 * 1000 }],

  adminContext: [async({ browser, sim }, use) => {
    // Rancher's own server and the dev server answer on HTTPS with self-signed certificates.
    const context = await browser.newContext(CONTEXT);

    if (sim.kind === 'rancher') {
      await retrySyncFromClient(context);
    }
    await login(await context.newPage(), sim.dashboard, USERS.admin);
    await use(context);
    await context.close();
  }, { scope: 'worker', timeout: 35 * 60 * 1000 }],

  installed: [true, { option: true }],

  // Not automatic: a flow skipped for what its backend lacks (simClient) is skipped before it costs a reset (on the
  // real stack a reset puts the clusters back to their baseline).
  fresh: async({ sim, installed }, use) => {
    await sim.reset(installed);
    await use();
  },

  // A new tab of the admin's browser (Playwright traces it with the config's `trace` setting); a screenshot is kept
  // when the flow fails.
  adminPage: async({ adminContext, sim, fresh }, use, testInfo) => { // eslint-disable-line @typescript-eslint/no-unused-vars
    // The dashboard keeps its preferences (the language a flow chose, R_LOCALE…) in cookies as well as on the server:
    // each flow starts from the defaults again, logged in (R_SESS kept).
    await adminContext.clearCookies({ name: /^R_(?!SESS)/ });
    const mark = serverLogMark(sim);
    const page = followTrail(opensWhenReady(await adminContext.newPage(), sim));

    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) {
      await page.screenshot({ path: testInfo.outputPath('failed.png') }).catch(() => undefined);
      // Where the page was and what it went through, and on Rancher's server whether it held the clusters connected
      // and what it logged: the summary prints it (CI keeps only the end of a log).
      testInfo.annotations.push({ type: 'at failure', description: `${ await trailAtFailure(page) }${ await serverAtFailure(sim, mark) }` });
    }
    await page.close();
    for (const where of takeSyncFromClient()) {
      testInfo.annotations.push({ type: 'rancher/rancher#54512', description: `${ where }: 500 "sync from client", sent again` });
    }
  },

  page: async({ adminPage }, use) => {
    await use(adminPage);
  },

  newUserPage: async({ browser, sim, fresh }, use, testInfo) => { // eslint-disable-line @typescript-eslint/no-unused-vars
    const opened: Page[] = [];
    const mark = serverLogMark(sim);

    await use(async(user) => {
      const context = await browser.newContext(CONTEXT);

      if (sim.kind === 'rancher') {
        await retrySyncFromClient(context);
      }
      const page = followTrail(opensWhenReady(await context.newPage(), sim));

      opened.push(page);
      await login(page, sim.dashboard, USERS[user]);

      return page;
    });
    if (testInfo.status !== testInfo.expectedStatus) {
      await Promise.all(opened.map((p, i) => p.screenshot({ path: testInfo.outputPath(`failed-user-${ i }.png`) }).catch(() => undefined)));
      const server = await serverAtFailure(sim, mark);

      for (const [i, p] of opened.entries()) {
        testInfo.annotations.push({ type: 'at failure', description: `user page ${ i + 1 }: ${ await trailAtFailure(p) }${ server }` });
      }
    }
    await Promise.all(opened.map((p) => p.context().close()));
  },

  userPage: async({ newUserPage }, use) => {
    await use(newUserPage);
  },

  dashboardUrl: async({ sim }, use) => {
    await use(sim.dashboard);
  },

  simClient: async({ sim }, use, testInfo) => {
    const client = sim.kind === 'simulator' ? sim.simClient || null : null;

    testInfo.skip(!client, SIMULATOR_API);
    await use(client as SimClient);
  },

  shot: async({ page }, use, testInfo) => {
    const docs: { file: string; doc: string }[] = [];

    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await use(async(name, opts = {}) => {
      const file = path.join(SHOTS_DIR, `${ name }.png`);

      await screenshot(opts.page || page, file, opts.tall);
      await testInfo.attach(name, { path: file, contentType: 'image/png' });
      if (opts.doc) {
        docs.push({ file, doc: opts.doc });
      }
    });
    // The docs show the demo's data in Rancher 2.15's build: a run on the real stack (other addresses) or in another
    // build leaves them as they are.
    if (testInfo.status === 'passed' && DOCS_PROJECTS.includes(testInfo.project.name)) {
      copyToDocs(docs);
    }
  },
});

export { expect } from '@playwright/test';
