/**
 * The read-only viewer sees the extension's parts and can change nothing; on a cluster not on Harvester the
 * extension adds nothing.
 */
import type { Page } from '@playwright/test';
import { PLAIN_CLUSTER, SERVICES } from '../../../simulator/demo/ids';
import { expect, test } from '../fixtures';
import { SEL } from '../selectors';
import { openTopology, RKE2, writesSent } from '../steps';
import { open, openTab, paths, visibleTexts } from '../ui';

const PLAIN = PLAIN_CLUSTER.id;
/** Words of the row actions that change something (the shell's en-us labels). */
const WRITE_ACTIONS = /Edit Config|Edit YAML|Clone|Delete/;

/** The entries of the menu just opened, none of which may change anything; then closes it. */
async function expectReadOnlyMenu(page: Page, what: string): Promise<void> {
  await page.locator(SEL.openMenu).first().waitFor();
  expect((await visibleTexts(page, SEL.openMenu)).join(' '), what).not.toMatch(WRITE_ACTIONS);
  await page.keyboard.press('Escape');
}

test('8. the viewer sees the extension read-only and no write of theirs reaches the simulator', async({
  dashboardUrl, sim, shot, userPage
}) => {
  const page = await userPage('viewer');

  // Services: the LB columns, no Create, no row action that writes.
  await open(page, dashboardUrl, paths.services(RKE2), `${ SEL.table.rows }:has-text("${ SERVICES.webPool }")`);
  expect(await visibleTexts(page, SEL.table.headerCells), 'the viewer\'s Services list headers').toEqual(expect.arrayContaining(['LB Mode', 'LB Address']));
  await expect(page.locator(SEL.table.createBtn), 'Create buttons on the viewer\'s Services list').toHaveCount(0);
  await page.locator(`${ SEL.table.rows }:has-text("${ SERVICES.webPool }")`).first().locator(SEL.table.rowActions).click();
  await expectReadOnlyMenu(page, 'the viewer\'s row actions');
  await shot('viewer-services', { page });

  // The detail page: the Add-on Config tab, read only.
  await open(page, dashboardUrl, paths.service(RKE2, 'default', SERVICES.webPool), SEL.cru.tabButton('add-on-config'));
  await openTab(page, 'add-on-config', SEL.lb.root);
  await page.locator(SEL.hc.support).waitFor();
  await expect(page.locator(SEL.lb.editable), 'controls the viewer could change in the Add-on Config tab').toHaveCount(0);
  const actions = page.locator(SEL.detailActions);

  // The shell shows the detail page's action menu only when it has entries for this user.
  if (await actions.count()) {
    await actions.first().click();
    await expectReadOnlyMenu(page, 'the viewer\'s detail page actions');
  }
  await shot('viewer-service-detail', { page, tall: true });

  // StorageClasses: the host class column, no Create.
  await open(page, dashboardUrl, paths.storageClasses(RKE2), `${ SEL.table.rows }:has-text("harvester")`);
  expect(await visibleTexts(page, SEL.table.headerCells), 'the viewer\'s StorageClass list headers').toContain('Host StorageClass');
  await expect(page.locator(SEL.table.createBtn), 'Create buttons on the viewer\'s StorageClass list').toHaveCount(0);

  // Topology: readable; the viewer is no member of the Harvester cluster, and the page says so.
  await openTopology(page, dashboardUrl, RKE2);
  expect(await page.locator(SEL.topology.region).count(), 'regions on the viewer\'s Topology page').toBe(2);
  await shot('viewer-topology', { page, tall: true });

  const writes = (await sim.writesBy('viewer')).filter((r) => !/userpreference|ext\.cattle\.io\.selfuser/.test(r.path));

  expect(writes.map((r) => `${ r.method } ${ r.path }`), 'writes the viewer sent').toEqual([]);
});

test('9. on plain-cluster (not on Harvester) none of the extension\'s tabs or columns appear', async({
  page, dashboardUrl, sim, shot
}) => {
  await open(page, dashboardUrl, paths.services(PLAIN), `${ SEL.table.rows }:has-text("${ SERVICES.plainLb }")`);
  const headers = await visibleTexts(page, SEL.table.headerCells);

  expect(headers, 'plain-cluster\'s Services list headers').not.toContain('LB Mode');
  expect(headers, 'plain-cluster\'s Services list headers').not.toContain('LB Address');

  // An absence has no moment to wait for: each wait below gives the extension the time it needs on a Harvester
  // cluster to add its parts.
  await open(page, dashboardUrl, paths.serviceEdit(PLAIN, 'default', SERVICES.plainLb), SEL.cru.tabButton('define-service-ports'));
  await page.waitForTimeout(1000);
  await expect(page.locator(SEL.cru.tabButton('add-on-config')), 'Add-on Config tabs on plain-cluster\'s Service edit page').toHaveCount(0);
  await expect(page.locator(SEL.lb.root), 'the extension\'s Add-on Config on plain-cluster').toHaveCount(0);

  await open(page, dashboardUrl, paths.serviceCreate(PLAIN), SEL.cru.subtype('LoadBalancer'));
  await page.locator(SEL.cru.subtype('LoadBalancer')).click();
  await page.locator(SEL.cru.tabButton('define-service-ports')).waitFor();
  await page.waitForTimeout(1000);
  await expect(page.locator(SEL.cru.tabButton('add-on-config')), 'Add-on Config tabs on plain-cluster\'s Service create page').toHaveCount(0);

  await open(page, dashboardUrl, paths.storageClasses(PLAIN), SEL.table.rows);
  expect(await visibleTexts(page, SEL.table.headerCells), 'plain-cluster\'s StorageClass list headers').not.toContain('Host StorageClass');

  await open(page, dashboardUrl, paths.nodes(PLAIN), SEL.table.rows);
  const nodeHeaders = await visibleTexts(page, SEL.table.headerCells);

  expect(nodeHeaders, 'plain-cluster\'s node list headers').not.toContain('Region');
  expect(nodeHeaders, 'plain-cluster\'s node list headers').not.toContain('Zone');

  await open(page, dashboardUrl, paths.clusterHome(PLAIN), 'main');
  await page.waitForTimeout(3000);
  await expect(page.locator(SEL.topology.card), 'topology cards on plain-cluster\'s dashboard').toHaveCount(0);
  // Nothing was written on plain-cluster (opening its edit pages included).
  expect(await writesSent(sim), 'writes').toEqual([]);
  await shot('plain-cluster-services');
});
