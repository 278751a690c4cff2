/**
 * The VolumeSnapshotClass page (registered for a type the shell has no editor for) saves through Steve, and the
 * StorageClass form marks the host classes that serve RWX: on every backend and build, in English, and on the
 * simulator in Simplified Chinese too, with axe on each screen. The simulator's rke2-guest runs CSI v0.2.4 (local
 * snapshots yes, backups (v0.2.8) not yet); the real stack's v0.2.9.
 */
import type { Page } from '@playwright/test';
import { HOST_STORAGE_CLASSES } from '../../lab/world/ids';
import { expect, test } from './fixtures';
import { useLanguage } from './lib/language';
import { SEL } from './lib/selectors';
import { RKE2, startHarvesterStorageClass } from './lib/demoSteps';
import { choose, typeInto, visibleTexts } from './lib/fields';
import { expectNoEnglish } from './lib/leftoverEnglish';
import { open, paths, STEP_MS } from './lib/pages';
import { VERSIONS } from './needs';
import { seriousViolations } from './lib/axe';

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

test('snapshot classes and RWX: a backup class, and which host classes serve RWX', VERSIONS, async({
  page, dashboardUrl, sim, shot
}) => {
  await startSnapshotClass(page, dashboardUrl, 'nightly-backup');
  await page.locator(VSC.type('backup')).click();
  await page.locator(VSC.policy('Retain')).click();
  // rke2-guest's CSI driver: 0.2.4 in the simulator's demo (backups need 0.2.8), 0.2.9 on the real stack.
  expect(await visibleTexts(page, VSC.warning), 'the version warning next to the type').toEqual(sim.kind === 'simulator' ? [
    'The Harvester CSI driver on this cluster is version 0.2.4: backups need 0.2.8 or later, so this class takes local snapshots.'
  ] : []);
  expect(await visibleTexts(page, `${ VSC.root } .radio-label`), 'the options, translated').toEqual([
    'Local snapshot on the Harvester host', 'Backup to the Harvester host\'s backup target',
    'Delete: the snapshot on the host goes with the VolumeSnapshot', 'Retain: the snapshot on the host stays when the VolumeSnapshot is deleted',
  ]);
  await noSeriousViolations(page, VSC.root, 'VolumeSnapshotClass form, backup');
  await shot('snapshotclass-form', { doc: sim.kind === 'simulator' ? 'snapshotclass-form.png' : undefined, tall: true });
  await page.locator(VSC.save).click();
  // Saved through Steve: what the server stores (the stack's kube-apiserver where it serves the cluster).
  await expect.poll(async() => ((await sim.client.object(RKE2, TYPE, 'nightly-backup')) as any) || null, { message: 'the stored class', timeout: STEP_MS })
    .toMatchObject({
      driver: 'driver.harvesterhci.io', deletionPolicy: 'Retain', parameters: { type: 'backup' }
    });

  await startHarvesterStorageClass(page, dashboardUrl, 'shared-guest');
  await expect(page.locator(SEL.storage.rwxSupport), 'the host default, migratable').toContainText('cannot serve ReadWriteMany', { timeout: STEP_MS });
  await choose(page, SEL.storage.hostClass, new RegExp(`^\\s*${ HOST_STORAGE_CLASSES.rwx } .*RWX`));
  await expect(page.locator(SEL.storage.rwxSupport)).toContainText(`Host StorageClass ${ HOST_STORAGE_CLASSES.rwx } can serve ReadWriteMany volumes`);
  await expect(page.locator(`${ SEL.storage.rwx } li`)).toHaveCount(3);
  await noSeriousViolations(page, SEL.storage.root, 'StorageClass form, RWX host class');
  await shot('storageclass-rwx', { doc: sim.kind === 'simulator' ? 'storageclass-rwx.png' : undefined, tall: true });
});

test('zh-hans: the VolumeSnapshotClass page blocks a near miss of backup, and the RWX note, with no English', async({
  simClient, page, dashboardUrl, shot
}) => {
  await useLanguage(page, dashboardUrl, simClient, 'zh-hans');
  await startSnapshotClass(page, dashboardUrl, 'near-miss');
  await page.locator(VSC.addParam).click();
  await page.locator(VSC.params).nth(0).fill('type');
  await page.locator(VSC.params).nth(1).fill('Backup');
  await page.locator(VSC.save).click();
  expect(await visibleTexts(page, VSC.error), 'the error next to the type').toEqual([
    '“Backup”不是精确值 backup：驱动会改为创建本地快照。请写成小写的 backup，不带空格。'
  ]);
  await expect(page.locator(VSC.failure)).toHaveText('请先修正标记的字段；没有发送任何请求。');
  expect(await simClient.object(RKE2, TYPE, 'near-miss'), 'nothing sent').toBeNull();
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
