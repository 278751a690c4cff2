/**
 * Guest volumes, day 2 (issue 19), on rke2-guest (CSI v0.2.4), in English and in Simplified Chinese: a backup is
 * refused before sending (backups need v0.2.8); a snapshot taken from PVC data-db-0 gets ready, is restored to a
 * new PVC (a size below restoreSize and RWX refused next to their fields first), which the tab shows Pending, then
 * Bound (R-VSN-14); the cluster's VolumeSnapshots list (Storage group) shows it. The tab is checked with axe with
 * the take-snapshot form open and with the restore form open. Rules R-VSN-* of docs/harvester-rules.md.
 *
 * The e2e simulator runs the CSI driver's controllers only when a flow steps them (tests/e2e/demo.ts): each
 * `simClient.stepControllers()` below is the driver acting (the snapshot taken on the host, the restored volume made).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { useLanguage } from './lib/language';
import { SEL, inputOf } from './lib/selectors';
import { Shot } from './lib/shots';
import { SimClient } from '../../lab/backends/simClient';
import { RKE2 } from './lib/demoSteps';
import { choose, expectBeside } from './lib/fields';
import { open } from './lib/pages';
import { seriousViolations } from './lib/axe';

const SNAPS = 'snapshot.storage.k8s.io.volumesnapshot';
const TAB = 'harvester-volume-snapshots';
const tid = (id: string) => `[data-testid="${ id }"]`;
const sideLink = (path: string) => `nav a.type-link[href$="/c/${ RKE2 }/explorer/${ path }"], .side-nav a.type-link[href$="/c/${ RKE2 }/explorer/${ path }"]`;

const TEXT = {
  'en-us': {
    takeSnapshot: 'Take snapshot',
    backupGate:   'backups need the Harvester CSI driver 0.2.8',
    blocked:      'Fix the marked fields first; nothing was sent.',
    pending:      'In progress',
    ready:        'Ready',
    tooSmall:     '1Gi is smaller than the snapshot (10Gi): the new volume must be at least as large.',
    rwx:          'does not create ReadWriteMany volumes from snapshots',
    restored:     'Created from the snapshot:',
    phasePending: 'Pending',
    phaseBound:   'Bound',
    listTitle:    'Volume snapshots',
    kind:         'Local snapshot',
  },
  'zh-hans': {
    takeSnapshot: '创建快照',
    backupGate:   '备份需要 Harvester CSI 驱动 0.2.8',
    blocked:      '请先修正标出的字段；未发送任何请求。',
    pending:      '进行中',
    ready:        '就绪',
    tooSmall:     '1Gi 小于快照大小（10Gi）：新卷至少要与快照一样大。',
    rwx:          '不能从快照创建 ReadWriteMany 卷',
    restored:     '已从快照创建持久卷声明',
    phasePending: '等待绑定（Pending）',
    phaseBound:   '已绑定（Bound）',
    listTitle:    '卷快照',
    kind:         '本地快照',
  },
};

type Texts = typeof TEXT['en-us'];

// The snapshots this test made: the seeded ones are left out.
const SEEDED = ['data-db-0-snapshot-20261120093000', 'data-db-0-backup-20261121093000'];
const ours = async(simClient: SimClient, pattern: RegExp) => (await simClient.objects(RKE2, SNAPS)).filter((s: any) => pattern.test(s.metadata.name) && !SEEDED.includes(s.metadata.name));

/** axe on the whole PVC tab (its table, and the form open at the time). */
async function tabIsAccessible(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page, tid('pvc-snapshots')), `serious/critical accessibility violations on the PVC tab with ${ what }`).toEqual([]);
}

async function openSnapshots(page: Page, dashboardUrl: string): Promise<void> {
  await open(page, dashboardUrl, `/c/${ RKE2 }/explorer/persistentvolumeclaim/default/data-db-0`, SEL.cru.tabButton(TAB));
  await page.locator(SEL.cru.tabButton(TAB)).click();
  await page.locator(tid('pvc-snapshots-table')).waitFor({ state: 'visible' });
}

/** Backup: no usable class on v0.2.4, said before sending; nothing is created. */
async function backupRefused(page: Page, simClient: SimClient, t: Texts): Promise<void> {
  await page.locator(tid('pvc-back-up')).click();
  await expect(page.locator(tid('volume-snapshot-gate')).first()).toContainText(t.backupGate);
  await page.locator(tid('volume-snapshot-create')).click();
  await expect(page.locator(tid('volume-snapshot-failure'))).toHaveText(t.blocked);
  expect(await ours(simClient, /^data-db-0-backup-\d{14}$/), 'no backup sent').toEqual([]);
  await page.locator(tid('volume-snapshot-cancel')).click();
}

/** Snapshot: prefilled name, created from this PVC with the offered class; In progress until the driver acts. */
async function snapshotReady(page: Page, simClient: SimClient, t: Texts): Promise<string> {
  await expect(page.locator(tid('pvc-take-snapshot'))).toHaveText(t.takeSnapshot);
  await page.locator(tid('pvc-take-snapshot')).click();
  await page.locator(tid('volume-snapshot-form')).waitFor({ state: 'visible' });
  await tabIsAccessible(page, 'the take-snapshot form open');
  await page.locator(tid('volume-snapshot-create')).click();
  await expect.poll(async() => (await ours(simClient, /^data-db-0-snapshot-\d{14}$/)).length, { message: 'the new snapshot created' }).toBe(1);
  const [snap] = await ours(simClient, /^data-db-0-snapshot-\d{14}$/);
  const row = page.locator(tid(`pvc-snapshot-row-${ snap.metadata.name }`));

  expect(snap.spec).toMatchObject({ source: { persistentVolumeClaimName: 'data-db-0' }, volumeSnapshotClassName: 'harvester-snapshot' });
  await expect(row).toContainText(t.pending);
  expect(await simClient.stepControllers(), 'the CSI snapshotter took the snapshot').toBeGreaterThan(0);
  // The tab looks again every 2 s while a snapshot is in progress.
  await expect(row).toContainText(t.ready, { timeout: 15000 });
  await expect(row).toContainText('10Gi');

  return snap.metadata.name;
}

/** Restore: a size below restoreSize and RWX are refused next to their fields, nothing sent; then created. */
async function restore(page: Page, simClient: SimClient, t: Texts, snapshot: string, shot?: Shot): Promise<string> {
  const form = tid('volume-restore-form');
  const size = `${ form } ${ inputOf('volume-restore-size') }`;
  const messageUnder = (field: string) => `${ form } .col:has(${ tid(field) }) ${ tid('field-error') }`;
  const pvcWrites = async() => (await simClient.resourceWrites('/persistentvolumeclaims')).length;

  await page.locator(`${ tid(`pvc-snapshot-row-${ snapshot }`) } ${ tid('pvc-snapshot-restore') }`).click();
  await page.locator(size).fill('1Gi');
  await expect(page.locator(messageUnder('volume-restore-size'))).toHaveText(t.tooSmall);
  await expectBeside(page, size, messageUnder('volume-restore-size'), 'the size message');
  await choose(page, `${ form } ${ tid('volume-restore-mode') }`, 'ReadWriteMany');
  await expect(page.locator(messageUnder('volume-restore-mode'))).toContainText(t.rwx);
  await expectBeside(page, `${ form } ${ tid('volume-restore-mode') }`, messageUnder('volume-restore-mode'), 'the access mode message');
  await tabIsAccessible(page, 'the restore form open, its messages shown');
  await shot?.('volume-snapshot-restore', { doc: 'volume-snapshot-restore.png', tall: true });
  await page.locator(tid('volume-restore-create')).click();
  await expect(page.locator(tid('volume-restore-failure'))).toHaveText(t.blocked);
  expect(await pvcWrites(), 'no PVC sent').toBe(0);

  await page.locator(size).fill('10Gi');
  await choose(page, `${ form } ${ tid('volume-restore-mode') }`, 'ReadWriteOnce');
  await expect(page.locator(`${ form } ${ tid('field-error') }`)).toHaveCount(0);
  await page.locator(tid('volume-restore-create')).click();
  await expect(page.locator(tid('pvc-restored'))).toContainText(t.restored);
  const name = `${ snapshot }-restore`;

  await expect(page.locator(tid('pvc-restored-link'))).toHaveText(name);
  const pvc = await simClient.object(RKE2, 'persistentvolumeclaim', `default/${ name }`);

  expect(pvc?.spec).toMatchObject({
    dataSource: {
      apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: snapshot
    },
    accessModes: ['ReadWriteOnce'],
    resources:   { requests: { storage: '10Gi' } },
  });

  return name;
}

/** The cluster's VolumeSnapshots list, from the side menu's Storage group. */
async function snapshotsList(page: Page, t: Texts, snapshot: string): Promise<void> {
  await page.locator(sideLink('harvester-volume-snapshots-list')).first().click();
  await expect(page.locator(`${ tid('snapshots-page') } h1`)).toHaveText(t.listTitle);
  const row = page.locator(tid(`snapshots-row-default-${ snapshot }`));

  await expect(row).toContainText(t.ready);
  await expect(row).toContainText('data-db-0');
  await expect(row).toContainText(t.kind);
  await expect(page.locator(tid('snapshots-row-default-data-db-0-backup-20261121093000'))).toBeVisible();
}

/** The top bar's namespace picker filters the list (R-VSN-13): kube-system alone hides default's snapshots. */
async function namespacePicker(page: Page): Promise<void> {
  const seeded = page.locator(tid('snapshots-row-default-data-db-0-backup-20261121093000'));
  // The picker's menu stays open over the page after a pick; its backdrop closes it.
  const closeMenu = () => expect(async() => {
    if (await page.locator('.ns-glass').isVisible()) {
      await page.locator('.ns-glass').click();
    }
    await expect(page.locator(tid('namespaces-menu'))).toHaveCount(0);
  }).toPass();

  await page.locator(tid('namespaces-dropdown')).click();
  await page.locator('.ns-filter-input').fill('kube-system');
  await page.locator('.ns-option').filter({ hasText: /^\s*kube-system\s*$/ }).click();
  await closeMenu();
  await expect(page.locator(tid('snapshots-page-filtered'))).toContainText('VolumeSnapshots are in namespaces the namespace filter');
  await expect(seeded).toHaveCount(0);
  // Back to the shell's default (user namespaces): the picked namespace's own remove button.
  await page.locator(tid('namespaces-values-close-0')).click();
  await closeMenu();
  await expect(seeded).toBeVisible();
}

/** R-VSN-14: the tab shows the restored PVC Pending until the driver provisions it, then Bound (it looks every 3 s). */
async function boundInTab(page: Page, simClient: SimClient, t: Texts): Promise<void> {
  const phase = page.locator(tid('pvc-restored-phase'));

  await expect(phase).toHaveText(t.phasePending);
  await expect(page.locator(tid('pvc-restored-reason'))).toBeVisible();
  expect(await simClient.stepControllers(), 'the CSI driver provisioned the restored volume').toBeGreaterThan(0);
  await expect(phase).toHaveText(t.phaseBound, { timeout: 15000 });
  await expect(page.locator(tid('pvc-restored-reason'))).toHaveCount(0);
}

/** The restored PVC in the shell's PVC list, Bound. */
async function boundInList(page: Page, pvc: string): Promise<void> {
  await page.locator(sideLink('persistentvolumeclaim')).first().click();
  const row = page.locator(SEL.table.rows).filter({ hasText: pvc });

  await expect(row).toContainText('Bound', { timeout: 30000 });
}

test('snapshot → ready → restore → new PVC bound; the VolumeSnapshots list; a backup refused on CSI v0.2.4', async({
  simClient, page, dashboardUrl, shot
}) => {
  const t = TEXT['en-us'];

  await openSnapshots(page, dashboardUrl);
  await expect(page.locator(tid('pvc-snapshot-row-data-db-0-snapshot-20261120093000'))).toContainText('10Gi');
  // R-VSN-12: the host snapshot the driver made, named after the VolumeSnapshot's uid.
  await expect(page.locator(`${ tid('pvc-snapshot-row-data-db-0-snapshot-20261120093000') } ${ tid('pvc-snapshot-host') }`)).toContainText('VolumeSnapshot default/snapshot-9a0e1f7c-1b2d-4c3e-8f4a-000000000191');
  await backupRefused(page, simClient, t);
  const snapshot = await snapshotReady(page, simClient, t);

  await shot('volume-snapshots', { doc: 'volume-snapshots.png', tall: true });
  const pvc = await restore(page, simClient, t, snapshot, shot);

  await boundInTab(page, simClient, t);
  await snapshotsList(page, t, snapshot);
  const violations = await seriousViolations(page, tid('snapshots-page'));

  expect(violations, 'serious/critical accessibility violations on the VolumeSnapshots list').toEqual([]);
  await shot('volume-snapshots-list', { doc: 'volume-snapshots-list.png', tall: true });
  await namespacePicker(page);
  await boundInList(page, pvc);
});

test('zh-hans: snapshot → ready → restore → new PVC bound; the VolumeSnapshots list; a backup refused', async({ simClient, page, dashboardUrl }) => {
  const t = TEXT['zh-hans'];

  await useLanguage(page, dashboardUrl, simClient, 'zh-hans');
  await openSnapshots(page, dashboardUrl);
  await expect(page.locator(tid('pvc-snapshot-row-data-db-0-snapshot-20261120093000'))).toContainText(t.ready);
  await backupRefused(page, simClient, t);
  const snapshot = await snapshotReady(page, simClient, t);
  const pvc = await restore(page, simClient, t, snapshot);

  await boundInTab(page, simClient, t);
  await snapshotsList(page, t, snapshot);
  await boundInList(page, pvc);
});
