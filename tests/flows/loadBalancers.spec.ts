/**
 * Issue 20 in each production build: the Load Balancers page reached from the cluster explorer's side menu (its
 * product `init` hook runs on Rancher 2.11+), with the rows' pool and state, and a server-side state filter.
 */
import { RKE2_GUEST, SERVICES } from '../../lab/world/ids';
import { choose } from './lib/fields';
import { STEP_MS } from './lib/pages';
import { expect, test } from './fixtures';
import { openPage } from './lib/steps';
import { SERVER } from './needs';

const PAGE = '[data-testid="lb-page"]';
const NAV_LINK = '.side-nav a.type-link:has(span.label:text-is("Load Balancers"))';
const row = (name: string) => `${ PAGE } [data-testid="lb-row-default-${ name }"]`;

test('the Load Balancers page: from the side menu, every LoadBalancer Service with its pool and state', SERVER, async({ adminPage: page, sim }) => {
  // The cluster's Events list, in the side menu's Cluster group beside Load Balancers.
  await openPage(page, sim.dashboard, `/c/${ RKE2_GUEST.id }/explorer/event`, NAV_LINK);
  await page.locator(NAV_LINK).first().click();
  await page.waitForURL(/\/explorer\/harvester-load-balancers$/);
  await page.locator(row(SERVICES.webPool)).waitFor({ state: 'visible', timeout: 2 * STEP_MS });

  const text = async(name: string) => ((await page.locator(row(name)).textContent()) || '').replace(/\s+/g, ' ');

  // The pool's verdict follows the read of the Harvester host (through Rancher's proxy, a moment after the rows).
  await expect.poll(() => text(SERVICES.webPool), { timeout: STEP_MS }).toMatch(/Active.*192\.168\.100\.50.*pool-rke2-guest — network and scope match/);
  await expect.poll(() => text(SERVICES.pendingNetwork), { timeout: STEP_MS }).toMatch(/Pending.*Network not in the NAD mapping/);
  await expect(page.locator('[data-testid="lb-page-pager"]')).toContainText('Page 1 of 1');

  await choose(page, `${ PAGE } [data-testid="lb-page-state"]`, 'Pending');
  await expect(page.locator(row(SERVICES.webPool))).toHaveCount(0, { timeout: STEP_MS });
  await expect(page.locator(row(SERVICES.pendingNetwork))).toBeVisible();
});

test('at 1440 px the filter\'s label stays on one line above the typed value, whole', SERVER, async({ adminPage: page, sim }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPage(page, sim.dashboard, `/c/${ RKE2_GUEST.id }/explorer/harvester-load-balancers`, row(SERVICES.webPool));
  const field = page.locator(`${ PAGE } [data-testid="lb-page-filter"]`);

  await field.locator('input').fill('web');
  const box = await field.evaluate((el) => {
    const label = el.querySelector('label') as HTMLElement;
    const input = el.querySelector('input') as HTMLInputElement;
    const lb = label.getBoundingClientRect();
    const ib = input.getBoundingClientRect();
    // Where the typed text starts: the input's box below its top padding.
    const textTop = ib.top + parseFloat(getComputedStyle(input).paddingTop);

    const style = getComputedStyle(label);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;

    return {
      lines: Math.round(lb.height / line), labelBottom: lb.bottom, textTop, cut: label.scrollWidth > label.clientWidth
    };
  });

  expect(box.lines, 'the label\'s lines').toBe(1);
  expect(box.labelBottom, 'the label\'s bottom against the typed text\'s top').toBeLessThanOrEqual(box.textTop + 1);
  expect(box.cut, 'the label cut short at 1440 px').toBe(false);
});
