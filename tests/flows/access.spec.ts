/**
 * The read-only viewer sees the extension's parts and can change nothing, and each page says why when it cannot do
 * all it offers (issue 26); on a cluster not on Harvester the extension adds nothing.
 */
import type { Page } from '@playwright/test';
import { PLAIN_CLUSTER, SERVICES } from '../../lab/world/ids';
import { expect, test } from './fixtures';
import { SEL } from './lib/selectors';
import { openTopology, RKE2, writesSent } from './lib/demoSteps';
import { open, paths } from './lib/pages';
import { openTab } from './lib/cruPage';
import { visibleTexts } from './lib/fields';
import { SERVER } from './needs';

const PLAIN = PLAIN_CLUSTER.id;
const tid = (id: string) => `[data-testid="${ id }"]`;
/** Why the viewer's pages show no host side: they are no member of harvester-host (the guest pack's words). */
const NOT_MEMBER = 'You are not a member of the Harvester cluster that hosts this cluster\'s VMs';
/** Words of the row actions that change something (the shell's en-us labels). */
const WRITE_ACTIONS = /Edit Config|Edit YAML|Clone|Delete/;

/** The entries of the menu just opened, none of which may change anything; then closes it. */
async function expectReadOnlyMenu(page: Page, what: string): Promise<void> {
  await page.locator(SEL.openMenu).first().waitFor();
  expect((await visibleTexts(page, SEL.openMenu)).join(' '), what).not.toMatch(WRITE_ACTIONS);
  await page.keyboard.press('Escape');
}

test('8. the viewer sees the extension read-only and no write of theirs reaches the simulator', SERVER, async({
  simClient, dashboardUrl, shot, userPage
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

  const writes = (await simClient.writesBy('viewer')).filter((r) => !/userpreference|ext\.cattle\.io\.selfuser/.test(r.path));

  expect(writes.map((r) => `${ r.method } ${ r.path }`), 'writes the viewer sent').toEqual([]);
});

test('9. on plain-cluster (not on Harvester) none of the extension\'s tabs or columns appear', SERVER, async({
  simClient, page, dashboardUrl, shot
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
  expect(await writesSent(simClient), 'writes').toEqual([]);
  await shot('plain-cluster-services');
});

test('10. the viewer is told why: what their role does not allow on the PVC tab, and why the host side is missing', SERVER, async({
  simClient, dashboardUrl, shot, userPage
}) => {
  const page = await userPage('viewer');
  const tab = 'harvester-volume-snapshots';

  // The PVC tab: the snapshots, the actions the role does not allow listed, none of them offered.
  await open(page, dashboardUrl, `/c/${ RKE2 }/explorer/persistentvolumeclaim/default/data-db-0`, SEL.cru.tabButton(tab));
  await page.locator(SEL.cru.tabButton(tab)).click();
  await page.locator(tid('pvc-snapshots-table')).waitFor({ state: 'visible' });
  await expect(page.locator(tid('pvc-snapshots-denied')), 'what the viewer\'s role does not allow').toContainText('Your role in this cluster does not allow:');
  await expect(page.locator(`${ tid('pvc-snapshots-denied') } li`)).toHaveText([
    /^creating VolumeSnapshots/, /^creating PersistentVolumeClaims/, /^deleting VolumeSnapshots/,
  ]);
  await expect(page.locator(tid('pvc-snapshots-host-state')), 'why the host side is missing').toContainText(NOT_MEMBER);
  for (const button of ['pvc-take-snapshot', 'pvc-back-up', 'pvc-snapshot-restore', 'pvc-snapshot-delete']) {
    await expect(page.locator(tid(button)), `${ button } offered to the viewer`).toHaveCount(0);
  }
  await shot('viewer-pvc-snapshots', { page, tall: true });

  // Topology: drift not checked, and why.
  await openTopology(page, dashboardUrl, RKE2);
  await expect(page.locator(SEL.topology.hostProblem), 'why the viewer\'s Topology has no drift').toContainText(NOT_MEMBER);

  const writes = (await simClient.writesBy('viewer')).filter((r) => !/userpreference|ext\.cattle\.io\.selfuser/.test(r.path));

  expect(writes.map((r) => `${ r.method } ${ r.path }`), 'writes the viewer sent').toEqual([]);
});
