/**
 * Saving on a flaky network: the simulator answers the next write with 409, 403, 500, a slow answer or a dropped
 * connection (its `/__sim/faults`). Each time the user's edits stay on screen, the page says what happened, and
 * saving again afterwards stores exactly one object with the right annotations.
 */
import type { Fault } from '../../../simulator/steve/types';
import { SERVICES } from '../../../simulator/demo/ids';
import { expect, expectEqual, Flow, FlowContext } from '../runner';
import { SEL } from '../selectors';
import {
  choose, clickSave, currentPath, open, openAddOnConfig, pageErrors, paths, selectedText, setChecked, STEP_MS, typeInto, valueOf,
  waitForSaved
} from '../ui';
import {
  A, asAdmin, fillPoolWithHealthCheck, poolWithHealthCheckAnnotations, RKE2, sorted, storedAnnotations, WEB_POOL_ANNOTATIONS
} from './loadbalancer';

const SERVICES_PATH = `/k8s/clusters/${ RKE2 }/v1/services`;

/** What the create form shows after a failed save: the same name, health-check port and period. */
async function expectCreateFormIntact(ctx: FlowContext, name: string): Promise<void> {
  const { page } = ctx;

  expect(currentPath(page).endsWith('/create'), `the page left the create form: ${ currentPath(page) }`);
  expectEqual(await valueOf(page, SEL.cru.name), name, 'the name on screen');
  expect(await page.locator(SEL.lb.root).isVisible(), 'the Add-on Config tab is no longer shown');
  expectEqual(await page.locator(SEL.hc.enabled).getAttribute('aria-checked'), 'true', 'the health-check checkbox');
  expectEqual(await selectedText(page, SEL.hc.port), '8080', 'the health-check port on screen');
  expectEqual(await valueOf(page, SEL.hc.number('periodSeconds')), '10', 'the period on screen');
}

/** The create requests the simulator answered, by status. */
async function createAttempts(ctx: FlowContext): Promise<number[]> {
  return (await ctx.sim.requests()).filter((r) => r.method === 'POST' && r.path === SERVICES_PATH).map((r) => r.status);
}

/** How a fault is injected: by the simulator (`/__sim/faults`), or in the browser, before any request leaves it. */
type Injection = { respond: Fault['respond'] } | { browser: 'connectionreset' };

async function inject(ctx: FlowContext, how: Injection): Promise<void> {
  if ('respond' in how) {
    await ctx.sim.addFault({ match: { method: 'POST', path: SERVICES_PATH }, respond: how.respond });

    return;
  }
  let dropped = false;

  await ctx.page.route(`**${ SERVICES_PATH }`, (route) => {
    if (!dropped && route.request().method() === 'POST') {
      dropped = true;

      return route.abort(how.browser);
    }

    return route.continue();
  });
}

/** A create that fails once, shows `says`, and succeeds when saved again. */
function createFault(label: string, how: Injection, says: RegExp, title = `${ label } on creating a Service`): Flow {
  const name = `e2e-fault-${ label }`;

  return {
    name: `fault: ${ title }, then saving again`,
    async run(ctx) {
      const { page } = ctx;

      await ctx.sim.reset();
      await asAdmin(ctx);
      await fillPoolWithHealthCheck(ctx, name);
      await inject(ctx, how);
      try {
        await clickSave(page);
        await page.locator(SEL.cru.errorBanners).first().waitFor();
        const shown = (await pageErrors(page)).join(' | ');

        expect(says.test(shown), `the page says "${ shown }", expected ${ says }`);
        await ctx.shot(`fault-${ label }`, { tall: true });
        await expectCreateFormIntact(ctx, name);
        expectEqual(await ctx.sim.object(RKE2, 'service', `default/${ name }`), null, `a Service stored by the failed save (${ label })`);

        // The user saves again.
        const from = currentPath(page);

        await clickSave(page);
        await waitForSaved(page, from);
      } finally {
        await page.unroute(`**${ SERVICES_PATH }`);
      }
      expectEqual(sorted(await storedAnnotations(ctx, RKE2, `default/${ name }`)), sorted(poolWithHealthCheckAnnotations()), `${ name } annotations`);
      const mine = (await ctx.sim.objects(RKE2, 'service')).filter((s) => s.metadata.name.startsWith('e2e-'));

      expectEqual(mine.map((s) => s.metadata.name), [name], 'Services created');
      expectEqual((await createAttempts(ctx)).filter((s) => s === 201), [201], 'successful creates');
      expectEqual(await ctx.sim.faults(), [], 'faults left unused');
    },
  };
}

export const faultFlows: Flow[] = [
  {
    name: 'fault: 409 Conflict (twice) on saving web-pool\'s health check, then saving again',
    async run(ctx) {
      const { page } = ctx;
      const id = `default/${ SERVICES.webPool }`;

      await ctx.sim.reset();
      await asAdmin(ctx);
      await open(page, ctx.dashboardUrl, paths.serviceEdit(RKE2, 'default', SERVICES.webPool), SEL.cru.tabButton('add-on-config'));
      await openAddOnConfig(page);
      await setChecked(page, SEL.hc.enabled, true);
      await choose(page, SEL.hc.port, '443');
      await typeInto(page, SEL.hc.number('failureThreshold'), '5');
      // The shell resolves a first conflict by itself and saves once more: both attempts meet the fault.
      await ctx.sim.addFault({
        match: { method: 'PUT', path: `${ SERVICES_PATH }/${ id }` }, respond: 409, times: 2
      });
      await clickSave(page);
      await page.locator(SEL.cru.errorBanners).first().waitFor();
      const shown = (await pageErrors(page)).join(' | ');

      expect(/modified|conflict/i.test(shown), `the page says "${ shown }"`);
      await ctx.shot('fault-409', { tall: true });
      expect(currentPath(page).includes('mode=edit'), 'the page left the edit form');
      expectEqual(await page.locator(SEL.hc.enabled).getAttribute('aria-checked'), 'true', 'the health-check checkbox');
      expectEqual(await selectedText(page, SEL.hc.port), '443', 'the health-check port on screen');
      expectEqual(await valueOf(page, SEL.hc.number('failureThreshold')), '5', 'the failure threshold on screen');
      expectEqual(sorted(await storedAnnotations(ctx, RKE2, id)), sorted(WEB_POOL_ANNOTATIONS), 'web-pool after the conflicts');

      const from = currentPath(page);

      await clickSave(page);
      await waitForSaved(page, from);
      expectEqual(sorted(await storedAnnotations(ctx, RKE2, id)), sorted({
        ...WEB_POOL_ANNOTATIONS, [A.hcPort]: '443', [A.success]: '1', [A.failure]: '5', [A.period]: '5', [A.timeout]: '3'
      }), 'web-pool annotations');
      const puts = (await ctx.sim.requests()).filter((r) => r.method === 'PUT' && r.path === `${ SERVICES_PATH }/${ id }`).map((r) => r.status);

      expectEqual(puts, [409, 409, 200], 'updates of web-pool, by status');
    },
  },
  createFault('403', { respond: 403 }, /forbidden/i),
  createFault('500', { respond: 500 }, /internal error/i),
  // Rancher closes the connection: the dev server's proxy answers 502 (see dashboard.vue.config.js).
  createFault('drop', { respond: 'drop' }, /bad gateway|connection/i, 'the API drops the connection on creating a Service'),
  // The browser's own connection drops before an answer: the dashboard sees a network error.
  createFault('network', { browser: 'connectionreset' }, /network error/i, 'the browser\'s connection resets on creating a Service'),
  {
    name: 'fault: a slow answer (4 s) on creating a Service: one Service, no double submit',
    async run(ctx) {
      const { page } = ctx;
      const name = 'e2e-fault-slow';

      await ctx.sim.reset();
      await asAdmin(ctx);
      await fillPoolWithHealthCheck(ctx, name);
      await ctx.sim.addFault({ match: { method: 'POST', path: SERVICES_PATH }, respond: { delayMs: 4000 } });
      const from = currentPath(page);
      const started = Date.now();

      await clickSave(page);
      // While the answer is on its way the button is busy and a second click sends nothing.
      await page.waitForTimeout(600);
      expect(currentPath(page) === from, 'the page left before the answer came');
      const save = page.locator(SEL.cru.save);

      expect(await save.isDisabled(), 'the Create button can be clicked again while saving');
      await save.click({ force: true, timeout: 2000 }).catch(() => undefined);
      await ctx.shot('fault-slow', { tall: true });
      await waitForSaved(page, from);
      expect(Date.now() - started >= 3500, 'the save finished before the slow answer');
      expectEqual(sorted(await storedAnnotations(ctx, RKE2, `default/${ name }`)), sorted(poolWithHealthCheckAnnotations()), `${ name } annotations`);
      expectEqual(await createAttempts(ctx), [201], 'creates sent');
    },
    timeoutMs: STEP_MS * 4,
  },
];
