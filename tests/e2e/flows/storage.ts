/** Flow 6: a Harvester StorageClass on a host StorageClass, through the shell's StorageClass wizard. */
import { HOST_STORAGE_CLASSES } from '../../../simulator/demo/ids';
import { expect, expectEqual, Flow, FlowContext } from '../runner';
import { SEL } from '../selectors';
import {
  choose, open, paths, selectedText, typeInto, visibleTexts
} from '../ui';
import { asAdmin, RKE2, saveAndLeave } from './loadbalancer';

export const STORAGE_CLASS_TYPE = 'storage.k8s.io.storageclass';
/** The shell's label of provisioner driver.harvesterhci.io (storageClass.harvesterhci.title). */
export const HARVESTER_PROVISIONER_LABEL = /Harvester \(CSI\)|Harvester（CSI）|Harvester \(CSI）/;

/** Opens StorageClasses > Create on rke2-guest, names the class and picks the Harvester provisioner. */
export async function startHarvesterStorageClass(ctx: FlowContext, name: string, provisionerLabel: string | RegExp = HARVESTER_PROVISIONER_LABEL): Promise<void> {
  const { page } = ctx;

  await open(page, ctx.dashboardUrl, paths.storageClasses(RKE2), SEL.table.createBtn);
  await page.locator(SEL.table.createBtn).click();
  await page.locator(SEL.cru.name).waitFor();
  await typeInto(page, SEL.cru.name, name);
  await choose(page, SEL.storage.provisioner, provisionerLabel);
  await page.locator(SEL.storage.hostClass).waitFor();
  // The host's classes arrive through Rancher's proxy of the Harvester cluster.
  await page.waitForFunction((sel) => !document.querySelector(`${ sel } .vs__spinner`) || getComputedStyle(document.querySelector(`${ sel } .vs__spinner`) as Element).display === 'none', SEL.storage.hostClass);
}

export const storageFlows: Flow[] = [
  {
    name: '6. a Harvester StorageClass replica-2-guest on host class replica-2',
    async run(ctx) {
      const { page } = ctx;

      await ctx.sim.reset();
      await asAdmin(ctx);
      await startHarvesterStorageClass(ctx, 'replica-2-guest');
      await choose(page, SEL.storage.hostClass, new RegExp(`^\\s*${ HOST_STORAGE_CLASSES.replica2 }\\b`));
      expectEqual(await selectedText(page, SEL.storage.hostClass), HOST_STORAGE_CLASSES.replica2, 'host StorageClass shown');
      expectEqual(await visibleTexts(page, SEL.storage.error), [], 'errors shown');
      // A custom host class starts the driver version and RBAC checks; the demo guest lacks the RBAC.
      await page.locator(SEL.storage.rbac).waitFor();
      await ctx.shot('storageclass-form', { doc: 'storageclass-form.png', tall: true });
      await saveAndLeave(ctx);

      const sc = await ctx.sim.object(RKE2, STORAGE_CLASS_TYPE, 'replica-2-guest');

      expect(sc, 'the simulator has no StorageClass replica-2-guest');
      expectEqual(sc!.provisioner, 'driver.harvesterhci.io', 'provisioner');
      expectEqual(sc!.parameters, { hostStorageClass: HOST_STORAGE_CLASSES.replica2 }, 'parameters');

      // The list shows the host class in the extension's column.
      await open(page, ctx.dashboardUrl, paths.storageClasses(RKE2), `${ SEL.table.rows }:has-text("replica-2-guest")`);
      const headers = await visibleTexts(page, SEL.table.headerCells);

      expect(headers.includes('Host StorageClass'), `no "Host StorageClass" column: ${ headers.join(' | ') }`);
      const row = (await visibleTexts(page, `${ SEL.table.rows }:has-text("replica-2-guest")`))[0];

      expect(row.includes(HOST_STORAGE_CLASSES.replica2), `the row of replica-2-guest does not show its host class: ${ row }`);
      await ctx.shot('storageclass-list');
    },
  },
];
