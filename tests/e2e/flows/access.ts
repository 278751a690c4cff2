/**
 * Flow 8: the read-only viewer sees the extension's parts and can change nothing.
 * Flow 9: on a cluster not on Harvester the extension adds nothing.
 */
import { PLAIN_CLUSTER, SERVICES } from '../../../simulator/demo/ids';
import { expect, expectEqual, Flow } from '../runner';
import { SEL } from '../selectors';
import {
  login, newUserContext, open, openTab, paths, USERS, visibleTexts
} from '../ui';
import { asAdmin, RKE2 } from './loadbalancer';
import { openTopology } from './topology';

const PLAIN = PLAIN_CLUSTER.id;
/** Words of the row actions that change something (the shell's en-us labels). */
const WRITE_ACTIONS = /Edit Config|Edit YAML|Clone|Delete/;

export const accessFlows: Flow[] = [
  {
    name: '8. the viewer sees the extension read-only and no write of theirs reaches the simulator',
    async run(ctx) {
      await ctx.sim.reset();
      const { context, page } = await newUserContext(ctx.browser);

      try {
        await login(page, ctx.dashboardUrl, USERS.viewer);

        // Services: the LB columns, no Create, no row action that writes.
        await open(page, ctx.dashboardUrl, paths.services(RKE2), `${ SEL.table.rows }:has-text("${ SERVICES.webPool }")`);
        const headers = await visibleTexts(page, SEL.table.headerCells);

        expect(headers.includes('LB Mode') && headers.includes('LB Address'), `the viewer's Services list has no LB columns: ${ headers.join(' | ') }`);
        expectEqual(await page.locator(SEL.table.createBtn).count(), 0, 'Create buttons on the viewer\'s Services list');
        const row = page.locator(`${ SEL.table.rows }:has-text("${ SERVICES.webPool }")`).first();

        await row.locator(SEL.table.rowActions).click();
        const menu = (await visibleTexts(page, SEL.openMenu)).join(' ');

        expect(!WRITE_ACTIONS.test(menu), `the viewer's row actions offer a change: ${ menu }`);
        await page.keyboard.press('Escape');
        await ctx.shot('viewer-services', { page });

        // The detail page: the Add-on Config tab, read only.
        await open(page, ctx.dashboardUrl, paths.service(RKE2, 'default', SERVICES.webPool), SEL.cru.tabButton('add-on-config'));
        await openTab(page, 'add-on-config', SEL.lb.root);
        await page.locator(SEL.hc.support).waitFor();
        expectEqual(await page.locator(SEL.lb.editable).count(), 0, 'controls the viewer could change in the Add-on Config tab');
        const actions = page.locator(SEL.detailActions);

        if (await actions.count()) {
          await actions.first().click();
          const offered = (await visibleTexts(page, SEL.openMenu)).join(' ');

          expect(!WRITE_ACTIONS.test(offered), `the viewer's detail page offers a change: ${ offered }`);
          await page.keyboard.press('Escape');
        }
        await ctx.shot('viewer-service-detail', { page, tall: true });

        // StorageClasses: the host class column, no Create.
        await open(page, ctx.dashboardUrl, paths.storageClasses(RKE2), `${ SEL.table.rows }:has-text("harvester")`);
        const scHeaders = await visibleTexts(page, SEL.table.headerCells);

        expect(scHeaders.includes('Host StorageClass'), `the viewer's StorageClass list has no Host StorageClass column: ${ scHeaders.join(' | ') }`);
        expectEqual(await page.locator(SEL.table.createBtn).count(), 0, 'Create buttons on the viewer\'s StorageClass list');

        // Topology: readable; the viewer is no member of the Harvester cluster, and the page says so.
        await openTopology({ page, dashboardUrl: ctx.dashboardUrl }, RKE2);
        expect((await page.locator(SEL.topology.region).count()) === 2, 'the viewer\'s Topology page does not show the two regions');
        await ctx.shot('viewer-topology', { page, tall: true });

        const writes = (await ctx.sim.writesBy('viewer')).filter((r) => !/userpreference|ext\.cattle\.io\.selfuser/.test(r.path));

        expectEqual(writes.map((r) => `${ r.method } ${ r.path }`), [], 'writes the viewer sent');
      } finally {
        await context.close();
      }
    },
  },
  {
    name: '9. on plain-cluster (not on Harvester) none of the extension\'s tabs or columns appear',
    async run(ctx) {
      const { page } = ctx;

      await ctx.sim.reset();
      await asAdmin(ctx);

      await open(page, ctx.dashboardUrl, paths.services(PLAIN), `${ SEL.table.rows }:has-text("${ SERVICES.plainLb }")`);
      const headers = await visibleTexts(page, SEL.table.headerCells);

      expect(!headers.includes('LB Mode') && !headers.includes('LB Address'), `plain-cluster's Services list has LB columns: ${ headers.join(' | ') }`);

      await open(page, ctx.dashboardUrl, paths.serviceEdit(PLAIN, 'default', SERVICES.plainLb), SEL.cru.tabButton('define-service-ports'));
      await page.waitForTimeout(1000);
      expectEqual(await page.locator(SEL.cru.tabButton('add-on-config')).count(), 0, 'Add-on Config tabs on plain-cluster\'s Service edit page');
      expectEqual(await page.locator(SEL.lb.root).count(), 0, 'the extension\'s Add-on Config on plain-cluster');

      await open(page, ctx.dashboardUrl, paths.serviceCreate(PLAIN), SEL.cru.subtype('LoadBalancer'));
      await page.locator(SEL.cru.subtype('LoadBalancer')).click();
      await page.locator(SEL.cru.tabButton('define-service-ports')).waitFor();
      await page.waitForTimeout(1000);
      expectEqual(await page.locator(SEL.cru.tabButton('add-on-config')).count(), 0, 'Add-on Config tabs on plain-cluster\'s Service create page');

      await open(page, ctx.dashboardUrl, paths.storageClasses(PLAIN), SEL.table.rows);
      const scHeaders = await visibleTexts(page, SEL.table.headerCells);

      expect(!scHeaders.includes('Host StorageClass'), `plain-cluster's StorageClass list has a Host StorageClass column: ${ scHeaders.join(' | ') }`);

      await open(page, ctx.dashboardUrl, paths.nodes(PLAIN), SEL.table.rows);
      const nodeHeaders = await visibleTexts(page, SEL.table.headerCells);

      expect(!nodeHeaders.includes('Region') && !nodeHeaders.includes('Zone'), `plain-cluster's node list has Region/Zone columns: ${ nodeHeaders.join(' | ') }`);

      await open(page, ctx.dashboardUrl, paths.clusterHome(PLAIN), 'main');
      await page.waitForTimeout(3000);
      expectEqual(await page.locator(SEL.topology.card).count(), 0, 'topology cards on plain-cluster\'s dashboard');
      // Nothing was written on plain-cluster (opening its edit pages included).
      expectEqual((await ctx.sim.resourceWrites()).map((w) => `${ w.method } ${ w.path }`), [], 'writes');
      await ctx.shot('plain-cluster-services');
    },
  },
];
