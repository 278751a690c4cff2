/** A Harvester StorageClass on a host StorageClass, through the shell's StorageClass wizard. */
import { HOST_STORAGE_CLASSES } from '../../lab/world/ids';
import { expect, test } from './fixtures';
import { SEL } from './lib/selectors';
import { RKE2, saveAndLeave, startHarvesterStorageClass, STORAGE_CLASS_TYPE } from './lib/demoSteps';
import { choose, selectedText, visibleTexts } from './lib/fields';
import { open, paths } from './lib/pages';

test('6. a Harvester StorageClass replica-2-guest on host class replica-2', async({
  simClient, page, dashboardUrl, shot
}) => {
  await startHarvesterStorageClass(page, dashboardUrl, 'replica-2-guest');
  await choose(page, SEL.storage.hostClass, new RegExp(`^\\s*${ HOST_STORAGE_CLASSES.replica2 }\\b`));
  expect(await selectedText(page, SEL.storage.hostClass), 'host StorageClass shown').toMatch(new RegExp(`^${ HOST_STORAGE_CLASSES.replica2 } · `));
  expect(await visibleTexts(page, SEL.storage.error), 'errors shown').toEqual([]);
  // A custom host class starts the driver version and RBAC checks; the demo guest lacks the RBAC.
  await page.locator(SEL.storage.rbac).waitFor();
  await shot('storageclass-form', { doc: 'storageclass-form.png', tall: true });
  await saveAndLeave(page);

  const sc = await simClient.object(RKE2, STORAGE_CLASS_TYPE, 'replica-2-guest');

  expect(sc, 'the stored StorageClass replica-2-guest').not.toBeNull();
  expect(sc!.provisioner, 'provisioner').toBe('driver.harvesterhci.io');
  expect(sc!.parameters, 'parameters').toEqual({ hostStorageClass: HOST_STORAGE_CLASSES.replica2 });

  // The list shows the host class in the extension's column.
  await open(page, dashboardUrl, paths.storageClasses(RKE2), `${ SEL.table.rows }:has-text("replica-2-guest")`);
  expect(await visibleTexts(page, SEL.table.headerCells), 'the StorageClass list\'s columns').toContain('Host StorageClass');
  const row = (await visibleTexts(page, `${ SEL.table.rows }:has-text("replica-2-guest")`))[0];

  expect(row, 'the row of replica-2-guest').toContain(HOST_STORAGE_CLASSES.replica2);
  await shot('storageclass-list');
});
