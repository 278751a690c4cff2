/**
 * The storage screens inside Rancher's production builds: the VolumeSnapshotClass page (registered for a type the
 * shell has no editor for) saves through Steve, and the StorageClass wizard shows the RWX mark of the host class.
 */
import { HOST_STORAGE_CLASSES, RKE2_GUEST } from '../../simulator/demo/ids';
import { SEL } from '../e2e/selectors';
import { paths, STEP_MS } from '../e2e/pages';
import { expect, test } from './fixtures';

const TYPE = 'snapshot.storage.k8s.io.volumesnapshotclass';

test('the VolumeSnapshotClass page creates a backup class, and the StorageClass wizard marks the RWX host class', async({ adminPage: page, sim }) => {
  sim.reset();
  await page.goto(`${ sim.dashboard }${ paths.snapshotClassNew(RKE2_GUEST.id) }`, { waitUntil: 'commit' });
  await page.locator(SEL.snapshotClass.name).fill('compat-backup', { timeout: 3 * STEP_MS });
  await page.locator(SEL.snapshotClass.type('backup')).click();
  if (sim.simulated) {
    // The simulator's guest runs CSI driver 0.2.4; the stack's runs 0.2.9 (../shared/harvester), which backs up.
    await expect(page.locator(SEL.snapshotClass.warning)).toContainText('backups need 0.2.8 or later');
  }
  await page.locator(SEL.snapshotClass.save).click();
  await expect.poll(async() => (await sim.client.object(RKE2_GUEST.id, TYPE, 'compat-backup') as any)?.parameters, { timeout: STEP_MS }).toEqual({ type: 'backup' });

  await page.goto(`${ sim.dashboard }${ paths.storageClassCreate(RKE2_GUEST.id) }`, { waitUntil: 'commit' });
  await page.locator(SEL.storage.provisioner).click({ timeout: 3 * STEP_MS });
  await page.locator(SEL.dropdown.options).filter({ hasText: /Harvester \(CSI\)/ }).first().click();
  // The host's classes are read through Rancher's proxy: the default class's RWX notice says they are in.
  await expect(page.locator(SEL.storage.rwxSupport)).toContainText('cannot serve ReadWriteMany', { timeout: STEP_MS });
  await page.locator(SEL.storage.hostClass).click({ timeout: STEP_MS });
  await expect(page.locator(SEL.dropdown.options).filter({ hasText: new RegExp(`^\\s*${ HOST_STORAGE_CLASSES.rwx } .*RWX`) })).toHaveCount(1);
});
