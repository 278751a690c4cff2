/**
 * Extensions → Available → Install and Installed → Uninstall in each Rancher dashboard build, against the
 * simulator's Helm actions (lab/simulator/catalog/helmActions.ts): what the admin sees, and what the simulator then
 * holds (the chart's UIPlugin and its Helm App), as Rancher would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { RKE2_GUEST } from '../../lab/world/ids';
import { listObjects } from '../../lab/simulator/core/state';
import { SEL } from './lib/selectors';
import { open, paths, STEP_MS } from './lib/pages';
import { rancherBuilds, runsEveryFlow } from '../../lab/builds';
import { cardAction, extensionCard, openExtensionsTab } from './lib/extensionCards';
import { CompatBackend } from '../../lab/backends/backend';
import {
  CompatSim, expect, EXTENSION, ROOT, test
} from './fixtures';
import { VERSIONS } from './needs';

const NS = 'cattle-ui-plugin-system';
const tid = (id: string) => `[data-testid="${ id }"]`;

/** What the simulator holds of the extension: its UIPlugins and Apps (Steve ids), and the Helm actions recorded. */
function held(backend: CompatBackend) {
  const sim = backend.simulated as CompatSim;
  const ids = (type: string) => listObjects(sim.state, 'local', type).map((o) => `${ o.metadata.namespace }/${ o.metadata.name }`);

  return {
    uiplugins:  ids('catalog.cattle.io.uiplugin'),
    apps:       ids('catalog.cattle.io.app'),
    operations: listObjects(sim.state, 'local', 'catalog.cattle.io.operation').map((o) => `${ o.status.action } ${ o.status.releaseName }`).sort(),
  };
}

/** The "LB Mode" column this extension adds to the Service list of a Harvester guest cluster: there when loaded. */
async function lbModeColumns(page: import('@playwright/test').Page, sim: CompatBackend): Promise<number> {
  await open(page, sim.dashboard, paths.services(RKE2_GUEST.id), SEL.table.rows);

  return page.locator(SEL.table.headerCells, { hasText: /^\s*LB Mode\s*$/ }).count();
}

test.describe('Extensions page: install and uninstall as Rancher does', () => {
  test.use({ installed: false });
  // On Rancher's own server the Install runs in a helm-operation Pod, which needs a kubelet: the stack installs the
  // extension with Helm itself (lab/stack/rancher/extension.ts), and these flows stay on the simulator.
  test.skip(({ server }) => !!server, 'Rancher\'s Install needs a helm-operation Pod (no kubelet in the stack): docs/demo-mode.md');

  test('Available → Install: the UIPlugin and App appear, and after the reload the extension is loaded; Uninstall removes both', VERSIONS, async({ adminPage: page, sim }) => {
    // The Extensions page has two designs: 2.12's (buttons on the cards) and 2.13+'s (the card's ⋮ menu, the same
    // in 2.13, 2.14 and 2.15); both run, in the oldest and the newest build present, to keep CI within its time.
    const versions = rancherBuilds().map((b) => `rancher-${ b.version }`);

    test.skip(test.info().project.name !== versions[0] && !runsEveryFlow(test.info().project.name), 'the 2.13+ page design runs in the newest build');
    // Six full loads of a production dashboard (each loads Rancher's store anew): three times the usual budget.
    test.slow();
    expect(held(sim)).toEqual({
      uiplugins: [], apps: [], operations: []
    });
    expect(await lbModeColumns(page, sim)).toBe(0);

    await openExtensionsTab(page, sim.dashboard, 'available');
    const available = extensionCard(page, EXTENSION);

    await expect(available).toBeVisible();
    await cardAction(page, available, 'install', EXTENSION);
    await page.locator(tid('install-ext-modal-install-btn')).click();

    await expect.poll(() => held(sim)).toEqual({
      uiplugins: [`${ NS }/${ EXTENSION }`], apps: [`${ NS }/${ EXTENSION }`], operations: [`install ${ EXTENSION }`]
    });
    // The page lists it as installed and asks for the reload that loads it.
    await expect(page.locator(`li${ tid('installed') }.active`)).toBeVisible();
    await expect(extensionCard(page, EXTENSION)).toBeVisible();
    await expect(page.locator(tid('extension-reload-banner'))).toBeVisible({ timeout: STEP_MS });
    await Promise.all([page.waitForEvent('load'), page.locator(tid('extension-reload-banner-reload-btn')).click()]);
    await expect(page.locator(tid('extensions-page-title'))).toBeVisible({ timeout: 60000 });

    expect(await lbModeColumns(page, sim)).toBe(1);

    await openExtensionsTab(page, sim.dashboard, 'installed');
    const installed = extensionCard(page, EXTENSION);

    await cardAction(page, installed, 'uninstall', EXTENSION);
    await page.locator(tid('uninstall-ext-modal-uninstall-btn')).click();

    await expect.poll(() => held(sim)).toEqual({
      uiplugins: [], apps: [], operations: [`install ${ EXTENSION }`, `uninstall ${ EXTENSION }`]
    });
    // Once the uninstall operation is done the card no longer says "Uninstalling", the extension is offered for
    // install again (2.13+ drop the Installed tab; 2.12 keeps it, empty), and the page asks for the reload that
    // unloads it.
    await expect(page.getByText(/Uninstalling/)).toHaveCount(0, { timeout: STEP_MS });
    await page.locator(tid('btn-available')).click();
    await expect(extensionCard(page, EXTENSION)).toBeVisible();
    await expect(page.locator(tid('extension-reload-banner'))).toBeVisible();
  });

  test('the Available card shows the chart\'s icon, served by the repository\'s icon link', VERSIONS, async({ adminPage: page, sim }) => {
    const index = parse(fs.readFileSync(path.join(ROOT, 'assets/index.yaml'), 'utf8'));
    const icon: string = index.entries[EXTENSION][0].icon || '';

    // A data: URL is what 0.1.0 published and Rancher cannot open (the card falls back to a generic image); from
    // 0.5.0 the icon file's absolute URL under the repository's base URL (helm lint refuses a relative one).
    expect(icon).toMatch(new RegExp(`^https://.+/assets/${ EXTENSION }/icon\\.svg$`));
    await openExtensionsTab(page, sim.dashboard, 'available');
    const image = extensionCard(page, EXTENSION).locator('img').first();

    await expect(image).toHaveAttribute('src', /[?&]link=icon(&|$)/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  });
});

test('Extensions → Installed lists the extension as installed (on Rancher\'s own server: by the stack\'s helm install)', VERSIONS, async({ adminPage: page, sim }, testInfo) => {
  test.skip(!sim.stack && !runsEveryFlow(testInfo.project.name), 'runs in the newest Rancher build (and rancher-next), and on Rancher\'s own server');
  await openExtensionsTab(page, sim.dashboard, 'installed');
  await expect(extensionCard(page, EXTENSION)).toBeVisible({ timeout: STEP_MS });
  expect(await lbModeColumns(page, sim), 'the extension\'s LB Mode column in the guest\'s Services list').toBe(1);
});
