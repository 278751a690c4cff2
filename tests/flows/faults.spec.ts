/**
 * Saving on a flaky network: the simulator answers the next write with 409, 403, 500, a slow answer or a dropped
 * connection (its `/__sim/faults`). Each time the user's edits stay on screen, the page says what happened, and
 * saving again afterwards stores exactly one object with the right annotations.
 */
import type { Page } from '@playwright/test';
import type { Fault } from '../../lab/simulator/core/types';
import { SERVICES } from '../../lab/world/ids';
import { expect, test } from './fixtures';
import { SEL } from './lib/selectors';
import { SimClient } from '../../lab/backends/simClient';
import {
  A, fillPoolWithHealthCheck, poolWithHealthCheckAnnotations, RKE2, storedAnnotations, WEB_POOL_ANNOTATIONS
} from './lib/demoSteps';
import {
  choose, pageErrors, selectedText, setChecked, typeInto, valueOf
} from './lib/fields';
import { clickSave, openAddOnConfig, waitForSaved } from './lib/cruPage';
import { currentPath, open, paths } from './lib/pages';

const SERVICES_PATH = `/k8s/clusters/${ RKE2 }/v1/services`;

/** What the create form shows after a failed save: the same name, health-check port and period. */
async function expectCreateFormIntact(page: Page, name: string): Promise<void> {
  expect(currentPath(page), 'the page after the failed save').toMatch(/\/create$/);
  expect(await valueOf(page, SEL.cru.name), 'the name on screen').toBe(name);
  await expect(page.locator(SEL.lb.root), 'the Add-on Config tab').toBeVisible();
  await expect(page.locator(SEL.hc.enabled), 'the health-check checkbox').toHaveAttribute('aria-checked', 'true');
  expect(await selectedText(page, SEL.hc.port), 'the health-check port on screen').toBe('8080');
  expect(await valueOf(page, SEL.hc.number('periodSeconds')), 'the period on screen').toBe('10');
}

/** The create requests the simulator answered, by status. */
async function createAttempts(simClient: SimClient): Promise<number[]> {
  return (await simClient.requests()).filter((r) => r.method === 'POST' && r.path === SERVICES_PATH).map((r) => r.status);
}

/** How a fault is injected: by the simulator (`/__sim/faults`), or in the browser, before any request leaves it. */
type Injection = { respond: Fault['respond'] } | { browser: 'connectionreset' };

async function inject(page: Page, simClient: SimClient, how: Injection): Promise<void> {
  if ('respond' in how) {
    await simClient.addFault({ match: { method: 'POST', path: SERVICES_PATH }, respond: how.respond });

    return;
  }
  let dropped = false;

  await page.route(`**${ SERVICES_PATH }`, (route) => {
    if (!dropped && route.request().method() === 'POST') {
      dropped = true;

      return route.abort(how.browser);
    }

    return route.continue();
  });
}

/** A create that fails once, shows `says`, and succeeds when saved again. */
function createFault(label: string, how: Injection, says: RegExp, title = `${ label } on creating a Service`): void {
  const name = `e2e-fault-${ label }`;

  test(`fault: ${ title }, then saving again`, async({
    simClient, page, dashboardUrl, shot
  }) => {
    await fillPoolWithHealthCheck(page, dashboardUrl, name);
    await inject(page, simClient, how);
    await clickSave(page);
    await page.locator(SEL.cru.errorBanners).first().waitFor();
    expect((await pageErrors(page)).join(' | '), 'what the page says').toMatch(says);
    await shot(`fault-${ label }`, { tall: true });
    await expectCreateFormIntact(page, name);
    expect(await simClient.object(RKE2, 'service', `default/${ name }`), `a Service stored by the failed save (${ label })`).toBeNull();

    // The user saves again.
    const from = currentPath(page);

    await clickSave(page);
    await waitForSaved(page, from);
    expect(await storedAnnotations(simClient, RKE2, `default/${ name }`), `${ name } annotations`).toEqual(poolWithHealthCheckAnnotations());
    const mine = (await simClient.objects(RKE2, 'service')).filter((s) => s.metadata.name.startsWith('e2e-'));

    expect(mine.map((s) => s.metadata.name), 'Services created').toEqual([name]);
    expect((await createAttempts(simClient)).filter((s) => s === 201), 'successful creates').toEqual([201]);
    expect(await simClient.faults(), 'faults left unused').toEqual([]);
  });
}

test('fault: 409 Conflict (twice) on saving web-pool\'s health check, then saving again', async({
  simClient, page, dashboardUrl, shot
}) => {
  const id = `default/${ SERVICES.webPool }`;

  await open(page, dashboardUrl, paths.serviceEdit(RKE2, 'default', SERVICES.webPool), SEL.cru.tabButton('add-on-config'));
  await openAddOnConfig(page);
  await setChecked(page, SEL.hc.enabled, true);
  await choose(page, SEL.hc.port, '443');
  await typeInto(page, SEL.hc.number('failureThreshold'), '5');
  // The shell resolves a first conflict by itself and saves once more: both attempts meet the fault.
  await simClient.addFault({
    match: { method: 'PUT', path: `${ SERVICES_PATH }/${ id }` }, respond: 409, times: 2
  });
  await clickSave(page);
  await page.locator(SEL.cru.errorBanners).first().waitFor();
  expect((await pageErrors(page)).join(' | '), 'what the page says').toMatch(/modified|conflict/i);
  await shot('fault-409', { tall: true });
  expect(currentPath(page), 'the page after the conflicts').toContain('mode=edit');
  await expect(page.locator(SEL.hc.enabled), 'the health-check checkbox').toHaveAttribute('aria-checked', 'true');
  expect(await selectedText(page, SEL.hc.port), 'the health-check port on screen').toBe('443');
  expect(await valueOf(page, SEL.hc.number('failureThreshold')), 'the failure threshold on screen').toBe('5');
  expect(await storedAnnotations(simClient, RKE2, id), 'web-pool after the conflicts').toEqual(WEB_POOL_ANNOTATIONS);

  const from = currentPath(page);

  await clickSave(page);
  await waitForSaved(page, from);
  expect(await storedAnnotations(simClient, RKE2, id), 'web-pool annotations').toEqual({
    ...WEB_POOL_ANNOTATIONS, [A.hcPort]: '443', [A.success]: '1', [A.failure]: '5', [A.period]: '5', [A.timeout]: '3'
  });
  const puts = (await simClient.requests()).filter((r) => r.method === 'PUT' && r.path === `${ SERVICES_PATH }/${ id }`).map((r) => r.status);

  expect(puts, 'updates of web-pool, by status').toEqual([409, 409, 200]);
});

createFault('403', { respond: 403 }, /forbidden/i);
createFault('500', { respond: 500 }, /internal error/i);
// The cluster's connection drops: Rancher's proxy answers 502 (the dev server's proxy does the same with a dropped
// connection, dashboard.vue.config.js; a browser facing the drop itself retries the request once, unseen).
createFault('drop', { respond: 502 }, /bad gateway|connection/i, 'the API drops the connection on creating a Service');
// The browser's own connection drops before an answer: the dashboard sees a network error.
createFault('network', { browser: 'connectionreset' }, /network error/i, 'the browser\'s connection resets on creating a Service');

test('fault: a slow answer (4 s) on creating a Service: one Service, no double submit', async({
  simClient, page, dashboardUrl, shot
}) => {
  const name = 'e2e-fault-slow';

  await fillPoolWithHealthCheck(page, dashboardUrl, name);
  await simClient.addFault({ match: { method: 'POST', path: SERVICES_PATH }, respond: { delayMs: 4000 } });
  const from = currentPath(page);
  const started = Date.now();
  const save = page.locator(SEL.cru.save);

  await clickSave(page);
  // While the answer is on its way the button is busy and a second click sends nothing.
  await expect(save, 'the Create button while saving').toBeDisabled({ timeout: 2000 });
  expect(currentPath(page), 'the page before the answer came').toBe(from);
  await save.click({ force: true, timeout: 2000 }).catch(() => undefined);
  await shot('fault-slow', { tall: true });
  await waitForSaved(page, from);
  expect(Date.now() - started, 'ms until the page left (the answer takes 4000)').toBeGreaterThanOrEqual(3500);
  expect(await storedAnnotations(simClient, RKE2, `default/${ name }`), `${ name } annotations`).toEqual(poolWithHealthCheckAnnotations());
  expect(await createAttempts(simClient), 'creates sent').toEqual([201]);
});
