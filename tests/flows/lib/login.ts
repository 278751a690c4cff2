/** A browser context for one user, and logging in as a user does on the dashboard's login page. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SEL } from './selectors';
import { FIRST_LOAD_MS, STEP_MS } from './pages';

export const USERS = {
  admin:  { name: 'admin', password: 'password' },
  viewer: { name: 'viewer', password: 'password' },
} as const;

export async function newUserContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true, viewport: { width: 1440, height: 900 }, locale: 'en-US'
  });
  const page = await context.newPage();

  page.setDefaultTimeout(STEP_MS);

  return { context, page };
}

export async function login(page: Page, dashboardUrl: string, user: { name: string; password: string }): Promise<void> {
  await page.goto(`${ dashboardUrl }/auth/login`, { waitUntil: 'domcontentloaded', timeout: FIRST_LOAD_MS });
  const username = page.locator(SEL.login.username).first();

  await username.waitFor({ timeout: FIRST_LOAD_MS });
  await username.fill(user.name);
  await page.locator(SEL.login.password).first().fill(user.password);
  await page.locator(SEL.login.submit).click();
  // The dashboard lives under /dashboard: the login page is /dashboard/auth/login (a check for a path starting with
  // /auth/login passed at once, and a navigation right after the click aborted the login on a slower server).
  await page.waitForURL((u) => !/\/auth\/login$/.test(u.pathname), { timeout: 60000 });
}
