/**
 * Issue 34, in each Rancher build: what the extension adds shows only where it can work.
 * - The side menu's Harvester entries (shellAdapter/guestMenu.ts) on a Harvester guest only: harvester-host, a cluster
 *   not on Harvester on every backend, lists none of them.
 * - The StorageClass form for a role that may not create StorageClasses: read only, and the page's own Create
 *   disabled (shellAdapter/saveButton.ts), not enabled and sending nothing.
 */
import type { Page } from '@playwright/test';
import { HARVESTER_HOST, RKE2_GUEST } from '../../lab/world/ids';
import { SEL } from './lib/selectors';
import { paths, STEP_MS } from './lib/pages';
import { expect, test } from './fixtures';
import { VERSIONS } from './needs';
import { openPage } from './lib/steps';

/** The entries' en-us labels (pkg/harvester-cloud-ui/l10n/en-us.yaml). */
const ENTRIES = ['Harvester Integration', 'Topology', 'Load Balancers', 'VolumeSnapshots'];

/** The side menu's entries (the shell's nav: `Type.vue` links), by their text. */
async function menuEntries(page: Page): Promise<string[]> {
  const texts = await page.locator('nav .accordion a, .side-nav a').allInnerTexts();

  return ENTRIES.filter((e) => texts.some((t) => t.trim() === e));
}

test('the side menu lists the Harvester entries on a Harvester guest only', VERSIONS, async({ adminPage: page, sim }) => {
  // The guest: its nodes (Nodes is in the same "Cluster" group) and the entries beside them.
  await openPage(page, sim.dashboard, paths.nodes(RKE2_GUEST.id), SEL.table.rows);
  await expect.poll(() => menuEntries(page), { timeout: STEP_MS, message: 'the Harvester entries on rke2-guest' }).toEqual(expect.arrayContaining(ENTRIES.slice(0, 3)));

  // The host is no guest: its menu has Nodes and none of the entries.
  await openPage(page, sim.dashboard, paths.nodes(HARVESTER_HOST.id), SEL.table.rows);
  await expect(page.locator('nav .accordion a, .side-nav a').filter({ hasText: /^\s*Nodes\b/ }).first()).toBeVisible();
  expect(await menuEntries(page), 'Harvester entries on harvester-host').toEqual([]);
});

test('a role that may not create StorageClasses gets the Harvester form read only and a disabled Create', VERSIONS, async({ newUserPage, sim }) => {
  sim.reset();
  const page = await newUserPage('viewer');

  await page.goto(`${ sim.dashboard }${ paths.storageClassCreate(RKE2_GUEST.id) }`, { waitUntil: 'commit' });
  await page.locator(SEL.storage.provisioner).click({ timeout: 3 * STEP_MS });
  await page.locator(SEL.dropdown.options).filter({ hasText: /Harvester \(CSI\)/ }).first().click();
  await expect(page.locator('[data-testid="harvester-storage-denied"]')).toContainText('does not allow creating StorageClasses', { timeout: STEP_MS });
  await expect(page.locator(SEL.cru.save)).toBeDisabled();
});
