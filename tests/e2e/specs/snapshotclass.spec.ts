/**
 * The VolumeSnapshotClass page and the RWX marks of the StorageClass form, in English and in Simplified Chinese,
 * with axe on each screen. rke2-guest runs CSI v0.2.4: local snapshots yes, backups (v0.2.8) not yet.
 */
import type { Page } from '@playwright/test';
import { HOST_STORAGE_CLASSES } from '../../../simulator/demo/ids';
import { expect, test } from '../fixtures';
import { useLanguage } from '../language';
import { SEL } from '../selectors';
import { RKE2, startHarvesterStorageClass } from '../steps';
import { choose, typeInto, visibleTexts } from '../fields';
import { expectNoEnglish } from '../leftoverEnglish';
import { open, paths } from '../pages';
import { seriousViolations } from '../axe';

const TYPE = 'snapshot.storage.k8s.io.volumesnapshotclass';
const VSC = SEL.snapshotClass;

async function noSeriousViolations(page: Page, root: string, screen: string): Promise<void> {
  const found = await seriousViolations(page, root);

  expect(found.map((v) => `${ v.id }: ${ v.nodes.join(' | ') }`), `axe, ${ screen }`).toEqual([]);
}

async function startSnapshotClass(page: Page, dashboardUrl: string, name: string): Promise<void> {
  await open(page, dashboardUrl, paths.snapshotClassNew(RKE2), VSC.name);
  await typeInto(page, VSC.name, name);
}

test('snapshot classes and RWX: a backup class on CSI v0.2.4, and which host classes serve RWX', async({
  page, dashboardUrl, sim, shot
}) => {
  await startSnapshotClass(page, dashboardUrl, 'nightly-backup');
  await page.locator(VSC.type('backup')).click();
  await page.locator(VSC.policy('Retain')).click();
  expect(await visibleTexts(page, VSC.warning), 'the version warning next to the type').toEqual([
    'The Harvester CSI driver on this cluster is version 0.2.4: backups need 0.2.8 or later, so this class takes local snapshots.'
  ]);
  expect(await visibleTexts(page, `${ VSC.root } .radio-label`), 'the options, translated').toEqual([
    'Local snapshot on the Harvester host', 'Backup to the Harvester host\'s backup target',
    'Delete: the snapshot on the host goes with the VolumeSnapshot', 'Retain: the snapshot on the host stays when the VolumeSnapshot is deleted',
  ]);
  await noSeriousViolations(page, VSC.root, 'VolumeSnapshotClass form, backup on an old driver');
  await shot('snapshotclass-form', { doc: 'snapshotclass-form.png', tall: true });
  await page.locator(VSC.save).click();
  await expect.poll(() => sim.object(RKE2, TYPE, 'nightly-backup'), { message: 'the stored class' }).not.toBeNull();
  const saved: any = await sim.object(RKE2, TYPE, 'nightly-backup');

  expect([saved.driver, saved.deletionPolicy, saved.parameters]).toEqual(['driver.harvesterhci.io', 'Retain', { type: 'backup' }]);

  await startHarvesterStorageClass(page, dashboardUrl, 'shared-guest');
  await expect(page.locator(SEL.storage.rwxSupport), 'the host default, migratable').toContainText('cannot serve ReadWriteMany');
  await choose(page, SEL.storage.hostClass, new RegExp(`^\\s*${ HOST_STORAGE_CLASSES.rwx } .*RWX`));
  await expect(page.locator(SEL.storage.rwxSupport)).toContainText(`Host StorageClass ${ HOST_STORAGE_CLASSES.rwx } can serve ReadWriteMany volumes`);
  await expect(page.locator(`${ SEL.storage.rwx } li`)).toHaveCount(3);
  await noSeriousViolations(page, SEL.storage.root, 'StorageClass form, RWX host class');
  await shot('storageclass-rwx', { doc: 'storageclass-rwx.png', tall: true });
});

test('zh-hans: the VolumeSnapshotClass page blocks a near miss of backup, and the RWX note, with no English', async({
  page, dashboardUrl, sim, shot
}) => {
  await useLanguage(page, dashboardUrl, sim, 'zh-hans');
  await startSnapshotClass(page, dashboardUrl, 'near-miss');
  await page.locator(VSC.addParam).click();
  await page.locator(VSC.params).nth(0).fill('type');
  await page.locator(VSC.params).nth(1).fill('Backup');
  await page.locator(VSC.save).click();
  expect(await visibleTexts(page, VSC.error), 'the error next to the type').toEqual([
    '“Backup”不是精确值 backup：驱动会改为创建本地快照。请写成小写的 backup，不带空格。'
  ]);
  await expect(page.locator(VSC.failure)).toHaveText('请先修正标记的字段；没有发送任何请求。');
  expect(await sim.object(RKE2, TYPE, 'near-miss'), 'nothing sent').toBeNull();
  await expectNoEnglish(page, 'VolumeSnapshotClass form with an error', [VSC.root]);
  expect(await page.locator(VSC.root).innerText(), 'no untranslated key').not.toContain('%harvester');
  await noSeriousViolations(page, VSC.root, 'VolumeSnapshotClass form with an error (zh-hans)');
  await shot('snapshotclass-form-zh', { tall: true });

  await startHarvesterStorageClass(page, dashboardUrl, 'shared-zh');
  await choose(page, SEL.storage.hostClass, new RegExp(`^\\s*${ HOST_STORAGE_CLASSES.rwx } .*RWX`));
  await expect(page.locator(SEL.storage.rwxSupport)).toContainText('可以提供 ReadWriteMany 卷');
  await expectNoEnglish(page, 'StorageClass form, RWX host class');
  await noSeriousViolations(page, SEL.storage.root, 'StorageClass form, RWX host class (zh-hans)');
});
