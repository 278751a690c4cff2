/**
 * Guest volume snapshots inside Rancher's production builds: the PVC detail page's "Volume snapshots" tab takes a
 * snapshot of data-db-0, the CSI driver (the simulator's, stepped by the flow) makes it ready, the cluster's
 * VolumeSnapshots list in the Storage group shows it, and a restore from it makes a new PVC the driver binds, which
 * the tab shows Pending, then Bound.
 */
import { RKE2_GUEST } from '../../simulator/demo/ids';
import { SEL } from '../e2e/selectors';
import { STEP_MS } from '../e2e/pages';
import { needsSimulator } from './backend';
import { expect, test } from './fixtures';
import { openPage } from './steps';

const SNAPS = 'snapshot.storage.k8s.io.volumesnapshot';
const TAB = 'harvester-volume-snapshots';
const tid = (id: string) => `[data-testid="${ id }"]`;

test('a snapshot taken from the PVC gets ready, is listed in Storage, and restores to a bound PVC', async({ adminPage: page, sim }) => {
  // The flow steps the simulator's CSI driver to make the snapshot ready; a real driver does that on its own time.
  test.skip(...needsSimulator(sim, 'the CSI driver stepped by the flow'));
  await openPage(page, sim.dashboard, `/c/${ RKE2_GUEST.id }/explorer/persistentvolumeclaim/default/data-db-0`, SEL.cru.tabButton(TAB));
  await page.locator(SEL.cru.tabButton(TAB)).click();
  await page.locator(tid('pvc-take-snapshot')).click({ timeout: STEP_MS });
  await page.locator(tid('volume-snapshot-create')).click();
  let name = '';

  await expect.poll(async() => {
    name = (await sim.client.objects(RKE2_GUEST.id, SNAPS)).map((s) => s.metadata.name).find((n) => /^data-db-0-snapshot-\d{14}$/.test(n) && n !== 'data-db-0-snapshot-20261120093000') || '';

    return name;
  }, { message: 'the snapshot created', timeout: STEP_MS }).not.toBe('');
  const row = page.locator(tid(`pvc-snapshot-row-${ name }`));

  await expect(row).toContainText('In progress');
  expect(await sim.simulated!.client.stepControllers()).toBeGreaterThan(0);
  await expect(row).toContainText('Ready', { timeout: STEP_MS });

  // The list in the side menu's Storage group (the group is open: the PVC page is in it).
  await page.locator(`a.type-link[href$="/c/${ RKE2_GUEST.id }/explorer/harvester-volume-snapshots-list"]`).first().click();
  const listed = page.locator(tid(`snapshots-row-default-${ name }`));

  await expect(listed).toContainText('Ready', { timeout: STEP_MS });
  await expect(listed).toContainText('Local snapshot');

  // Back to the PVC through the list's link, and a restore with the prefilled values.
  await listed.locator('a', { hasText: 'data-db-0' }).click();
  await page.locator(`${ tid(`pvc-snapshot-row-${ name }`) } ${ tid('pvc-snapshot-restore') }`).click({ timeout: 2 * STEP_MS });
  await page.locator(tid('volume-restore-create')).click();
  await expect(page.locator(tid('pvc-restored-link'))).toHaveText(`${ name }-restore`);
  await expect(page.locator(tid('pvc-restored-phase'))).toHaveText('Pending');
  expect(await sim.simulated!.client.stepControllers()).toBeGreaterThan(0);
  expect((await sim.client.object(RKE2_GUEST.id, 'persistentvolumeclaim', `default/${ name }-restore`))?.status?.phase).toBe('Bound');
  // R-VSN-14: the tab looks at the new claim again until it is Bound.
  await expect(page.locator(tid('pvc-restored-phase'))).toHaveText('Bound', { timeout: STEP_MS });
});
