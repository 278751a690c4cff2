/** The shell's form controls as a user works them (selects, checkboxes, text inputs), and reading what they show. */
import type { Locator, Page } from 'playwright-core';
import { expect } from '@playwright/test';
import { SEL } from './selectors';

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
