/**
 * Demo mode as a first-time user meets it (the `demo` project runs these, `@demo`, on the dev server `npm run dev` runs): the cluster explorer and the Service list of a Harvester guest open with
 * no error banner, growl or uncaught page error; and the Extensions page lists this extension from the Helm
 * repository the simulator serves (the `harvester-cloud-ui` ClusterRepo: lab/simulator/catalog/repoContent.ts). These were
 * standalone scripts (demo-smoke.ts, extensions-page.ts) that nothing ran.
 */
import type { Page, Response } from '@playwright/test';
import { RKE2_GUEST, SERVICES } from '../../lab/world/ids';
import { expect, test } from './fixtures';
import { SEL } from './lib/selectors';
import { open, paths } from './lib/pages';

const EXTENSION_LABEL = 'Harvester Cloud Provider';
const PAGE_MS = 60000;

/** Visible error banners and growls, and the dev server's full-page error overlay, with their text. */
async function visibleErrors(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];

    document.querySelectorAll<HTMLElement>('.banner.error, .growl.bg-error, .growl.bg-warning').forEach((el) => {
      if (el.offsetParent) {
        texts.push((el.textContent || '').trim().replace(/\s+/g, ' '));
      }
    });
    const overlay = document.getElementById('webpack-dev-server-client-overlay') as HTMLIFrameElement | null;

    if (overlay) {
      texts.push(`dev server overlay: ${ (overlay.contentDocument?.body?.innerText || '').slice(0, 300).replace(/\s+/g, ' ') }`);
    }

    return texts;
  });
}

test('the cluster explorer and the Service list of a Harvester guest open without an error', { tag: '@demo' }, async({ page, dashboardUrl }) => {
  const pageErrors: string[] = [];

  page.on('pageerror', (e) => pageErrors.push(e.message));
  await open(page, dashboardUrl, paths.clusterHome(RKE2_GUEST.id), `text=${ RKE2_GUEST.name }`);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  expect(await visibleErrors(page), 'errors shown on the cluster explorer').toEqual([]);

  await open(page, dashboardUrl, paths.services(RKE2_GUEST.id), `${ SEL.table.rows }:has-text("${ SERVICES.webPool }")`);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  expect(await visibleErrors(page), 'errors shown on the Service list').toEqual([]);
  expect(pageErrors, 'uncaught page errors').toEqual([]);
});

// Demo mode only: there the extension is built into the dev server and Available lists it from the simulator's
// repository (elsewhere it is installed: extensionsPage.spec.ts installs and lists it in each build).
test('Extensions → Available lists the extension from the simulator\'s Helm repository', { tag: ['@demo', '@demo-only'] }, async({ page, dashboardUrl, shot }) => {
  const requests: string[] = [];
  const onResponse = (res: Response) => {
    const url = new URL(res.url());

    if (/\/v1\/(uiplugins|catalog\.cattle\.io\.)/.test(url.pathname)) {
      requests.push(`${ res.request().method() } ${ url.pathname }${ url.search } -> ${ res.status() }`);
    }
  };

  page.on('response', onResponse);
  await open(page, dashboardUrl, '/home', '[data-testid="top-level-menu"]');
  // As an admin finds it: the top-level menu's "Extensions" entry (for admins, with the uiextension feature on).
  await page.locator('[data-testid="top-level-menu"]').first().click();
  await page.locator('[data-testid="side-menu"].menu-open').first().waitFor({ state: 'visible' });
  await page.locator('[data-testid="side-menu"] a.option').filter({ hasText: /^\s*Extensions\s*$/ }).first().click();
  await page.waitForURL((u) => u.pathname.endsWith('/uiplugins'), { timeout: PAGE_MS });
  await page.locator('[data-testid="extension-tabs"]').first().waitFor({ state: 'visible', timeout: PAGE_MS });
  await page.locator('[data-testid="btn-available"]').first().click();
  await page.locator('li[data-testid="available"].active').first().waitFor({ state: 'visible' });

  const card = page.locator('.plugin-cards .item-card').filter({ has: page.locator('[data-testid="item-card-header-title"]').filter({ hasText: EXTENSION_LABEL }) }).first();

  await expect(card, `"${ EXTENSION_LABEL }" under Available; catalog requests: ${ requests.join('; ') }`).toBeVisible({ timeout: PAGE_MS });
  // The card's icon comes from the repository's icon link: let it answer before the picture.
  await page.waitForLoadState('networkidle', { timeout: 10000 }).catch(() => undefined);
  await shot('extensions-available', { doc: 'extensions-available.png' });
});
