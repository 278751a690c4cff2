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
import { createState, resetState, SimState } from '../../simulator/steve/state';
import { demoSeed } from '../../simulator/demo/seed';
import { fromClusterRepo, installExtension } from '../../simulator/catalog/installExtension';
import { EXTENSION_REPO } from '../../simulator/demo/ids';
import { extensionBuild } from '../../simulator/http/uiPlugins';
import { rancherVersionOfBuild } from '../../simulator/http/dashboardBuild';
import { setRancherVersion } from '../../simulator/steve/rancherEndpoints';
import { SimClient } from '../e2e/sim';
import { login, USERS } from '../e2e/ui';

export const ROOT = path.resolve(__dirname, '../..');
export const EXTENSION = 'harvester-cloud-ui';

/** The build under test: `npm run test:compat` runs build-pkg first. */
export function extensionBuildDir(): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'pkg', EXTENSION, 'package.json'), 'utf8'));
  const dir = path.join(ROOT, 'dist-pkg', `${ EXTENSION }-${ version }`);

  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    throw new Error(`no extension build in ${ path.relative(ROOT, dir) }: run npm run build-pkg ${ EXTENSION } (npm run test:compat does)`);
  }

  return dir;
}

export interface CompatSim {
  /** The dashboard's base URL: http://127.0.0.1:<port>/dashboard */
  dashboard: string;
  client: SimClient;
  state: SimState;
  rancherVersion: string;
  /** Back to the seeded demo data, with the extension installed unless told otherwise. */
  reset(installed?: boolean): void;
}

interface WorkerFixtures {
  rancherUiDir: string;
  sim: CompatSim;
  adminStorage: string;
}

interface TestFixtures {
  /** Whether the test starts with the extension installed (default) or not installed at all. */
  installed: boolean;
  /** A page logged in as admin, on fresh demo data. */
  adminPage: Page;
  newUserPage(user: keyof typeof USERS): Promise<Page>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  rancherUiDir: ['', { option: true, scope: 'worker' }],

  sim: [async({ rancherUiDir }, use) => {
    const version = rancherVersionOfBuild(rancherUiDir) || 'v2.15.0';

    setRancherVersion(version);
    const state = createState(demoSeed());
    const build = extensionBuildDir();
    // As the Extensions page installs it from the demo's ClusterRepo (the Helm actions do the same).
    const install = () => installExtension(state, ROOT, EXTENSION, fromClusterRepo(EXTENSION_REPO));

    install();
    const server: SimServer = await startSimServer({
      state, port: 0, uiDir: rancherUiDir, repoRoot: ROOT, extensionBuilds: extensionBuild(build)
    });

    await use({
      dashboard:      `${ server.url }/dashboard`,
      client:         new SimClient(server.url),
      state,
      rancherVersion: version,
      reset(installed = true) {
        resetState(state);
        if (installed) {
          install();
        }
      },
    });
    await server.close();
  }, { scope: 'worker' }],

  adminStorage: [async({ browser, sim }, use, workerInfo) => {
    const file = path.join(ROOT, 'test-results', `compat-admin-${ workerInfo.project.name }.json`);
    const context = await browser.newContext();
    const page = await context.newPage();

    await login(page, sim.dashboard, USERS.admin);
    await context.storageState({ path: file });
    await context.close();
    await use(file);
  }, { scope: 'worker' }],

  // The built-in `page` (traced, screenshotted on failure) starts logged in as admin.
  storageState: async({ adminStorage }, use) => {
    await use(adminStorage);
  },

  installed: [true, { option: true }],

  adminPage: async({ page, sim, installed }, use) => {
    sim.reset(installed);
    await use(page);
  },

  newUserPage: async({ browser, sim }, use) => {
    const contexts: BrowserContext[] = [];

    await use(async(user) => {
      const context = await browser.newContext();
      const page = await context.newPage();

      contexts.push(context);
      await login(page, sim.dashboard, USERS[user]);

      return page;
    });
    await Promise.all(contexts.map((c) => c.close()));
  },
});

export { expect } from '@playwright/test';
