/**
 * Driving the dashboard: logging in, opening pages, the shell's form controls, and the checks every screen gets
 * (accessibility with axe-core, leftover English in Simplified Chinese).
 */
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from '@playwright/test';
import { SEL } from './selectors';
import { allStrings } from '../harness/l10n';

const ROOT = path.resolve(__dirname, '../..');

export const USERS = {
  admin:  { name: 'admin', password: 'password' },
  viewer: { name: 'viewer', password: 'password' },
} as const;

/** Waits the suite allows for one step on a page (the dev build is slow to render big pages). */
export const STEP_MS = 30000;
/** A full page load: the dev build runs 37 MB of JavaScript first, which takes minutes on a busy machine. */
const FIRST_LOAD_MS = 180000;

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

/** A full page load of a dashboard path (a fresh store, so state the simulator was reset to is what shows). */
export async function open(page: Page, dashboardUrl: string, pathname: string, ready: string): Promise<void> {
  await page.goto(`${ dashboardUrl }${ pathname }`, { waitUntil: 'domcontentloaded', timeout: FIRST_LOAD_MS });
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: FIRST_LOAD_MS });
}

export const paths = {
  services:           (cluster: string) => `/c/${ cluster }/explorer/service`,
  serviceCreate:      (cluster: string) => `/c/${ cluster }/explorer/service/create`,
  service:            (cluster: string, ns: string, name: string) => `/c/${ cluster }/explorer/service/${ ns }/${ name }`,
  serviceEdit:        (cluster: string, ns: string, name: string) => `/c/${ cluster }/explorer/service/${ ns }/${ name }?mode=edit`,
  storageClasses:     (cluster: string) => `/c/${ cluster }/explorer/storage.k8s.io.storageclass`,
  storageClassCreate: (cluster: string) => `/c/${ cluster }/explorer/storage.k8s.io.storageclass/create`,
  storageClass:       (cluster: string, name: string) => `/c/${ cluster }/explorer/storage.k8s.io.storageclass/${ name }`,
  snapshotClassNew:   (cluster: string) => `/c/${ cluster }/explorer/snapshot.storage.k8s.io.volumesnapshotclass/create`,
  topology:           (cluster: string) => `/c/${ cluster }/explorer/harvester-topology`,
  overview:           (cluster: string) => `/c/${ cluster }/explorer/harvester-integration`,
  setup:              (cluster: string) => `/c/${ cluster }/explorer/harvester-integration/setup`,
  nodes:              (cluster: string) => `/c/${ cluster }/explorer/node`,
  clusterHome:        (cluster: string) => `/c/${ cluster }/explorer`,
  prefs:              () => '/prefs',
};

/**
 * Picks an option of a shell LabeledSelect (vue-select, its menu appended to <body>) by its visible text. A select
 * that has just been rendered may ignore the first click (it re-renders once its options arrive): it is clicked
 * again until its menu opens.
 */
export async function choose(page: Page, select: string | Locator, option: string | RegExp): Promise<void> {
  const box = typeof select === 'string' ? page.locator(select).first() : select;
  const item = page.locator(SEL.dropdown.options).filter({ hasText: option }).first();

  for (let attempt = 0; attempt < 4; attempt++) {
    await box.click();
    if (await item.waitFor({ state: 'visible', timeout: 2500 }).then(() => true, () => false)) {
      await item.click();
      await page.locator(SEL.dropdown.options).first().waitFor({ state: 'hidden' }).catch(() => undefined);

      return;
    }
    await page.keyboard.press('Escape');
  }
  const shown = await visibleTexts(page, SEL.dropdown.options);

  throw new Error(`no option "${ option }" in the dropdown; it shows: ${ shown.map((s) => `"${ s }"`).join(', ') || 'nothing' }`);
}

/** Types a value into a taggable LabeledSelect and takes it as typed. */
export async function typeIntoSelect(page: Page, select: string, text: string): Promise<void> {
  const box = page.locator(select).first();

  await box.click();
  const search = box.locator('input.vs__search');

  await search.fill(text);
  await search.press('Enter');
}

/** The text a LabeledSelect shows as chosen. */
export async function selectedText(page: Page, select: string): Promise<string> {
  return ((await page.locator(select).first().locator('.vs__selected').first()
    .textContent()
    .catch(() => '')) || '').trim();
}

export async function setChecked(page: Page, checkbox: string, on: boolean): Promise<void> {
  const box = page.locator(checkbox).first();

  if ((await box.getAttribute('aria-checked')) !== `${ on }`) {
    await box.click();
  }
  await page.waitForFunction(([sel, want]) => document.querySelector(sel as string)?.getAttribute('aria-checked') === want, [checkbox, `${ on }`]);
}

/** Replaces a text input's value the way a user does (select all, type). */
export async function typeInto(page: Page, input: string, value: string): Promise<void> {
  const el = page.locator(input).first();

  await el.fill(value);
  await el.blur().catch(() => undefined);
}

export async function valueOf(page: Page, input: string): Promise<string> {
  return page.locator(input).first().inputValue();
}

export async function visibleTexts(page: Page, selector: string): Promise<string[]> {
  const all = page.locator(selector);
  const out: string[] = [];

  for (let i = 0; i < await all.count(); i++) {
    if (await all.nth(i).isVisible()) {
      out.push(((await all.nth(i).innerText()) || '').trim().replace(/\s+/g, ' '));
    }
  }

  return out;
}

/** The error banners of a create/edit page. */
export async function pageErrors(page: Page): Promise<string[]> {
  return visibleTexts(page, SEL.cru.errorBanners);
}

/**
 * Fills the shell's Service create page: type LoadBalancer, a name, and one TCP port (name, port, target port).
 * Starts from the Services list and its Create button, as a user does.
 */
export async function startLoadBalancerCreate(page: Page, dashboardUrl: string, cluster: string): Promise<void> {
  await open(page, dashboardUrl, paths.services(cluster), SEL.table.createBtn);
  await page.locator(SEL.table.createBtn).click();
  await page.locator(SEL.cru.subtype('LoadBalancer')).click();
  await page.locator(SEL.cru.name).waitFor();
}

export async function fillServiceBasics(page: Page, name: string, port: { name: string; port: number; target?: number }): Promise<void> {
  await typeInto(page, SEL.cru.name, name);
  await typeInto(page, SEL.ports.name, port.name);
  await typeInto(page, SEL.ports.port, `${ port.port }`);
  await typeInto(page, SEL.ports.target, `${ port.target ?? port.port }`);
}

export async function openTab(page: Page, name: string, ready?: string): Promise<void> {
  await page.locator(SEL.cru.tabButton(name)).click();
  if (ready) {
    await page.locator(ready).first().waitFor({ state: 'visible' });
  }
}

/** The Add-on Config tab, once its data (provider version, Services, networks) has loaded. */
export async function openAddOnConfig(page: Page): Promise<void> {
  await openTab(page, 'add-on-config', SEL.lb.root);
  await page.locator(SEL.hc.support).waitFor({ state: 'visible' });
}

export async function clickSave(page: Page): Promise<void> {
  await page.locator(SEL.cru.save).click();
}

/** Waits until a save has left the create/edit page (the shell goes back to the list or the detail page). */
export async function waitForSaved(page: Page, from: string): Promise<void> {
  await page.waitForURL((u) => `${ u.pathname }${ u.search }` !== from && !u.pathname.endsWith('/create') && !u.search.includes('mode=edit'), { timeout: STEP_MS });
}

export function currentPath(page: Page): string {
  const u = new URL(page.url());

  return `${ u.pathname }${ u.search }`;
}

/**
 * Asserts an element sits right under (or beside) another: a field's message next to its field. Measured until it
 * holds (5 s): the page may swap the field for another of its kind while it is measured (the health-check port
 * becomes a select once the shell passes the Service's ports on), and a swapped-out element has no box.
 */
export async function expectBeside(page: Page, field: string, message: string, what: string): Promise<void> {
  await expect(async() => {
    const f = await page.locator(field).first().boundingBox();
    const m = await page.locator(message).first().boundingBox();

    expect(f && m, `${ what }: field and message on screen`).toBeTruthy();
    const below = m!.y >= f!.y + f!.height - 2 && m!.y - (f!.y + f!.height) < 40;
    const overlapsHorizontally = m!.x < f!.x + f!.width && m!.x + m!.width > f!.x;

    expect(below && overlapsHorizontally, `${ what }: the message is right under its field (field ${ JSON.stringify(f) }, message ${ JSON.stringify(m) })`).toBe(true);
  }).toPass({ timeout: 5000 });
}

// ---------------------------------------------------------------------------------------------------------------
// Accessibility

const AXE_SOURCE = path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe-core on one element of the page: the violations of impact serious or critical. */
export async function seriousViolations(page: Page, root: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => !!(window as any).axe))) {
    await page.addScriptTag({ path: AXE_SOURCE });
  }

  return page.evaluate(async(sel) => {
    const el = document.querySelector(sel);

    if (!el) {
      throw new Error(`axe: nothing matches ${ sel }`);
    }
    const res = await (window as any).axe.run(el, { resultTypes: ['violations'] });

    return res.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => ({
        id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n: any) => `${ n.target.join(' ') }: ${ n.failureSummary?.split('\n')[1]?.trim() || '' }`)
      }));
  }, root);
}

// ---------------------------------------------------------------------------------------------------------------
// Languages

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};

  for (const [k, v] of Object.entries(tree || {})) {
    const key = prefix ? `${ prefix }.${ k }` : k;

    if (typeof v === 'string') {
      out[key] = v;
    } else {
      Object.assign(out, leaves(v, key));
    }
  }

  return out;
}

/** All the extension's strings of a locale: the start-up ones (`l10n/`) and every pack (`strings/<pack>/`). */
function l10n(locale: string): Record<string, string> {
  return leaves(allStrings(locale));
}

/**
 * The English pieces of the extension's own strings that would give an untranslated string away: the literal text
 * between ICU placeholders, of two words or more, that the Chinese translation does not contain itself (names such
 * as "DHCP" or "filesystem" stay as they are in both).
 */
export function englishFragments(): string[] {
  const en = l10n('en-us');
  const zh = l10n('zh-hans');
  const fragments = new Set<string>();

  for (const [key, text] of Object.entries(en)) {
    const translated = zh[key] ?? '';

    // ICU: drop plural/select blocks' syntax and {placeholders}; keep the literal runs.
    const literal = text.replace(/\{[^{}]*\{[^{}]*\}[^{}]*\}/g, '\u0000').replace(/\{[^{}]*\}/g, '\u0000');

    for (const piece of literal.split('\u0000')) {
      const p = piece.trim().replace(/^[\s,.:;()"'-]+|[\s,.:;()"'-]+$/g, '');

      if (p.split(/\s+/).length >= 2 && /[a-z]{3}/i.test(p) && !translated.includes(p)) {
        fragments.add(p);
      }
    }
  }

  return [...fragments];
}

/** The visible text of the extension's parts on the page, and the extension's own list column headers. */
export async function extensionText(page: Page, extraSelectors: string[] = []): Promise<string> {
  return page.evaluate((sels) => {
    const texts: string[] = [];

    sels.forEach((sel) => document.querySelectorAll(sel).forEach((el) => {
      const h = el as HTMLElement;

      texts.push(h.innerText || '');
      // Attributes a user meets too: placeholders, labels read out, tooltips.
      h.querySelectorAll('[placeholder], [aria-label], [title]').forEach((x) => {
        ['placeholder', 'aria-label', 'title'].forEach((a) => x.getAttribute(a) && texts.push(x.getAttribute(a) as string));
      });
    }));

    return texts.join('\n');
  }, [...SEL.extensionRoots, ...extraSelectors]);
}

export async function expectNoEnglish(page: Page, screen: string, extraSelectors: string[] = []): Promise<void> {
  const text = (await extensionText(page, extraSelectors)).replace(/\s+/g, ' ');
  const left = englishFragments().filter((f) => text.includes(f));

  expect(text.trim(), `${ screen }: the extension's text on the page`).not.toBe('');
  expect(left, `${ screen }: English left on screen in zh-hans`).toEqual([]);
}
