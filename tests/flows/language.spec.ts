/**
 * The main screens once more in Simplified Chinese, switched in the dashboard's own preferences page: every screen
 * of the extension is checked for English left over from pkg/harvester-cloud-ui/l10n/en-us.yaml (the extension's
 * strings only), and what is saved is checked in the simulator as in English. Each test switches to Chinese itself
 * (the fixtures reset the stored preferences and give each test fresh cookies), so any one runs alone; the last
 * also switches back, which is what a user does.
 */
import type { Page } from '@playwright/test';
import { HOST_STORAGE_CLASSES, RKE2_NODES, SERVICES } from '../../lab/world/ids';
import { expect, test } from './fixtures';
import { SEL } from './lib/selectors';
import {
  fillPoolWithHealthCheck, openTopology, poolWithHealthCheckAnnotations, RKE2, saveAndLeave, startHarvesterStorageClass,
  storedAnnotations, STORAGE_CLASS_TYPE
} from './lib/demoSteps';
import {
  choose, selectedText, setChecked, typeInto, visibleTexts
} from './lib/fields';
import { englishFragments, expectNoEnglish } from './lib/leftoverEnglish';
import { open, paths } from './lib/pages';
import { openAddOnConfig, openTab } from './lib/cruPage';
import { LANGUAGES, PREFS_LANGUAGE, useLanguage } from './lib/language';

/** The extension's column headers of a list: none may be the English one. */
async function expectZhColumns(page: Page, english: string[], screen: string): Promise<void> {
  const headers = await visibleTexts(page, SEL.table.headerCells);

  expect(english.filter((h) => headers.includes(h)), `${ screen }: English column headers in zh-hans (headers: ${ headers.join(' | ') })`).toEqual([]);
}

test('zh-hans: creating a LoadBalancer (IP pool, health check; DHCP and sharing shown) shows no English', async({
  simClient, page, dashboardUrl, shot
}) => {
  expect(englishFragments().length, 'English fragments read from the extension\'s strings').toBeGreaterThan(50);
  await useLanguage(page, dashboardUrl, simClient, 'zh-hans');
  await fillPoolWithHealthCheck(page, dashboardUrl, 'e2e-zh');
  await expectNoEnglish(page, 'Add-on Config, IP pool with a health check');
  // A field's message, in Chinese.
  await typeInto(page, SEL.hc.number('failureThreshold'), '0');
  await page.locator(SEL.hc.error('failureThreshold')).waitFor();
  await expectNoEnglish(page, 'Add-on Config, a field with an error');
  await shot('lb-create-zh', { tall: true });
  await typeInto(page, SEL.hc.number('failureThreshold'), '3');
  await page.locator(SEL.lb.sourceOption('dhcp')).click();
  await page.locator(SEL.lb.network).waitFor();
  await expectNoEnglish(page, 'Add-on Config, DHCP');
  await page.locator(SEL.lb.sourceOption('share')).click();
  await page.locator(SEL.lb.primaryError).waitFor();
  await expectNoEnglish(page, 'Add-on Config, sharing');
  await page.locator(SEL.lb.sourceOption('pool')).click();
  await saveAndLeave(page);
  expect(await storedAnnotations(simClient, RKE2, 'default/e2e-zh'), 'e2e-zh annotations').toEqual(poolWithHealthCheckAnnotations());

  await open(page, dashboardUrl, paths.services(RKE2), `${ SEL.table.rows }:has-text("${ SERVICES.webShared }")`);
  await expectZhColumns(page, ['LB Mode', 'LB Address'], 'Services list');
  const row = (await visibleTexts(page, `${ SEL.table.rows }:has-text("${ SERVICES.webShared }")`))[0];

  expect(row, 'the Services list\'s LB cells in zh-hans').not.toMatch(/Shares /);
  expect(row, 'the Services list\'s LB cells in zh-hans').not.toMatch(/\bPending\b/);
  await shot('services-list-zh');
});

test('zh-hans: editing a health check and the pending load balancer\'s detail show no English', async({
  simClient, page, dashboardUrl, shot
}) => {
  await useLanguage(page, dashboardUrl, simClient, 'zh-hans');
  await open(page, dashboardUrl, paths.serviceEdit(RKE2, 'default', SERVICES.webPool), SEL.cru.tabButton('add-on-config'));
  await openAddOnConfig(page);
  await setChecked(page, SEL.hc.enabled, true);
  await expectNoEnglish(page, 'Add-on Config, editing web-pool');

  await open(page, dashboardUrl, paths.service(RKE2, 'default', SERVICES.pendingNetChanged), SEL.cru.tabButton('add-on-config'));
  await openTab(page, 'add-on-config', SEL.lb.hostStatus);
  await page.locator(SEL.lb.hostReasons).waitFor();
  // Harvester's own condition message is data, not the extension's text: it stays as Harvester wrote it.
  await expectNoEnglish(page, 'Add-on Config, detail of network-changed');
  await shot('lb-detail-pending-zh', { tall: true });
});

test('zh-hans: a Harvester StorageClass on a host class, with no English on the form', async({
  simClient, page, dashboardUrl, shot
}) => {
  await useLanguage(page, dashboardUrl, simClient, 'zh-hans');
  await startHarvesterStorageClass(page, dashboardUrl, 'replica-2-zh');
  await expectNoEnglish(page, 'StorageClass form, host default');
  await choose(page, SEL.storage.hostClass, new RegExp(`^\\s*${ HOST_STORAGE_CLASSES.replica2 }\\b`));
  await page.locator(SEL.storage.rbac).waitFor();
  await expectNoEnglish(page, 'StorageClass form, custom host class');
  await shot('storageclass-form-zh', { tall: true });
  await saveAndLeave(page);
  const sc = await simClient.object(RKE2, STORAGE_CLASS_TYPE, 'replica-2-zh');

  expect(sc?.parameters, 'replica-2-zh parameters').toEqual({ hostStorageClass: HOST_STORAGE_CLASSES.replica2 });
  await open(page, dashboardUrl, paths.storageClasses(RKE2), `${ SEL.table.rows }:has-text("replica-2-zh")`);
  await expectZhColumns(page, ['Host StorageClass'], 'StorageClass list');
});

test('zh-hans: the Harvester integration page and card show no English', async({ simClient, page, dashboardUrl }) => {
  await useLanguage(page, dashboardUrl, simClient, 'zh-hans');
  await open(page, dashboardUrl, paths.overview(RKE2), SEL.overview.lbCounts);
  expect(((await page.locator(SEL.overview.component('cloudProvider')).textContent()) || '').replace(/\s+/g, ' '), 'the provider, in Chinese').toContain('已安装，版本 0.2.7');
  await expectNoEnglish(page, 'Harvester integration page');
  await open(page, dashboardUrl, paths.clusterHome(RKE2), SEL.overview.card);
  await expectNoEnglish(page, 'Harvester integration card', [SEL.overview.card]);
});

test('zh-hans: the Topology page, node columns and card show no English (then back to English)', async({
  simClient, page, dashboardUrl, shot
}) => {
  await useLanguage(page, dashboardUrl, simClient, 'zh-hans');
  await openTopology(page, dashboardUrl);
  await expectNoEnglish(page, 'Topology page');
  await shot('topology-zh', { doc: 'topology-zh.png', tall: true });

  await open(page, dashboardUrl, paths.nodes(RKE2), `${ SEL.table.rows }:has-text("${ RKE2_NODES[0] }")`);
  await expectZhColumns(page, ['Region', 'Zone'], 'node list');
  await open(page, dashboardUrl, paths.clusterHome(RKE2), SEL.topology.card);
  await expectNoEnglish(page, 'Topology card');

  await useLanguage(page, dashboardUrl, simClient, 'en-us');
  // A fresh page load, which takes the language from the server, is in English again.
  await open(page, dashboardUrl, paths.prefs(), PREFS_LANGUAGE);
  expect(await selectedText(page, PREFS_LANGUAGE), 'the language after switching back').toBe(LANGUAGES['en-us']);
});
