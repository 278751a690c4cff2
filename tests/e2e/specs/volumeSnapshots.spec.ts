/**
 * Guest volumes, day 2 (issue 19): on rke2-guest (CSI v0.2.4) the PVC data-db-0's "Volume snapshots" tab takes a
 * snapshot (created from this PVC, listed in progress); a backup is refused before sending (backups need v0.2.8). In English and in Simplified Chinese. Rules R-VSN-* of docs/harvester-rules.md.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { useLanguage } from '../language';
import { SEL } from '../selectors';
import { RKE2 } from '../steps';
import { open } from '../ui';

const SNAPS = 'snapshot.storage.k8s.io.volumesnapshot';
const TAB = 'harvester-volume-snapshots';
const tid = (id: string) => `[data-testid="${ id }"]`;

async function openSnapshots(page: Page, dashboardUrl: string): Promise<void> {
  await open(page, dashboardUrl, `/c/${ RKE2 }/explorer/persistentvolumeclaim/default/data-db-0`, SEL.cru.tabButton(TAB));
  await page.locator(SEL.cru.tabButton(TAB)).click();
  await page.locator(tid('pvc-snapshots-table')).waitFor({ state: 'visible' });
}

// The snapshots this test made: the seeded ones (data-db-0-*-2026112*) are left out.
const SEEDED = ['data-db-0-snapshot-20261120093000', 'data-db-0-backup-20261121093000'];
const ours = async(sim: any, pattern: RegExp) => (await sim.objects(RKE2, SNAPS)).filter((s: any) => pattern.test(s.metadata.name) && !SEEDED.includes(s.metadata.name));

test('a snapshot taken from the PVC, a backup refused on CSI v0.2.4', async({
  page, dashboardUrl, sim, shot
}) => {
  await openSnapshots(page, dashboardUrl);
  await expect(page.locator(tid('pvc-snapshot-row-data-db-0-snapshot-20261120093000'))).toContainText('10Gi');

  // Backup: no usable class on v0.2.4, said before sending; nothing is created.
  await page.locator(tid('pvc-back-up')).click();
  await expect(page.locator(tid('volume-snapshot-gate')).first()).toContainText('backups need the Harvester CSI driver 0.2.8');
  await page.locator(tid('volume-snapshot-create')).click();
  await expect(page.locator(tid('volume-snapshot-failure'))).toHaveText('Fix the marked fields first; nothing was sent.');
  expect(await ours(sim, /^data-db-0-backup-\d{14}$/), 'no backup sent').toEqual([]);
  await page.locator(tid('volume-snapshot-cancel')).click();

  // Snapshot: prefilled name, created through Steve from this PVC with the offered class, listed at once. The e2e
  // simulator runs no controllers, so it stays "In progress" here; ready → restore → bound is played by the CSI
  // snapshot controller in tests/simulator/csiSnapshots.test.ts and the tab in tests/unit/volumesnapshot.
  await page.locator(tid('pvc-take-snapshot')).click();
  await page.locator(tid('volume-snapshot-create')).click();
  await expect.poll(async() => (await ours(sim, /^data-db-0-snapshot-\d{14}$/)).length, { message: 'the new snapshot created' }).toBe(1);
  const [snap] = await ours(sim, /^data-db-0-snapshot-\d{14}$/);

  expect(snap.spec).toMatchObject({ source: { persistentVolumeClaimName: 'data-db-0' }, volumeSnapshotClassName: 'harvester-snapshot' });
  await expect(page.locator(tid(`pvc-snapshot-row-${ snap.metadata.name }`))).toContainText('In progress');
  await shot('volume-snapshots', { doc: 'volume-snapshots.png', tall: true });
});

test('zh-hans: the Volume snapshots tab, a backup refused on CSI v0.2.4', async({ page, dashboardUrl, sim }) => {
  await useLanguage(page, dashboardUrl, sim, 'zh-hans');
  await openSnapshots(page, dashboardUrl);
  await expect(page.locator(tid('pvc-take-snapshot'))).toHaveText('创建快照');
  await expect(page.locator(tid('pvc-snapshot-row-data-db-0-snapshot-20261120093000'))).toContainText('就绪');
  await page.locator(tid('pvc-back-up')).click();
  await expect(page.locator(tid('volume-snapshot-gate')).first()).toContainText('备份需要 Harvester CSI 驱动 0.2.8');
  await page.locator(tid('volume-snapshot-create')).click();
  await expect(page.locator(tid('volume-snapshot-failure'))).toHaveText('请先修正标出的字段；未发送任何请求。');
  expect(await ours(sim, /^data-db-0-backup-\d{14}$/), 'no backup sent').toEqual([]);
});
