/**
 * The one browser flow library (tests/flows) on @playwright/test with Debian's Chromium, run on every backend and
 * Rancher build (issue 35: one set of flows, one step library; a flow that needs what a backend cannot give is
 * skipped there with the reason in the summary, tests/flows/needs.ts):
 *  - `rancher-2.15`: every flow, on the simulator serving Rancher 2.15's production dashboard with the extension
 *    installed as Rancher installs it (npm run test:compat);
 *  - `rancher-2.12`, `-2.13`, `-2.14`, `-next`: the flows whose extension points differ by Rancher version (`@versions`,
 *    needs.ts VERSIONS says which and why), in each other build (npm run test:compat);
 *  - `demo`: demo mode's smoke flows (`@demo`) on the dashboard dev server `npm run dev` runs (npm run test:e2e);
 *  - `rancher-2.15-real`: every flow, with rke2-guest, harvester-host and k3s-bare the real stack's (npm run test:real);
 *  - `rancher-<version>-server`: Rancher's own servers: 2.15 the `@versions` flows and the `@server` ones, about what
 *    Rancher's server itself does (needs.ts SERVER); 2.13 the `@versions` ones and the logout flow (npm run
 *    test:rancher).
 * One worker, no retries (a flaky flow is a bug). Two workers took as long on the 2-core machines (each flow twice as
 * slow: the dashboard's page loads are CPU-bound) and made Rancher 2.13's Service list path flaky. Screenshots
 * and error contexts of failed flows and an HTML report are kept in test-results/ (FLOWS_OUTPUT names another folder: each
 * suite of .ci/run keeps its own, as Playwright empties its output folder when it starts); the summary reporter
 * prints the closing `N passed, M failed` and why flows were skipped.
 */
import { defineConfig } from '@playwright/test';
import type { CompatOptions, CompatTestOptions } from './tests/flows/fixtures';
import { CHROMIUM, LAUNCH_ARGS } from './tests/flows/lib/browser';
import { nextBuild, rancherBuilds } from './lab/builds';
import { serverProjects } from './tests/flows/lib/serverProjects';

const FLOWS = 'tests/flows';
const VERSIONS = /@versions/;
const ON_SERVER = /@versions|@server/;
const ON_2_13_SERVER = /@versions|@every-server/;
const NOT_DEMO_ONLY = /@demo-only/;
const OUTPUT = process.env.FLOWS_OUTPUT || 'test-results';
const others = [...rancherBuilds().filter((b) => b.version !== '2.15'), ...(nextBuild() ? [nextBuild() as { version: string; dir: string }] : [])];

export default defineConfig<CompatTestOptions, CompatOptions>({
  outputDir:     `${ OUTPUT }/artifacts`,
  workers:       1,
  retries:       0,
  fullyParallel: false,
  forbidOnly:    !!process.env.CI,
  reporter:      [
    ['list'],
    ['html', { outputFolder: `${ OUTPUT }/html`, open: 'never' }],
    ['./tests/flows/lib/summaryReporter.ts'],
  ],
  use: {
    // No traces: recording one for every flow (to keep it when it fails) cost a quarter of each suite's time
    // (rancher-2.12 and -2.14: 180 s with, 138 s without). A failure keeps its error context (the page's ARIA
    // snapshot) and a screenshot; `--trace retain-on-failure` on the command line when a trace is wanted.
    trace:             'off',
    // The flows' pages are tabs of a worker's browser (fixtures.ts): they take their own screenshots of a failure.
    screenshot:        'off',
    viewport:          { width: 1440, height: 900 },
    actionTimeout:     30000,
    navigationTimeout: 60000,
    launchOptions:     { executablePath: CHROMIUM, args: LAUNCH_ARGS },
  },
  projects: [
    // The dev server's build is slow to load (a minute or two per full page load on a busy 2-core machine).
    {
      name: 'demo', testDir: FLOWS, testIgnore: '**/real/**', grep: /@demo/, timeout: 600000, use: { demo: true }
    },
    ...rancherBuilds().filter((b) => b.version === '2.15').map(({ dir }) => ({
      name: 'rancher-2.15', testDir: FLOWS, testIgnore: '**/real/**', grepInvert: NOT_DEMO_ONLY, timeout: 300000, use: { rancherUiDir: dir },
    })),
    ...others.map(({ version, dir }) => ({
      name: `rancher-${ version }`, testDir: FLOWS, testIgnore: '**/real/**', grep: VERSIONS, timeout: 300000, use: { rancherUiDir: dir },
    })),
    // Rancher 2.15's production dashboard with rke2-guest, harvester-host and k3s-bare served by the real stack: every
    // flow, the real stack's own (real/: Harvester's controllers) included. Each flow resets the stack to its baseline.
    ...rancherBuilds().filter((b) => b.version === '2.15').map(({ dir }) => ({
      name: 'rancher-2.15-real', testDir: FLOWS, grepInvert: NOT_DEMO_ONLY, timeout: 300000, use: { rancherUiDir: dir, real: true },
    })),
    // Rancher's own server (lab/stack/rancher), one project per version: npm run test:rancher.
    ...serverProjects().map((p) => ({
      ...p, testDir: FLOWS, grep: p.use.server === '2.15' ? ON_SERVER : ON_2_13_SERVER, grepInvert: NOT_DEMO_ONLY,
    })),
  ],
});
