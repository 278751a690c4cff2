/**
 * The Extensions page (`/c/local/uiplugins`, shell/pages/c/_cluster/uiplugins/index.vue) as a user works it, in
 * each Rancher version's markup: 2.12 draws its own cards with one button per action
 * (`extension-card-<action>-btn-<name>`); 2.13 and later draw an RcItemCard whose actions are in its ⋮ menu.
 */
import { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { OPERATION_MS } from './extensionState';

export const EXTENSION_LABEL = 'Harvester Cloud Provider';

const tid = (id: string) => `[data-testid="${ id }"]`;

/** The extension's card: 2.12's `extension-card-<name>`, or the RcItemCard of the chart (`item-card-<chart id>`). */
export function extensionCard(page: Page, name: string): Locator {
  return page.locator(`${ tid(`extension-card-${ name }`) }, ${ tid(`item-card-cluster/${ name }/${ name }`) }`)
    .filter({ hasText: EXTENSION_LABEL });
}

/** Opens Extensions on one of its tabs (the tab buttons are the shell Tabbed's `btn-<name>`). */
export async function openExtensionsTab(page: Page, dashboard: string, tab: 'installed' | 'available'): Promise<void> {
  await page.goto(`${ dashboard }/c/local/uiplugins`, { waitUntil: 'domcontentloaded' });
  await page.locator(tid(`btn-${ tab }`)).click({ timeout: 60000 });
  await expect(page.locator(`li${ tid(tab) }.active`)).toBeVisible();
}

/** Each action's button (2.12: `update` for the upgrade) and ⋮ menu item (2.13+). */
const ACTIONS = {
  install:   { button: 'install', item: 'Install' },
  uninstall: { button: 'uninstall', item: 'Uninstall' },
  upgrade:   { button: 'update', item: 'Upgrade' },
};

/** Starts an action of the card (Install, Uninstall, Upgrade) the way the version offers it: its button, or its ⋮ menu. */
export async function cardAction(page: Page, card: Locator, action: keyof typeof ACTIONS, name: string): Promise<void> {
  const button = card.locator(tid(`extension-card-${ ACTIONS[action].button }-btn-${ name }`));
  const menu = card.locator(tid('item-card-header-action-menu'));

  // While an operation on the chart runs, the card says "Installing ..." and offers no action (2.12's page follows
  // the App's operation, not only the UIPlugin): as a user, wait for it to end.
  await expect(button.or(menu)).toBeVisible({ timeout: OPERATION_MS });
  if (await button.isVisible()) {
    await button.click();
  } else {
    await menu.click();
    await page.getByRole('menuitem', { name: ACTIONS[action].item }).click();
  }
}
