/**
 * Screenshots the demo suite keeps of the screens it checks: test-results/screenshots/<name>.png, and for the ones
 * the docs show, a copy in docs/screenshots/ made only when the test passes (a failed test must not replace a
 * documented screen with a broken one).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { RESULTS, ROOT } from './demo';

export const SHOTS_DIR = path.join(RESULTS, 'screenshots');
export const DOCS_SHOTS_DIR = path.join(ROOT, 'docs', 'screenshots');
/**
 * The projects whose screenshots the docs show (playwright.config.ts): the simulator's demo data in Rancher 2.15's
 * build, and demo mode's dev server for what only it shows.
 */
export const DOCS_PROJECTS = ['rancher-2.15', 'demo'];

export interface ShotOptions {
  /** Also copy it to docs/screenshots/<doc> (when the test passes). */
  doc?: string;
  /** Another page than the test's own (a second user's). */
  page?: Page;
  /** Grow the window to show the whole page: the dashboard scrolls inside its own panes, not the document. */
  tall?: boolean;
}

export type Shot = (name: string, opts?: ShotOptions) => Promise<void>;

const MAX_HEIGHT = 2600;

/** Grows the window until no pane of the page scrolls any more (capped): the dashboard scrolls inside <main>. */
async function growToFit(page: Page): Promise<void> {
  for (let i = 0; i < 4; i++) {
    const extra = await page.evaluate(() => Math.max(0, ...[...document.querySelectorAll('main, main *')]
      .filter((el) => el.scrollHeight > el.clientHeight + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowY))
      .map((el) => el.scrollHeight - el.clientHeight)));
    const size = page.viewportSize() || { width: 1440, height: 900 };

    if (extra <= 2 || size.height >= MAX_HEIGHT) {
      return;
    }
    await page.setViewportSize({ width: size.width, height: Math.min(MAX_HEIGHT, size.height + extra + 10) });
    // The panes lay out again at the new height before they are measured once more.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
}

/** Saves a screenshot of `page` to `file`, the window grown to the whole page first when `tall`. */
export async function screenshot(page: Page, file: string, tall = false): Promise<void> {
  const size = page.viewportSize();

  if (tall && size) {
    await growToFit(page);
  }
  try {
    await page.screenshot({ path: file });
  } finally {
    if (tall && size) {
      await page.setViewportSize(size);
    }
  }
}

/** Copies the screenshots the docs show into docs/screenshots/. */
export function copyToDocs(copies: { file: string; doc: string }[]): void {
  if (copies.length) {
    fs.mkdirSync(DOCS_SHOTS_DIR, { recursive: true });
  }
  copies.forEach(({ file, doc }) => fs.copyFileSync(file, path.join(DOCS_SHOTS_DIR, doc)));
}
