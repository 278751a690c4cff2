/**
 * What a page went through, for a failed flow's summary line: CI keeps only the end of a log and none of the
 * artifacts, so "page …/fail-whale" alone does not say which request sent it there. A page's trail is its last
 * navigations, refused answers (4xx/5xx), requests that never got one and errors it logged; and what it shows at
 * the failure: its headings, its table's row count or empty message, an error banner or growl.
 * Only paths are kept (no query beyond its first 60 characters, never a header or a body): the flows' URLs carry no
 * credentials, and a trail must not start to.
 */
import type { Page } from '@playwright/test';

const KEEP = 10;
const trails = new WeakMap<Page, { t0: number; events: string[] }>();

/** A request's method and path, its query cut short. */
export function shortUrl(method: string, url: string): string {
  const u = new URL(url);
  const query = u.search.length > 61 ? `${ u.search.slice(0, 61) }…` : u.search;

  return `${ method } ${ u.pathname }${ query }`;
}

/** Starts the page's trail: call once, as the page opens. */
export function followTrail(page: Page): Page {
  const trail = { t0: Date.now(), events: [] as string[] };
  const add = (what: string) => {
    trail.events.push(`+${ Math.round((Date.now() - trail.t0) / 1000) }s ${ what }`);
    trail.events.splice(0, Math.max(0, trail.events.length - KEEP));
  };

  trails.set(page, trail);
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) {
      add(`at ${ new URL(f.url()).pathname }`);
    }
  });
  page.on('response', (r) => {
    if (r.status() >= 400) {
      add(`${ r.status() } ${ shortUrl(r.request().method(), r.url()) }`);
    }
  });
  // The shell's own errors (the auth middleware logs what it met before it sends the page to fail-whale); the
  // browser's "Failed to load resource" lines repeat the refused answers above.
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) {
      add(`console "${ m.text().replace(/\s+/g, ' ').slice(0, 120) }"`);
    }
  });
  page.on('pageerror', (e) => add(`page error "${ e.message.replace(/\s+/g, ' ').slice(0, 120) }"`));
  page.on('requestfailed', (r) => add(`no answer (${ r.failure()?.errorText || 'failed' }) ${ shortUrl(r.method(), r.url()) }`));

  return page;
}

/** The page's heading, its table and any error it shows, in a line (a closed page: nothing). */
async function shows(page: Page): Promise<string> {
  return page.evaluate(() => {
    const text = (el: Element | null) => (el?.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 100);
    const parts: string[] = [];
    // The fail-whale page says why in its h2 (the error) and h4 (where it was met).
    const headings = [...document.querySelectorAll('h1, h2, h4')].map(text).filter(Boolean).slice(0, 3);
    const table = document.querySelector('table.sortable-table');
    const errors = [...document.querySelectorAll('.banner.error, .growl.error, .growl-container .growl')].map(text).filter(Boolean);

    if (headings.length) {
      parts.push(`headings "${ headings.join('" "') }"`);
    }
    if (table) {
      const rows = table.querySelectorAll('tbody tr.main-row').length;
      const empty = table.querySelector('tbody tr.no-rows, tbody .no-rows');

      parts.push(`table ${ rows } rows${ empty ? ` ("${ text(empty) }")` : '' }`);
    }
    errors.slice(0, 2).forEach((e) => parts.push(`error "${ e }"`));

    return parts.join(', ');
  }).catch(() => '');
}

/** The failure's line: where the page is, what it shows, and its trail. */
export async function trailAtFailure(page: Page): Promise<string> {
  const trail = trails.get(page);
  const seen = await shows(page);

  return [
    `page ${ page.url() }`,
    seen ? `showing ${ seen }` : '',
    trail?.events.length ? `trail: ${ trail.events.join(' · ') }` : '',
  ].filter(Boolean).join('; ');
}
