/**
 * Outages on the way from the page to the guest's objects (issue 37): Steve restarted during a watch, the guest's
 * kube-apiserver frozen and then crashed during a Save, Rancher's server restarted during an edit (lib/outage.ts).
 * Nothing typed is lost, nothing is written twice, and lists catch up by themselves.
 */
import type { Page } from '@playwright/test';
import type { CompatBackend } from '../../../lab/backends/backend';
import { RKE2_GUEST, SERVICES } from '../../../lab/world/ids';
import { SEL } from '../lib/selectors';
import { STEP_MS } from '../lib/pages';
import { expect, test } from '../fixtures';
import { expectOneAddOnConfig, openPage, openServiceEdit, saveAndLeave } from '../lib/steps';
import {
  choose, pageErrors, selectedText, setChecked, typeInto, valueOf
} from '../lib/fields';
import { pausePart } from '../../../lab/core/stackParts';
import { rancherFile } from '../../../lab/stack/rancher/state';
import { createRealService, deleteRealService, realService, realServiceNames } from '../lib/realSteps';
import { duringOutage } from '../lib/outage';
import { kubeRequest } from '../../../lab/core/kubeClient';
import { kubeTarget } from '../../../lab/stack/stack';
import { SERVER } from '../needs';

const CL = RKE2_GUEST.id;
const ID = `default/${ SERVICES.webPool }`;
const P = 'cloudprovider.harvesterhci.io';

/**
 * web-pool's edit page, opened by its address, with a health check typed in the Add-on Config (port 443, a period);
 * returns the statuses of the page's updates of web-pool, as they come.
 */
async function typeHealthCheck(page: Page, sim: CompatBackend, period: string): Promise<number[]> {
  const puts: number[] = [];

  await openServiceEdit(page, sim.dashboard, CL, 'default', SERVICES.webPool, 'address');
  await expectOneAddOnConfig(page);
  await setChecked(page, SEL.hc.enabled, true);
  await choose(page, SEL.hc.port, '443');
  await typeInto(page, SEL.hc.number('periodSeconds'), period);
  page.on('response', (r) => {
    if (r.request().method() === 'PUT' && new URL(r.url()).pathname.endsWith(`/v1/services/${ ID }`)) {
      puts.push(r.status());
    }
  });

  return puts;
}

/** What typeHealthCheck typed is still on screen; saved, it is stored by exactly one update. */
async function expectKeptAndSavedOnce(page: Page, sim: CompatBackend, puts: number[], period: string): Promise<void> {
  expect(await selectedText(page, SEL.hc.port), 'the health-check port as typed').toBe('443');
  expect(await valueOf(page, SEL.hc.number('periodSeconds')), 'the period as typed').toBe(period);
  await saveAndLeave(page);
  expect(puts.filter((status) => status === 200), 'updates of web-pool answered 200').toHaveLength(1);
  expect(puts[puts.length - 1]).toBe(200);
  const after = await realService(sim, CL, ID);

  expect(after.metadata.annotations[`${ P }/healthcheck-port`]).toBe('443');
  expect(after.metadata.annotations[`${ P }/healthcheck-periodseconds`]).toBe(period);
}

test('Steve restarted while the Services list watches and an edit is open: the list catches up without duplicates, the draft saves once', async({ adminPage: page, sim }) => {
  const rows = page.locator(SEL.table.rows);
  // By the link to its detail page (another row may link a workload of the same name).
  const row = (name: string) => rows.filter({ has: page.locator(`a[href$="/explorer/service/default/${ name }"]`) });

  await createRealService(sim, 'gone-while-steve-was-down');
  await openPage(page, sim.dashboard, `/c/${ CL }/explorer/service`, SEL.table.rows);
  await expect(row(SERVICES.webPool)).toHaveCount(1, { timeout: STEP_MS });
  await expect(row('gone-while-steve-was-down')).toHaveCount(1, { timeout: STEP_MS });
  const edit = await page.context().newPage();
  const puts = await typeHealthCheck(edit, sim, '8');

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
  await expectKeptAndSavedOnce(edit, sim, puts, '8');
  expect(puts, 'updates of web-pool, by status').toEqual([200]);
  await edit.close();
});

test('the guest\'s kube-apiserver slow, then down during Save: the save fails in the server\'s words, the form keeps every field, and a retry saves once', SERVER, async({ adminPage: page, sim }) => {
  const apiserver = `kube-apiserver-${ RKE2_GUEST.name }`;
  const before = await realService(sim, CL, ID);
  const puts = await typeHealthCheck(page, sim, '7');

  // Slow: the kube-apiserver frozen, so Steve's write waits on it; then it crashes with the write in hand.
  pausePart(apiserver);
  await page.locator(SEL.cru.save).click();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(page.url(), 'still on the form while the server is slow').toContain('mode=edit');
  await duringOutage(apiserver, async(outage) => {
    await page.locator(SEL.cru.errorBanners).first().waitFor({ timeout: 90000 });
    expect((await pageErrors(page)).join(' | '), 'what the page says').toMatch(/EOF|connection reset|connection refused|unavailable|timeout/i);
    expect(page.url(), 'the form stays').toContain('mode=edit');
    await outage.back();
    await expect.poll(async() => (await kubeRequest(kubeTarget(sim.stack as NonNullable<typeof sim.stack>, 'guest'), 'GET', '/readyz')).status, { message: 'the kube-apiserver ready again', timeout: 60000 }).toBe(200);
    outage.recovered('the kube-apiserver ready');
    if (sim.kind === 'rancher') {
      // Through Rancher the guest answers once its cluster agent has its kube-apiserver again (the agent may have
      // exited meanwhile: its kubelet stand-in starts it again with a back-off).
      await expect.poll(async() => (await sim.api('GET', `/k8s/clusters/${ CL }/v1/services/${ ID }`).catch(() => ({ status: 0 }))).status, {
        message: 'rke2-guest through Rancher again', timeout: 300000, intervals: [2000]
      }).toBe(200);
      outage.recovered('rke2-guest answers through Rancher');
    }
  }, { crash: true });
  expect((await realService(sim, CL, ID)).metadata.resourceVersion, 'nothing stored by the failed save').toBe(before.metadata.resourceVersion);
  // The user saves again: stored once.
  await expectKeptAndSavedOnce(page, sim, puts, '7');
});

test('Rancher\'s server restarted during an Add-on Config edit: the dashboard reconnects, nothing typed is lost, and Save stores it once', SERVER, async({ adminPage: page, sim }) => {
  test.skip(sim.kind !== 'rancher', 'Rancher\'s own server is what restarts: only on rancher-<version>-server');
  const puts = await typeHealthCheck(page, sim, '9');

  await duringOutage('rancher', async(outage) => {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await outage.back();
    // Rancher answers again once its API is up; then its agents connect again (Rancher's own /ping, then the cluster).
    await expect.poll(async() => (await sim.api('GET', `/k8s/clusters/${ CL }/v1/services/${ ID }`).catch(() => ({ status: 0 }))).status, {
      message: 'rke2-guest through Rancher again', timeout: 240000, intervals: [2000]
    }).toBe(200);
    outage.recovered('rke2-guest answers through Rancher');
  }, { file: rancherFile() });
  await expectKeptAndSavedOnce(page, sim, puts, '9');
});
