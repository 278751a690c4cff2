/**
 * Issue 34: the Services list's LB Address column sorted by a field Steve does not index. On the real Steve (and
 * Rancher 2.13.8's and 2.15's servers) the header then showed ascending/descending while the rows stayed in name order,
 * and a search for an address showed every row, with no error: Steve had answered 422. Here, on every backend, the
 * column sorts both ways and a search finds an address, with no list request refused.
 */
import type { Page, Response } from '@playwright/test';
import { RKE2_GUEST, SERVICES } from '../../lab/world/ids';
import { SEL } from './lib/selectors';
import { paths, STEP_MS } from './lib/pages';
import { expect, test } from './fixtures';
import { VERSIONS } from './needs';
import { openPage } from './lib/steps';

const ADDRESS = 'LB Address';
const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

/** Service list requests Steve refused (4xx/5xx): a refused sort or search is a failure the page must not hide. */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];

  page.on('response', (r: Response) => {
    const u = new URL(r.url());

    if (/\/v1\/services/.test(u.pathname) && r.status() >= 400) {
      refused.push(`${ r.status() } ${ decodeURIComponent(u.search) }`);
    }
  });

  return refused;
}

async function column(page: Page, header: string): Promise<{ index: number; cells: () => Promise<string[]> }> {
  const headers = (await page.locator(SEL.table.headerCells).allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(header);

  expect(index, `${ header } among ${ headers.join(' | ') }`).toBeGreaterThan(-1);

  return { index, cells: async() => (await page.locator(SEL.table.rows).evaluateAll((rows, i) => rows.map((r) => (r.children[i] as HTMLElement)?.innerText.trim() || ''), index)) };
}

/** The IPv4 addresses among the cells, in the order shown. */
const addresses = (cells: string[]) => cells.filter((c) => IPV4.test(c));
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

test('the LB Address column sorts both ways and a search finds an address, with nothing refused', VERSIONS, async({ adminPage: page, sim }) => {
  const refused = watchRefusals(page);

  await openPage(page, sim.dashboard, paths.services(RKE2_GUEST.id), `${ SEL.table.rows }:has-text("${ SERVICES.webPool }")`);
  const lb = await column(page, ADDRESS);
  const header = page.locator(SEL.table.headerCells).nth(lb.index);

  await expect.poll(async() => addresses(await lb.cells()).length, { timeout: STEP_MS, message: 'addresses in the list' }).toBeGreaterThan(1);
  const shown = addresses(await lb.cells());
  const ascending = [...shown].sort(byText);

  // Ascending: the addresses in order, and the header says so.
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async() => addresses(await lb.cells()), { timeout: STEP_MS, message: 'the rows by address, ascending' }).toEqual(ascending);
  // Descending.
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async() => addresses(await lb.cells()), { timeout: STEP_MS, message: 'the rows by address, descending' }).toEqual([...ascending].reverse());

  // A search for one address shows the rows with it, and not the others.
  const wanted = ascending[0];

  // The list's filter box: `input.search-box` up to 2.15, a textbox named "Filter table results" on master.
  await page.locator('input.search-box').or(page.getByRole('textbox', { name: 'Filter table results' })).first().fill(wanted);
  await expect.poll(async() => {
    const cells = await lb.cells();

    return cells.length > 0 && cells.every((c) => c.includes(wanted));
  }, { timeout: STEP_MS, message: `only rows with ${ wanted }` }).toBe(true);
  expect(refused, 'list requests refused by Steve').toEqual([]);
});
