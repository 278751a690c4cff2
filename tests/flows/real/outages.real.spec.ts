/**
 * Outages of the real parts (issue 37): a part of the stack is stopped by its pid the way an outage stops it, and
 * comes back as it ran (lib/outage.ts). Each flow checks what the user sees meanwhile (words, not a spinner or a
 * stale state), that nothing typed is lost and nothing is written twice, and that the page recovers by itself, without
 * a reload, once the part is back. The seconds it took are the test's `recovery` annotations (docs/real-mode.md).
 */
import { RKE2_GUEST, SERVICES } from '../../../lab/world/ids';
import { SEL } from '../lib/selectors';
import { STEP_MS } from '../lib/pages';
import { expect, test } from '../fixtures';
import {
  createApiService, expectOneAddOnConfig, openPage, openServiceEdit, saveAndLeave
} from '../lib/steps';
import {
  choose, pageErrors, selectedText, setChecked, typeInto, valueOf
} from '../lib/fields';
import { pausePart } from '../../../lab/core/stackParts';
import { realFailure } from '../lib/controllerSteps';
import { createRealService, deleteRealService, realService, realServiceNames } from '../lib/realSteps';
import { duringOutage } from '../lib/outage';
import { kubeRequest } from '../../../lab/core/kubeClient';
import { kubeTarget } from '../../../lab/stack/stack';
import { SERVER } from '../needs';

const CL = RKE2_GUEST.id;
const LB_PAGE_ROW = (name: string) => `[data-testid="lb-page"] [data-testid="lb-row-default-${ name }"]`;
const tid = (id: string) => `[data-testid="${ id }"]`;

test('Harvester\'s load balancer controller down while a pool Service waits: both pages say so, and the address arrives once it is back', SERVER, async({ adminPage: page, sim }) => {
  await duringOutage('harvester-load-balancer', async(outage) => {
    await createApiService(sim, CL, 'outage-pool', { 'cloudprovider.harvesterhci.io/ipam': 'pool' });
    // The provider waits 10 s for the host LoadBalancer's address (v0.2.7 waitForIP), then the service controller
    // records its error: the controller's last word on this Service.
    expect(await realFailure(sim, 'default/outage-pool')).toMatch(/timeout waiting for IP address, last error:ip is not allocated, mode: pool/);

    const lbPage = await page.context().newPage();

    await openPage(lbPage, sim.dashboard, `/c/${ CL }/explorer/harvester-load-balancers`, LB_PAGE_ROW('outage-pool'));
    await expect(lbPage.locator(LB_PAGE_ROW('outage-pool'))).toContainText('Timed out waiting for an address');
    await expect(lbPage.locator(LB_PAGE_ROW('outage-pool'))).toContainText('Not allocated yet — the rules pick pool-rke2-guest; Harvester\'s load balancer controller has not acted on it');

    await openPage(page, sim.dashboard, `/c/${ CL }/explorer/service/default/outage-pool`, SEL.cru.tabButton('add-on-config'));
    await page.locator(SEL.cru.tabButton('add-on-config')).click();
    await page.locator(SEL.lb.hostReasons).waitFor({ timeout: STEP_MS });
    await expect(page.locator(SEL.lb.hostAddress)).toHaveText(/Pending/);
    await expect(page.locator(SEL.lb.hostReasons)).toContainText('The load balancer did not get an address in time.');
    await expect(page.locator(SEL.lb.hostReasons)).toContainText('ip is not allocated, mode: pool');
    // What only the host tells: its LoadBalancer exists, and no controller has acted on it.
    await expect(page.locator(tid('lb-host-state'))).toHaveText('Not yet processed', { timeout: STEP_MS });
    await expect(page.locator(tid('lb-host-no-controller'))).toContainText('check that harvester-load-balancer runs');

    await outage.back();
    // The service controller retries with a back-off (5 s doubling): the address comes within a minute or two.
    await expect(page.locator(SEL.lb.hostAddress), 'the detail page, not reloaded').toHaveText(/^192\.168\.100\.5\d$/, { timeout: 150000 });
    outage.recovered('address on the Service detail page');
    await expect(page.locator(tid('lb-host')), 'the host section, shown only while there is no address').toHaveCount(0);
    const ip = (await realService(sim, CL, 'default/outage-pool')).status.loadBalancer.ingress[0].ip;

    await expect(page.locator(SEL.lb.hostAddress)).toHaveText(ip);
    await expect(lbPage.locator(LB_PAGE_ROW('outage-pool')), 'the Load Balancers page, not reloaded').toContainText(ip, { timeout: 60000 });
    outage.recovered('address on the Load Balancers page');
    await expect(lbPage.locator(LB_PAGE_ROW('outage-pool'))).toContainText('pool-rke2-guest');
    await lbPage.close();
  });
});

test('Steve restarted while the Services list watches and an edit is open: the list catches up without duplicates, the draft saves once', async({ adminPage: page, sim }) => {
  const rows = page.locator(SEL.table.rows);
  // By the link to its detail page (another row may link a workload of the same name).
  const row = (name: string) => rows.filter({ has: page.locator(`a[href$="/explorer/service/default/${ name }"]`) });
  const id = `default/${ SERVICES.webPool }`;
  const port = 'cloudprovider.harvesterhci.io/healthcheck-port';

  await createRealService(sim, 'gone-while-steve-was-down');
  await openPage(page, sim.dashboard, `/c/${ CL }/explorer/service`, SEL.table.rows);
  await expect(row(SERVICES.webPool)).toHaveCount(1, { timeout: STEP_MS });
  await expect(row('gone-while-steve-was-down')).toHaveCount(1, { timeout: STEP_MS });
  const before = await realService(sim, CL, id);
  const edit = await page.context().newPage();

  await openServiceEdit(edit, sim.dashboard, CL, 'default', SERVICES.webPool, 'address');
  await expectOneAddOnConfig(edit);
  await setChecked(edit, SEL.hc.enabled, true);
  await choose(edit, SEL.hc.port, '443');
  const puts: number[] = [];

  edit.on('response', (r) => {
    if (r.request().method() === 'PUT' && new URL(r.url()).pathname.endsWith(`/v1/services/${ id }`)) {
      puts.push(r.status());
    }
  });

  await duringOutage(`steve-${ RKE2_GUEST.name }`, async(outage) => {
    // Changes made meanwhile, straight on the kube-apiserver: a Service made, another deleted.
    await createRealService(sim, 'made-while-steve-was-down');
    await deleteRealService(sim, 'gone-while-steve-was-down');
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await outage.back();
    await expect(row('made-while-steve-was-down'), 'the new Service in the list, not reloaded').toHaveCount(1, { timeout: 120000 });
    outage.recovered('a Service made meanwhile in the Services list');
    await expect(row('gone-while-steve-was-down'), 'the Service deleted meanwhile, not left stale').toHaveCount(0, { timeout: STEP_MS });
  });
  // Every Service of default once: no row doubled by the resynchronised watch, none lost.
  const names = await realServiceNames(sim, 'default');

  await expect(rows, `a row each: ${ names.join(', ') }`).toHaveCount(names.length, { timeout: STEP_MS });
  for (const name of names) {
    await expect(row(name), name).toHaveCount(1);
  }
  await expect(row('api')).toContainText('Active');
  // The draft is on screen as typed, and saves once.
  expect(await selectedText(edit, SEL.hc.port), 'the health-check port typed before the outage').toBe('443');
  await saveAndLeave(edit);
  expect(puts, 'updates of web-pool, by status').toEqual([200]);
  const after = await realService(sim, CL, id);

  expect(after.metadata.annotations[port]).toBe('443');
  expect(after.metadata.resourceVersion).not.toBe(before.metadata.resourceVersion);
  await edit.close();
});

test('the CSI driver down during a snapshot and a restore: each row says it waits for the driver, and both finish once it is back, made once', async({ adminPage: page, sim }) => {
  const guest = kubeTarget(sim.stack as NonNullable<typeof sim.stack>, 'guest');
  const host = kubeTarget(sim.stack as NonNullable<typeof sim.stack>, 'host');
  const list = async(target: typeof guest, path: string) => (await kubeRequest(target, 'GET', path)).body?.items || [];
  const taken = async() => (await list(guest, '/apis/snapshot.storage.k8s.io/v1/namespaces/default/volumesnapshots'))
    .filter((s: any) => /^data-db-0-snapshot-\d{14}$/.test(s.metadata.name) && s.metadata.name !== 'data-db-0-snapshot-20261120093000');
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
    await expect(row).toContainText('In progress');
    await outage.back();
    await expect(row, 'the row, not reloaded').toContainText('Ready', { timeout: 150000 });
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

test('the guest\'s kube-apiserver slow, then down during Save: the save fails in the server\'s words, the form keeps every field, and a retry saves once', async({ adminPage: page, sim }) => {
  const id = `default/${ SERVICES.webPool }`;
  const apiserver = `kube-apiserver-${ RKE2_GUEST.name }`;
  const before = await realService(sim, CL, id);
  const puts: number[] = [];

  await openServiceEdit(page, sim.dashboard, CL, 'default', SERVICES.webPool, 'address');
  await expectOneAddOnConfig(page);
  await setChecked(page, SEL.hc.enabled, true);
  await choose(page, SEL.hc.port, '443');
  await typeInto(page, SEL.hc.number('periodSeconds'), '7');
  page.on('response', (r) => {
    if (r.request().method() === 'PUT' && new URL(r.url()).pathname.endsWith(`/v1/services/${ id }`)) {
      puts.push(r.status());
    }
  });
  // Slow: the kube-apiserver frozen, so Steve's write waits on it; then it crashes with the write in hand.
  pausePart(apiserver);
  await page.locator(SEL.cru.save).click();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(page.url(), 'still on the form while the server is slow').toContain('mode=edit');
  await duringOutage(apiserver, async(outage) => {
    await page.locator(SEL.cru.errorBanners).first().waitFor({ timeout: 90000 });
    expect((await pageErrors(page)).join(' | '), 'what the page says').toMatch(/EOF|connection reset|connection refused|unavailable|timeout/i);
    expect(page.url(), 'the form stays').toContain('mode=edit');
    expect(await selectedText(page, SEL.hc.port), 'the health-check port').toBe('443');
    expect(await valueOf(page, SEL.hc.number('periodSeconds')), 'the period').toBe('7');
    await outage.back();
    await expect.poll(async() => (await kubeRequest(kubeTarget(sim.stack as NonNullable<typeof sim.stack>, 'guest'), 'GET', '/readyz')).status, { message: 'the kube-apiserver ready again', timeout: 60000 }).toBe(200);
    outage.recovered('the kube-apiserver ready');
  }, { crash: true });
  expect((await realService(sim, CL, id)).metadata.resourceVersion, 'nothing stored by the failed save').toBe(before.metadata.resourceVersion);
  // The user saves again: stored once.
  await saveAndLeave(page);
  expect(puts.filter((status) => status === 200), 'updates of web-pool answered 200').toHaveLength(1);
  expect(puts[puts.length - 1]).toBe(200);
  const after = await realService(sim, CL, id);

  expect(after.metadata.annotations['cloudprovider.harvesterhci.io/healthcheck-port']).toBe('443');
  expect(after.metadata.annotations['cloudprovider.harvesterhci.io/healthcheck-periodseconds']).toBe('7');
});
