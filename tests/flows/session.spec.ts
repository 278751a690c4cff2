/**
 * Issue 34: installing the extension must never make Rancher log a user out. Rancher answers a bodiless 401 for a
 * cluster the user is no member of; the extension's guest check asked that cluster for a node and the dashboard took
 * the 401 for an expired session (0.5.0: "Log in again to continue"). Here the viewer, no member of harvester-host on
 * every backend, opens that cluster's dashboard and each extension page of it by address, then a Service list of a
 * cluster they may see: the session survives every page, and each says what the viewer may not see. On Rancher's 2.15
 * and 2.13 servers too (EVERY_SERVER).
 */
import type { Page } from '@playwright/test';
import { HARVESTER_HOST, RKE2_GUEST, SERVICES } from '../../lab/world/ids';
import { SEL } from './lib/selectors';
import { paths, STEP_MS } from './lib/pages';
import { expect, test } from './fixtures';
import { openPage } from './lib/steps';
import { EVERY_SERVER } from './needs';

const HOST = HARVESTER_HOST.id;

/** The cluster's dashboard and every page the extension adds to a cluster, by address. */
const HOST_PAGES = [
  paths.clusterHome(HOST),
  paths.overview(HOST),
  paths.setup(HOST),
  paths.topology(HOST),
  `/c/${ HOST }/explorer/harvester-load-balancers`,
  `/c/${ HOST }/explorer/harvester-volume-snapshots-list`,
];

/** Every request that ends a session: the dashboard's logout (shell store/auth.js `logout`). */
function watchLogouts(page: Page): string[] {
  const seen: string[] = [];

  page.on('request', (r) => {
    if (/\/v1\/logout|\/v3\/tokens\?action=logout|action=logout/.test(r.url())) {
      seen.push(`${ r.method() } ${ new URL(r.url()).pathname }`);
    }
  });

  return seen;
}

test('a user who is no member of a cluster opens its pages by address and stays logged in', EVERY_SERVER, async({ newUserPage, sim }) => {
  const page = await newUserPage('viewer');
  const logouts = watchLogouts(page);

  for (const p of HOST_PAGES) {
    await page.goto(`${ sim.dashboard }${ p }`, { waitUntil: 'commit' });
    // Rancher takes a user from a cluster they may not see to Home, which lists the clusters they may see: that one
    // is not among them (as without the extension).
    await expect(page.getByRole('link', { name: RKE2_GUEST.name, exact: true }).first(), `where ${ p } led the viewer`).toBeVisible({ timeout: 3 * STEP_MS });
    await expect(page.getByRole('link', { name: HARVESTER_HOST.name, exact: true }), 'the cluster the viewer may not see').toHaveCount(0);
    expect(new URL(page.url()).pathname, `${ p } ended on the login page`).not.toMatch(/\/auth\/login/);
    expect(logouts, `logouts after ${ p }`).toEqual([]);
  }
  // Still logged in: a Service list of a cluster the viewer may see, with the extension's columns.
  await openPage(page, sim.dashboard, paths.services(RKE2_GUEST.id), `${ SEL.table.rows }:has-text("${ SERVICES.webPool }")`);
  expect(await page.locator(SEL.table.headerCells).allInnerTexts()).toEqual(expect.arrayContaining(['LB Address']));
  expect(logouts).toEqual([]);
});
