/**
 * The Harvester CSI driver stopped by its pid during a snapshot and during a restore (issue 37, lib/outage.ts): each
 * row says what it waits for, both finish once the driver is back (its csi-snapshotter, which exits when it loses the
 * driver, restarted as the kubelet would), and nothing is made twice on the guest or on Harvester.
 */
import { RKE2_GUEST } from '../../../lab/world/ids';
import { SEL } from '../lib/selectors';
import { STEP_MS } from '../lib/pages';
import { expect, test } from '../fixtures';
import { duringOutage } from '../lib/outage';
import { kubeRequest } from '../../../lab/core/kubeClient';
import { kubeTarget } from '../../../lab/stack/stack';

const CL = RKE2_GUEST.id;
const tid = (id: string) => `[data-testid="${ id }"]`;

test('the CSI driver down during a snapshot and a restore: each row says it waits for the driver, and both finish once it is back, made once', async({ adminPage: page, sim }) => {
  const guest = kubeTarget(sim.stack as NonNullable<typeof sim.stack>, 'guest');
  const host = kubeTarget(sim.stack as NonNullable<typeof sim.stack>, 'host');
  const list = async(target: typeof guest, path: string) => (await kubeRequest(target, 'GET', path)).body?.items || [];
  const taken = async() => (await list(guest, '/apis/snapshot.storage.k8s.io/v1/namespaces/default/volumesnapshots'))
    // Not one an earlier flow made and the reset is deleting (it stays, deletionTimestamp set, until its content goes).
    .filter((s: any) => /^data-db-0-snapshot-\d{14}$/.test(s.metadata.name) && s.metadata.name !== 'data-db-0-snapshot-20261120093000' && !s.metadata.deletionTimestamp);
  const driver = `harvester-csi-driver-${ RKE2_GUEST.name }`;

  await page.goto(`${ sim.dashboard }/c/${ CL }/explorer/persistentvolumeclaim/default/data-db-0`);
  await page.locator(SEL.cru.tabButton('harvester-volume-snapshots')).click();
  await page.locator(tid('pvc-snapshots-table')).waitFor({ state: 'visible', timeout: STEP_MS });
  let snap = '';

  await duringOutage(driver, async(outage) => {
    await page.locator(tid('pvc-take-snapshot')).click();
    await page.locator(tid('volume-snapshot-create')).click();
    await expect.poll(async() => (await taken()).length, { message: 'the snapshot created on the real guest', timeout: STEP_MS }).toBe(1);
    snap = (await taken())[0].metadata.name;
    const row = page.locator(tid(`pvc-snapshot-row-${ snap }`));

    // The snapshot controller bound it to its content; the driver it waits for is down.
    await expect(row.locator(tid('pvc-snapshot-waits'))).toHaveText('Waiting for the Harvester CSI driver (driver.harvesterhci.io) to take the snapshot on Harvester.', { timeout: STEP_MS });
    // The state cell: its badge, then what it waits for (the host column says "Ready" of the host's object alone).
    await expect(row.locator('td').nth(1)).toContainText('In progress');
    await outage.back();
    await expect(row.locator('td').nth(1), 'the row, not reloaded').toHaveText('Ready', { timeout: 150000 });
    outage.recovered('snapshot Ready in the PVC tab');
    await expect(row.locator(tid('pvc-snapshot-waits'))).toHaveCount(0);
  });

  await duringOutage(driver, async(outage) => {
    await page.locator(`${ tid(`pvc-snapshot-row-${ snap }`) } ${ tid('pvc-snapshot-restore') }`).click();
    await page.locator(tid('volume-restore-create')).click();
    await expect(page.locator(tid('pvc-restored-link'))).toHaveText(`${ snap }-restore`, { timeout: STEP_MS });
    await expect(page.locator(tid('pvc-restored-phase'))).toHaveText('Pending');
    await expect(page.locator(tid('pvc-restored-reason'))).toContainText('Waits for the Harvester CSI driver to make its volume.', { timeout: STEP_MS });
    await outage.back();
    await expect(page.locator(tid('pvc-restored-phase')), 'the restored claim, not reloaded').toHaveText('Bound', { timeout: 150000 });
    outage.recovered('restored PVC Bound in the PVC tab');
  });
  // Made once each: one snapshot, one restored claim on the guest; one host snapshot, one host volume for them.
  expect((await taken()).map((s: any) => s.metadata.name)).toEqual([snap]);
  const uid = (await taken())[0].metadata.uid;
  const claims = (await list(guest, '/api/v1/namespaces/default/persistentvolumeclaims')).filter((c: any) => c.metadata.name.startsWith(`${ snap }-restore`));

  expect(claims.map((c: any) => c.metadata.name)).toEqual([`${ snap }-restore`]);
  const hostSnaps = (await list(host, '/apis/snapshot.storage.k8s.io/v1/volumesnapshots')).filter((s: any) => s.metadata.name === `snapshot-${ uid }`);

  expect(hostSnaps, 'host VolumeSnapshots made for it').toHaveLength(1);
  const volume = claims[0].spec.volumeName;
  const hostClaims = (await list(host, '/api/v1/persistentvolumeclaims')).filter((c: any) => c.metadata.name === volume);

  expect(hostClaims, `host PVCs named ${ volume }`).toHaveLength(1);
});
