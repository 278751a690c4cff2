/** English left on a Simplified Chinese page: the extension's own strings that give an untranslated one away. */
import type { Page } from 'playwright-core';
import { expect } from '@playwright/test';
import { SEL } from './selectors';
import { allStrings } from '../../harness/l10n';

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
