/**
 * Extensions → Available → Install and Installed → Uninstall in each Rancher dashboard build: what the admin sees,
 * and what the server then holds (the chart's UIPlugin, its Helm App and the Helm operations), read through its API.
 * On the simulator its Helm actions (lab/simulator/catalog/helmActions.ts); on Rancher's own server its helm-operation
 * Pods, run by the Pod runner (lab/standins/pods/podRunner.ts) with the Helm and kubectl built here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { RKE2_GUEST } from '../../lab/world/ids';
import { SEL } from './lib/selectors';
import { open, paths, STEP_MS } from './lib/pages';
import { rancherBuilds, runsEveryFlow } from '../../lab/builds';
import { cardAction, extensionCard, openExtensionsTab } from './lib/extensionCards';
import { CompatBackend } from '../../lab/backends/backend';
import { expect, EXTENSION, ROOT, test } from './fixtures';
import { VERSIONS } from './needs';

const NS = 'cattle-ui-plugin-system';
/**
 * A Helm operation seen through to the page: on Rancher's server its helm-operation Pod, Rancher's controllers, then
 * the dashboard's websocket watch of the Operation. In a rehearsal of CI, with another Rancher starting beside the
 * flows on the 2 cores, the card still said "Uninstalling" 30 s after Rancher had the Operation done.
 */
const OPERATION_MS = 120000;
const tid = (id: string) => `[data-testid="${ id }"]`;

async function listed(backend: CompatBackend, type: string): Promise<any[]> {
  const r = await backend.api('GET', `/v1/${ type }`);

  expect(r.status, `GET /v1/${ type }`).toBe(200);

  return r.body?.data || [];
}

/** What the server holds of the extension: its UIPlugins and Apps, and the Helm operations since `before`. */
async function held(backend: CompatBackend, before: Set<string> = new Set()) {
  const ids = async(type: string) => (await listed(backend, type)).filter((o) => o.metadata.name === EXTENSION).map((o) => `${ o.metadata.namespace }/${ o.metadata.name }`);

  return {
    uiplugins:  await ids('catalog.cattle.io.uiplugins'),
    apps:       await ids('catalog.cattle.io.apps'),
    operations: (await listed(backend, 'catalog.cattle.io.operations')).filter((o) => !before.has(o.metadata.name)).map((o) => `${ o.status.action } ${ o.status.releaseName }`).sort(),
  };
}

/** The "LB Mode" column this extension adds to the Service list of a Harvester guest cluster: there when loaded. */
async function lbModeColumns(page: import('@playwright/test').Page, sim: CompatBackend): Promise<number> {
  await open(page, sim.dashboard, paths.services(RKE2_GUEST.id), SEL.table.rows);

  return page.locator(SEL.table.headerCells, { hasText: /^\s*LB Mode\s*$/ }).count();
}

test.describe('Extensions page: install and uninstall as Rancher does', () => {
  test.use({ installed: false });
  test('Available → Install: the UIPlugin and App appear, and after the reload the extension is loaded; Uninstall removes both', VERSIONS, async({ adminPage: page, sim, server }) => {
    // The Extensions page has two designs: 2.12's (buttons on the cards) and 2.13+'s (the card's ⋮ menu, the same
    // in 2.13, 2.14 and 2.15); both run, in the oldest and the newest build present, to keep CI within its time.
    const versions = rancherBuilds().map((b) => `rancher-${ b.version }`);

    test.skip(!server && test.info().project.name !== versions[0] && !runsEveryFlow(test.info().project.name), 'the 2.13+ page design runs in the newest build');
    // Six full loads of a production dashboard (each loads Rancher's store anew): three times the usual budget.
    test.slow();
    // Rancher keeps its finished operations for an hour: only the ones this flow starts count.
    const before = new Set((await listed(sim, 'catalog.cattle.io.operations')).map((o) => o.metadata.name as string));

    expect(await held(sim, before)).toEqual({
      uiplugins: [], apps: [], operations: []
    });
    expect(await lbModeColumns(page, sim)).toBe(0);

    await openExtensionsTab(page, sim.dashboard, 'available');
    const available = extensionCard(page, EXTENSION);

    await expect(available).toBeVisible();
    await cardAction(page, available, 'install', EXTENSION);
    await page.locator(tid('install-ext-modal-install-btn')).click();

    await expect.poll(() => held(sim, before), { timeout: OPERATION_MS }).toEqual({
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

    await expect.poll(() => held(sim, before), { timeout: OPERATION_MS }).toEqual({
      uiplugins: [], apps: [], operations: [`install ${ EXTENSION }`, `uninstall ${ EXTENSION }`]
    });
    // Once the uninstall operation is done the card no longer says "Uninstalling", the extension is offered for
    // install again (2.13+ drop the Installed tab; 2.12 keeps it, empty), and the page asks for the reload that
    // unloads it.
    await expect(page.getByText(/Uninstalling/)).toHaveCount(0, { timeout: OPERATION_MS });
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

test('Extensions → Installed lists the extension as installed (on Rancher\'s own server: by Rancher\'s Install as the stack starts)', VERSIONS, async({ adminPage: page, sim }, testInfo) => {
  test.skip(!sim.stack && !runsEveryFlow(testInfo.project.name), 'runs in the newest Rancher build (and rancher-next), and on Rancher\'s own server');
  await openExtensionsTab(page, sim.dashboard, 'installed');
  await expect(extensionCard(page, EXTENSION)).toBeVisible({ timeout: STEP_MS });
  expect(await lbModeColumns(page, sim), 'the extension\'s LB Mode column in the guest\'s Services list').toBe(1);
});
