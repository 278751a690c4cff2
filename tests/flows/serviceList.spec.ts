/**
 * The Service list's load balancer columns in every build: 2.13+ lists are server-side paginated, where the LB Status
 * column used to stay empty (its paginated variant had no value). A Pending load balancer says so there.
 */
import { RKE2_GUEST, SERVICES } from '../../lab/world/ids';
import { SEL } from './lib/selectors';
import { paths, STEP_MS } from './lib/pages';
import { expect, test } from './fixtures';
import { VERSIONS } from './needs';
import { openPage } from './lib/steps';

test('the LB Status column shows Pending load balancers, and nothing for a ClusterIP Service', VERSIONS, async({ adminPage: page, sim }) => {
  await openPage(page, sim.dashboard, paths.services(RKE2_GUEST.id), SEL.table.rows);
  const headers = await page.locator(SEL.table.headerCells).allInnerTexts();
  const col = headers.findIndex((h) => h.trim() === 'LB Status');

  expect(col, `LB Status header among ${ headers.join(' | ') }`).toBeGreaterThan(-1);
  const cell = (name: string) => page.locator(SEL.table.rows)
    .filter({ has: page.getByRole('link', { name, exact: true }) })
    .locator('td').nth(col);

  await expect(cell(SERVICES.pendingNetwork)).toHaveText(/\S/, { timeout: STEP_MS });
  await expect(cell(SERVICES.pendingNetwork)).not.toHaveText(new RegExp(`^\\s*${ SERVICES.pendingNetwork }\\s*$`));
  await expect(cell('api')).toHaveText(/^\s*$/);
});
