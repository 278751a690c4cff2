/**
 * The main flows once more in Simplified Chinese, switched in the dashboard's own preferences page: every screen of
 * the extension is checked for English left over from pkg/harvester-cloud-ui/l10n/en-us.yaml (the extension's
 * strings only), and what is saved is checked in the simulator as in English. The last flow switches back.
 */
import { HOST_STORAGE_CLASSES, RKE2_NODES, SERVICES } from '../../../simulator/demo/ids';
import { expect, expectEqual, Flow, FlowContext } from '../runner';
import { SEL } from '../selectors';
import {
  choose, englishFragments, expectNoEnglish, open, openAddOnConfig, openTab, paths, selectedText, setChecked, typeInto, visibleTexts
} from '../ui';
import {
  asAdmin, fillPoolWithHealthCheck, poolWithHealthCheckAnnotations, RKE2, saveAndLeave, sorted, storedAnnotations
} from './loadbalancer';
import { startHarvesterStorageClass, STORAGE_CLASS_TYPE } from './storage';
import { openTopology } from './topology';

const LANGUAGES = { 'zh-hans': '简体中文', 'en-us': 'English' } as const;
const PREFS_LANGUAGE = SEL.prefs.language;

/** Picks the language in the dashboard's preferences (kept by the dashboard in a cookie) and waits for it. */
export async function useLanguage(ctx: FlowContext, locale: keyof typeof LANGUAGES): Promise<void> {
  const { page } = ctx;

  await open(page, ctx.dashboardUrl, paths.prefs(), PREFS_LANGUAGE);
  if ((await selectedText(page, PREFS_LANGUAGE)) !== LANGUAGES[locale]) {
    await choose(page, `${ PREFS_LANGUAGE } .v-select`, LANGUAGES[locale]);
  }
  await page.waitForFunction(([sel, label]) => document.querySelector(`${ sel } .vs__selected`)?.textContent?.trim() === label, [PREFS_LANGUAGE, LANGUAGES[locale]]);
  // The shell loads the language's translations (its own and the extension's) after the switch.
  await page.waitForTimeout(1500);
}

/** The extension's column headers of a list: none may be the English one. */
async function expectZhColumns(ctx: FlowContext, english: string[], screen: string): Promise<void> {
  const headers = await visibleTexts(ctx.page, SEL.table.headerCells);
  const left = english.filter((h) => headers.includes(h));

  expect(!left.length, `${ screen }: English column headers in zh-hans: ${ left.join(', ') } (headers: ${ headers.join(' | ') })`);
}

export const languageFlows: Flow[] = [
  {
    name: 'zh-hans: creating a LoadBalancer (IP pool, health check; DHCP and sharing shown) shows no English',
    async run(ctx) {
      const { page } = ctx;

      expect(englishFragments().length > 50, 'the English strings of the extension could not be read');
      await ctx.sim.reset();
      await asAdmin(ctx);
      await useLanguage(ctx, 'zh-hans');
      await fillPoolWithHealthCheck(ctx, 'e2e-zh');
      await expectNoEnglish(page, 'Add-on Config, IP pool with a health check');
      // A field's message, in Chinese.
      await typeInto(page, SEL.hc.number('failureThreshold'), '0');
      await page.locator(SEL.hc.error('failureThreshold')).waitFor();
      await expectNoEnglish(page, 'Add-on Config, a field with an error');
      await ctx.shot('lb-create-zh', { tall: true });
      await typeInto(page, SEL.hc.number('failureThreshold'), '3');
      await page.locator(SEL.lb.sourceOption('dhcp')).click();
      await page.locator(SEL.lb.network).waitFor();
      await expectNoEnglish(page, 'Add-on Config, DHCP');
      await page.locator(SEL.lb.sourceOption('share')).click();
      await page.locator(SEL.lb.primaryError).waitFor();
      await expectNoEnglish(page, 'Add-on Config, sharing');
      await page.locator(SEL.lb.sourceOption('pool')).click();
      await saveAndLeave(ctx);
      expectEqual(sorted(await storedAnnotations(ctx, RKE2, 'default/e2e-zh')), sorted(poolWithHealthCheckAnnotations()), 'e2e-zh annotations');

      await open(page, ctx.dashboardUrl, paths.services(RKE2), `${ SEL.table.rows }:has-text("${ SERVICES.webShared }")`);
      await expectZhColumns(ctx, ['LB Mode', 'LB Address'], 'Services list');
      const row = (await visibleTexts(page, `${ SEL.table.rows }:has-text("${ SERVICES.webShared }")`))[0];

      expect(!/Shares /.test(row) && !/\bPending\b/.test(row), `the Services list shows English LB cells: ${ row }`);
      await ctx.shot('services-list-zh');
    },
  },
  {
    name: 'zh-hans: editing a health check and the pending load balancer\'s detail show no English',
    async run(ctx) {
      const { page } = ctx;

      await ctx.sim.reset();
      await asAdmin(ctx);
      await useLanguage(ctx, 'zh-hans');
      await open(page, ctx.dashboardUrl, paths.serviceEdit(RKE2, 'default', SERVICES.webPool), SEL.cru.tabButton('add-on-config'));
      await openAddOnConfig(page);
      await setChecked(page, SEL.hc.enabled, true);
      await expectNoEnglish(page, 'Add-on Config, editing web-pool');

      await open(page, ctx.dashboardUrl, paths.service(RKE2, 'default', SERVICES.webDhcp), SEL.cru.tabButton('add-on-config'));
      await openTab(page, 'add-on-config', SEL.lb.hostStatus);
      await page.locator(SEL.lb.hostReasons).waitFor();
      // Harvester's own condition message is data, not the extension's text: it stays as Harvester wrote it.
      await expectNoEnglish(page, 'Add-on Config, detail of web-dhcp');
      await ctx.shot('lb-detail-pending-zh', { tall: true });
    },
  },
  {
    name: 'zh-hans: a Harvester StorageClass on a host class, with no English on the form',
    async run(ctx) {
      const { page } = ctx;

      await ctx.sim.reset();
      await asAdmin(ctx);
      await useLanguage(ctx, 'zh-hans');
      await startHarvesterStorageClass(ctx, 'replica-2-zh');
      await expectNoEnglish(page, 'StorageClass form, host default');
      await choose(page, SEL.storage.hostClass, new RegExp(`^\\s*${ HOST_STORAGE_CLASSES.replica2 }\\b`));
      await page.locator(SEL.storage.rbac).waitFor();
      await expectNoEnglish(page, 'StorageClass form, custom host class');
      await ctx.shot('storageclass-form-zh', { tall: true });
      await saveAndLeave(ctx);
      const sc = await ctx.sim.object(RKE2, STORAGE_CLASS_TYPE, 'replica-2-zh');

      expectEqual(sc?.parameters, { hostStorageClass: HOST_STORAGE_CLASSES.replica2 }, 'replica-2-zh parameters');
      await open(page, ctx.dashboardUrl, paths.storageClasses(RKE2), `${ SEL.table.rows }:has-text("replica-2-zh")`);
      await expectZhColumns(ctx, ['Host StorageClass'], 'StorageClass list');
    },
  },
  {
    name: 'zh-hans: the Topology page, node columns and card show no English (then back to English)',
    async run(ctx) {
      const { page } = ctx;

      await ctx.sim.reset();
      await asAdmin(ctx);
      try {
        await useLanguage(ctx, 'zh-hans');
        await openTopology(ctx);
        await expectNoEnglish(page, 'Topology page');
        await ctx.shot('topology-zh', { doc: 'topology-zh.png', tall: true });

        await open(page, ctx.dashboardUrl, paths.nodes(RKE2), `${ SEL.table.rows }:has-text("${ RKE2_NODES[0] }")`);
        await expectZhColumns(ctx, ['Region', 'Zone'], 'node list');
        await open(page, ctx.dashboardUrl, paths.clusterHome(RKE2), SEL.topology.card);
        await expectNoEnglish(page, 'Topology card');
      } finally {
        await useLanguage(ctx, 'en-us');
      }
      expect((await page.locator(PREFS_LANGUAGE).innerText()).includes(LANGUAGES['en-us']), 'the dashboard did not switch back to English');
    },
  },
];
