/** The shell's create/edit page: starting a LoadBalancer Service, its tabs (the Add-on Config tab), saving. */
import type { Page } from 'playwright-core';
import { SEL } from './selectors';
import { open, paths, STEP_MS } from './pages';
import { typeInto } from './fields';

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
