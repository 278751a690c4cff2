/**
 * The browser suites, on @playwright/test with Debian's Chromium:
 *  - `demo` (npm run test:e2e): the extension built into the dashboard dev server, against the simulator;
 *  - `rancher-<version>` (npm run test:compat): each production build of Rancher's dashboard in
 *    ../shared/rancher-ui, served by the simulator with this extension installed as a UIPlugin.
 * One worker, no retries (a flaky flow is a bug). Traces and screenshots of failed tests and an HTML report are
 * kept in test-results/; the summary reporter prints the closing `N passed, M failed`.
 */
import { defineConfig } from '@playwright/test';
import type { CompatOptions, CompatTestOptions } from './tests/compat/fixtures';
import { CHROMIUM, LAUNCH_ARGS } from './tests/playwright/browser';
import { nextBuild, rancherBuilds } from './tests/compat/builds';
import { serverProjects } from './tests/compat/server/projects';

export default defineConfig<CompatTestOptions, CompatOptions>({
  outputDir:     'test-results/artifacts',
  workers:       1,
  retries:       0,
  fullyParallel: false,
  forbidOnly:    !!process.env.CI,
  reporter:      [
    ['list'],
    ['html', { outputFolder: 'test-results/html', open: 'never' }],
    ['./tests/playwright/summaryReporter.ts'],
  ],
  use: {
    trace:             'retain-on-failure',
    screenshot:        'only-on-failure',
    viewport:          { width: 1440, height: 900 },
    actionTimeout:     30000,
    navigationTimeout: 60000,
    launchOptions:     { executablePath: CHROMIUM, args: LAUNCH_ARGS },
  },
  projects: [
    {
      // Each test loads the dev build's dashboard a few times: a minute or two each on a busy 2-core machine.
      name: 'demo', testDir: 'tests/e2e/specs', timeout: 600000
    },
    ...[...rancherBuilds(), ...(nextBuild() ? [nextBuild() as { version: string; dir: string }] : [])].map(({ version, dir }) => ({
      name:       `rancher-${ version }`,
      testDir:    'tests/compat',
      testIgnore: '**/real/**',
      timeout:    240000,
      use:        { rancherUiDir: dir },
    })),
    // Rancher 2.15's production dashboard with rke2-guest and harvester-host served by the real stack (stack/:
    // kube-apiserver + rancher/steve; npm run test:real): the Add-on Config flows written for every backend and
    // the real stack's own (tests/compat/real). Not in npm run test:compat (scripts/compat.sh lists the version
    // projects). Each test restarts the stack fresh (~10 s, tests/compat/fixtures.ts reset). The Service list's sort and
    // search and the session of a user no member of a cluster run here too: real Steve answers the list (issue 34).
    ...rancherBuilds().filter((b) => b.version === '2.15').map(({ dir }) => ({
      name:      'rancher-2.15-real',
      testDir:   'tests/compat',
      testMatch: ['real/**/*.spec.ts', 'addOnConfig.spec.ts', 'serviceListSort.spec.ts', 'session.spec.ts'],
      timeout:   300000,
      use:       { rancherUiDir: dir, real: true },
    })),
    // Rancher's own server (stack/src/rancher), one project per version: npm run test:rancher.
    ...serverProjects(),
  ],
});
