/**
 * Browser check: the dashboard's Extensions page lists this extension from the Helm repository the simulator
 * serves (the `harvester-cloud-ui` ClusterRepo: simulator/steve/catalog.ts). Logs in as admin, opens Extensions
 * from the top-level menu, and checks that "Harvester Cloud Provider" is on the Available tab; saves
 * docs/screenshots/extensions-available.png. Exits non-zero when the card is missing.
 *
 *   bash scripts/with-env tsx tests/e2e/extensions-page.ts       demo mode on free ports (tests/e2e/demo.ts), then stopped
 *   E2E_DASHBOARD_URL=… E2E_SIM_URL=… bash scripts/with-env tsx tests/e2e/extensions-page.ts    a demo already running
 *
 * A spec can call `checkExtensionsPage(page, dashboardUrl)` with a logged-in admin page instead.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, Browser, Page, Response } from 'playwright-core';
import { Demo, ROOT, startDemo } from './demo';
import { login, newUserContext, USERS } from './ui';

export const EXTENSION_LABEL = 'Harvester Cloud Provider';
export const SCREENSHOT = path.join(ROOT, 'docs', 'screenshots', 'extensions-available.png');

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];
const PAGE_MS = 60000;

const SEL = {
  menuButton:   '[data-testid="top-level-menu"]',
  sideMenu:     '[data-testid="side-menu"].menu-open',
  menuOption:   '[data-testid="side-menu"] a.option',
  title:        '[data-testid="extensions-page-title"]',
  tabs:         '[data-testid="extension-tabs"]',
  availableTab: '[data-testid="btn-available"]',
  availableLi:  'li[data-testid="available"]',
  card:         '.plugin-cards .item-card',
  cardTitle:    '[data-testid="item-card-header-title"]',
} as const;

/** What the page asked the API for its lists of extensions, and what it got: `GET <path> -> <status>`. */
export interface CatalogRequest {
  method: string;
  path: string;
  status: number;
}

const CATALOG_PATH = /\/v1\/(uiplugins|catalog\.cattle\.io\.)/;

/**
 * From a logged-in admin page: opens Extensions through the top-level menu, selects Available and waits for the
 * extension's card. Returns the catalog requests the page made; throws when the card is not there.
 */
export async function checkExtensionsPage(page: Page, dashboardUrl: string, screenshot: string | null = SCREENSHOT): Promise<CatalogRequest[]> {
  const requests: CatalogRequest[] = [];
  const onResponse = (res: Response) => {
    const url = new URL(res.url());

    if (CATALOG_PATH.test(url.pathname)) {
      requests.push({
        method: res.request().method(), path: `${ url.pathname }${ url.search }`, status: res.status()
      });
    }
  };

  page.on('response', onResponse);
  try {
    if (!page.url().startsWith(dashboardUrl)) {
      await page.goto(`${ dashboardUrl }/home`, { waitUntil: 'domcontentloaded' });
    }
    await page.locator(SEL.menuButton).first().click({ timeout: PAGE_MS });
    await page.locator(SEL.sideMenu).first().waitFor({ state: 'visible' });
    const entry = page.locator(SEL.menuOption).filter({ hasText: /^\s*Extensions\s*$/ }).first();

    await entry.waitFor({ state: 'visible' }).catch(() => {
      throw new Error('the top-level menu has no "Extensions" entry (it is for admins, with the uiextension feature on)');
    });
    await entry.click();
    await page.waitForURL((u) => u.pathname.endsWith('/uiplugins'), { timeout: PAGE_MS });
    await page.locator(SEL.title).first().waitFor({ state: 'visible', timeout: PAGE_MS });
    await page.locator(SEL.tabs).first().waitFor({ state: 'visible', timeout: PAGE_MS });
    await page.locator(SEL.availableTab).first().click();
    await page.locator(`${ SEL.availableLi }.active`).first().waitFor({ state: 'visible' });

    const card = page.locator(SEL.card).filter({ has: page.locator(SEL.cardTitle).filter({ hasText: EXTENSION_LABEL }) }).first();
    const found = await card.waitFor({ state: 'visible', timeout: PAGE_MS }).then(() => true, () => false);

    if (screenshot) {
      // The card's icon comes from the repository's icon link: let it answer before the picture.
      await page.waitForLoadState('networkidle', { timeout: 10000 }).catch(() => undefined);
      fs.mkdirSync(path.dirname(screenshot), { recursive: true });
      await page.screenshot({ path: screenshot });
    }
    if (!found) {
      const titles = await page.locator(`${ SEL.card } ${ SEL.cardTitle }`).allInnerTexts();

      throw new Error(`"${ EXTENSION_LABEL }" is not listed under Available (cards: ${ titles.length ? titles.map((t) => `"${ t.trim() }"`).join(', ') : 'none' }); catalog requests: ${ requests.map((r) => `${ r.method } ${ r.path } -> ${ r.status }`).join('; ') || 'none' }`);
    }

    return requests;
  } finally {
    page.off('response', onResponse);
  }
}

/** Debian's Chromium, through the project's installer when it is missing. */
function ensureChromium(): void {
  if (!fs.existsSync(CHROMIUM)) {
    spawnSync('bash', [path.join(ROOT, 'scripts', 'install-chromium.sh')], { stdio: 'inherit' });
  }
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${ CHROMIUM } (scripts/install-chromium.sh did not install it)`);
  }
}

async function main(): Promise<number> {
  ensureChromium();
  let demo: Demo | null = null;
  let browser: Browser | null = null;

  try {
    demo = await startDemo((line) => console.log(line));
    browser = await chromium.launch({
      executablePath: CHROMIUM, args: LAUNCH_ARGS, headless: true
    });
    const { context, page } = await newUserContext(browser);
    const pageErrors: string[] = [];

    page.on('pageerror', (e) => pageErrors.push(e.message));
    await login(page, demo.dashboardUrl, USERS.admin);
    const requests = await checkExtensionsPage(page, demo.dashboardUrl);

    console.log('[extensions-page] catalog requests of the Extensions page:');
    for (const r of requests) {
      console.log(`  ${ r.method } ${ r.path } -> ${ r.status }`);
    }
    if (pageErrors.length) {
      console.log(`[extensions-page] uncaught page errors: ${ pageErrors.join(' | ') }`);
    }
    console.log(`[extensions-page] PASS: "${ EXTENSION_LABEL }" is listed under Available; screenshot ${ path.relative(ROOT, SCREENSHOT) }`);
    await context.close();

    return 0;
  } catch (e: any) {
    console.error(`[extensions-page] FAIL: ${ e?.message || e }`);

    return 1;
  } finally {
    await browser?.close().catch(() => undefined);
    await demo?.stop().catch(() => undefined);
  }
}

if (require.main === module) {
  main().then((code) => process.exit(code));
}
