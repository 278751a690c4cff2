/**
 * The demo suite's fixtures (playwright.config.ts, project `demo`).
 *
 * Per worker (the suite runs one): demo mode, started once (demo.ts: the simulator in this process, the dashboard
 * dev server as a child process group, first compile 1-3 minutes) or reused from E2E_DASHBOARD_URL + E2E_SIM_URL
 * (`bash scripts/with-env tsx tests/e2e/demo.ts` prints them); and the admin, logged in once through the login
 * page, its cookies kept as a storage state. Both are stopped or dropped when the worker ends.
 *
 * Per test: the simulator back on the demo data (its user preferences too: the dashboard's language is one), and
 * the built-in `page` in a fresh browser context that starts logged in as admin. So no test depends on another
 * having run before it, and each can run alone with `-g`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test as base, Page } from '@playwright/test';
import { startDemo, RESULTS } from './demo';
import { SimClient } from './sim';
import { copyToDocs, screenshot, Shot, SHOTS_DIR } from './shots';
import { login, newUserContext, USERS } from './login';

/** The dev server's first compile (demo.ts allows it 30 minutes on a busy machine), then the first login. */
const DEMO_START_MS = 35 * 60 * 1000;

interface WorkerFixtures {
  demo: { dashboardUrl: string; simUrl: string };
  adminStorage: string;
}

interface TestFixtures {
  dashboardUrl: string;
  /** The simulator's control API, the demo data freshly reset. */
  sim: SimClient;
  /** Screenshots of the screen checked; `doc` ones go to docs/screenshots/ when the test passes. */
  shot: Shot;
  /** A page of its own, logged in as another demo user (closed after the test). */
  userPage(user: keyof typeof USERS): Promise<Page>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // The dev server's certificate is self-signed; the specs read the dashboard in English unless they switch.
  ignoreHTTPSErrors: true,
  locale:            'en-US',

  demo: [async({}, use) => { // eslint-disable-line no-empty-pattern
    const demo = await startDemo();

    try {
      await use({ dashboardUrl: demo.dashboardUrl, simUrl: demo.simUrl });
    } finally {
      await demo.stop();
    }
  }, { scope: 'worker', timeout: DEMO_START_MS }],

  adminStorage: [async({ browser, demo }, use) => {
    const file = path.join(RESULTS, 'e2e-admin.json');
    const { context, page } = await newUserContext(browser);

    try {
      await login(page, demo.dashboardUrl, USERS.admin);
      await context.storageState({ path: file });
    } finally {
      await context.close();
    }
    await use(file);
  }, { scope: 'worker', timeout: DEMO_START_MS }],

  // The built-in `page` (traced, screenshotted on failure) starts logged in as admin.
  storageState: async({ adminStorage }, use) => {
    await use(adminStorage);
  },

  dashboardUrl: async({ demo }, use) => {
    await use(demo.dashboardUrl);
  },

  // Every test, whether it reads the simulator or not, starts on the demo data.
  sim: [async({ demo }, use) => {
    const sim = new SimClient(demo.simUrl);

    await sim.reset();
    await use(sim);
  }, { auto: true }],

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
    if (testInfo.status === 'passed') {
      copyToDocs(docs);
    }
  },

  userPage: async({ browser, demo }, use) => {
    const opened: Page[] = [];

    await use(async(user) => {
      const { page } = await newUserContext(browser);

      opened.push(page);
      await login(page, demo.dashboardUrl, USERS[user]);

      return page;
    });
    await Promise.all(opened.map((p) => p.context().close()));
  },
});

export { expect } from '@playwright/test';
