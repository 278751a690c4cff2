/** Switching the dashboard's language as a user does (its preferences page), for the specs that check zh-hans. */
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { SEL } from './selectors';
import { SimClient } from '../../../lab/backends/simClient';
import { choose, selectedText } from './fields';
import { open, paths } from './pages';

export const LANGUAGES = { 'zh-hans': '简体中文', 'en-us': 'English' } as const;
export const PREFS_LANGUAGE = SEL.prefs.language;

/**
 * Picks the language in the dashboard's preferences and waits for it. The selector shows the new language once its
 * translations (the shell's and the extension's) are loaded; the dashboard then saves it as a cookie and in the
 * user's preferences on the server, whose copy the next page load takes: that save is waited for too.
 */
export async function useLanguage(page: Page, dashboardUrl: string, sim: SimClient, locale: keyof typeof LANGUAGES): Promise<void> {
  await open(page, dashboardUrl, paths.prefs(), PREFS_LANGUAGE);
  const change = (await selectedText(page, PREFS_LANGUAGE)) !== LANGUAGES[locale];

  if (change) {
    await choose(page, `${ PREFS_LANGUAGE } .v-select`, LANGUAGES[locale]);
  }
  await page.waitForFunction(([sel, label]) => document.querySelector(`${ sel } .vs__selected`)?.textContent?.trim() === label, [PREFS_LANGUAGE, LANGUAGES[locale]]);
  if (change) {
    await expect.poll(async() => (await sim.objects('local', 'userpreference')).some((p: any) => p.data?.locale === locale), { message: `the preference locale=${ locale } saved on the server`, timeout: 30000 }).toBe(true);
  }
}

