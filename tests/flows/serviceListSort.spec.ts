/**
 * Issue 34: the Services list's LB Address column sorted by a field Steve does not index. On the real Steve (and
 * Rancher 2.13.8's and 2.15's servers) the header then showed ascending/descending while the rows stayed in name order,
 * and a search for an address showed every row, with no error: Steve had answered 422. Here, on every backend, the
 * column sorts both ways and a search finds an address, with no list request refused.
 */
import type { Page, Request, Response } from '@playwright/test';
import { RKE2_GUEST, SERVICES } from '../../lab/world/ids';
import { SEL } from './lib/selectors';
import { paths, STEP_MS } from './lib/pages';
import { expect, test } from './fixtures';
import { VERSIONS } from './needs';
import { openPage } from './lib/steps';

const ADDRESS = 'LB Address';
const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

/**
 * Service list requests Steve refused (4xx/5xx): a refused sort or search is a failure the page must not hide. Not
 * one: a 400 `unknown revision` to a list the shell re-reads after a watch event (`revision=` in its query) — Steve's
 * cache had not reached that revision yet, and the shell retries until it has (shell/plugins/steve/subscribe.js
 * `fetchPageResources`, continueOnError; seen on Rancher 2.13's and 2.15's servers).
 */
function watchRefusals(page: Page): () => Promise<string[]> {
  const refused: string[] = [];
  const reading: Promise<void>[] = [];

  page.on('response', (r: Response) => reading.push((async() => {
    const u = new URL(r.url());

    if (/\/v1\/services/.test(u.pathname) && r.status() >= 400) {
      const code = await r.json().then((b) => b?.code, () => undefined);

      if (!(r.status() === 400 && u.searchParams.has('revision') && code === 'unknown revision')) {
        refused.push(`${ r.status() } ${ code || '' } ${ decodeURIComponent(u.search) }`);
      }
    }
  })()));

  return async() => {
    await Promise.all(reading);

    return refused;
  };
}

/**
 * The Service list requests of the page, for the failure message and for `settled`: each one's sort, revision and
 * answer, in the order sent. The shell re-reads the page after a watch event with the pagination it then holds
 * (shell/plugins/steve/subscribe.js fetchPageResources): one sent before a click and answered after it can put back
 * the previous order (seen once on Rancher 2.15's server, the rows left ascending under a descending header).
 */
interface ListReads {
  pending: () => number;
  log: () => string;
  /** Whether the page reads the list sorted by the server (Steve's `sort`): then each sort is a read. */
  serverSorted: () => boolean;
  /** How many reads the page has made so far. */
  made: () => number;
  /** Whether a read made after the first `n` has been answered. */
  answeredAfter: (n: number) => boolean;
}

function listRequests(page: Page): ListReads {
  const t0 = Date.now();
  const sent = new Map<Request, string>();
  const done = new Set<Request>();
  const sorts = new Map<Request, string>();
  const ofServices = (r: Request) => /\/v1\/services$/.test(new URL(r.url()).pathname);
  const finish = (r: Request, how: string) => {
    if (sent.has(r)) {
      sent.set(r, `${ sent.get(r) } → ${ how } at +${ Date.now() - t0 } ms`);
      done.add(r);
    }
  };

  page.on('request', (r) => {
    if (ofServices(r)) {
      const q = new URL(r.url()).searchParams;

      sent.set(r, `+${ Date.now() - t0 } ms sort=${ q.get('sort') || '' } revision=${ q.get('revision') || '' }`);
      sorts.set(r, q.get('sort') || '');
    }
  });
  page.on('requestfinished', (r) => finish(r, 'answered'));
  page.on('requestfailed', (r) => finish(r, 'failed'));

  return {
    pending:       () => sent.size - done.size,
    log:           () => [...sent.values()].join('; '),
    serverSorted:  () => [...sorts.values()].some(Boolean),
    made:          () => sent.size,
    answeredAfter: (n) => [...sent.keys()].slice(n).some((r) => done.has(r)),
  };
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
  const requests = listRequests(page);
  // A failed wait for an order names the list reads the page made, and their answers.
  const told = async(wait: Promise<unknown>) => {
    try {
      await wait;
    } catch (e) {
      (e as Error).message += `\nlist reads: ${ requests.log() }`;
      throw e;
    }
  };

  await openPage(page, sim.dashboard, paths.services(RKE2_GUEST.id), `${ SEL.table.rows }:has-text("${ SERVICES.webPool }")`);
  const lb = await column(page, ADDRESS);
  const header = page.locator(SEL.table.headerCells).nth(lb.index);

  await expect.poll(async() => addresses(await lb.cells()).length, { timeout: STEP_MS, message: 'addresses in the list' }).toBeGreaterThan(1);
  // The user sorts a list that has stopped changing: Harvester's controllers give the last addresses right after the
  // reset, and each change makes the shell re-read the page.
  let before = '';

  await expect.poll(async() => {
    const now = `${ addresses(await lb.cells()).join(' ') } with ${ requests.pending() } list reads pending`;
    const same = now === before && requests.pending() === 0;

    before = now;

    return same ? 'settled' : now;
  }, {
    timeout: STEP_MS, intervals: [2000], message: 'the list settled'
  }).toBe('settled');
  const shown = addresses(await lb.cells());
  // In order, as many as shown before (a load balancer may get its address meanwhile, as on Rancher 2.13's server
  // beside Harvester's controllers: a list read once before the click is not what the sorted list must equal).
  const sorted = async(order: 'ascending' | 'descending') => {
    const now = addresses(await lb.cells());
    const want = [...now].sort(byText);

    return now.length >= shown.length && JSON.stringify(now) === JSON.stringify(order === 'ascending' ? want : want.reverse()) ? 'in order' : now.join(' ');
  };

  // Ascending: the addresses in order, and the header says so. Where the server sorts, the read the click made is
  // answered first: the rows may be in order by chance before it, and its answer landing after the next click's (seen
  // on Rancher 2.15's server: the shell keeps whichever answer comes last) would undo the descending order.
  const serverSorted = requests.serverSorted();
  const readsBefore = requests.made();

  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  if (serverSorted) {
    await told(expect.poll(() => requests.answeredAfter(readsBefore), { timeout: STEP_MS, message: 'the list read the ascending click made, answered' }).toBe(true));
  }
  await told(expect.poll(() => sorted('ascending'), { timeout: STEP_MS, message: 'the rows by address, ascending' }).toBe('in order'));
  // Descending, once the page has its answers (a re-read sent before the click must not land after it).
  await expect.poll(() => requests.pending(), { timeout: STEP_MS, message: 'list reads answered' }).toBe(0);
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await told(expect.poll(() => sorted('descending'), { timeout: STEP_MS, message: 'the rows by address, descending' }).toBe('in order'));
  const ascending = addresses(await lb.cells()).reverse();

  // A search for one address shows the rows with it, and not the others.
  const wanted = ascending[0];

  // The list's filter box: `input.search-box` up to 2.15, a textbox named "Filter table results" on master.
  await page.locator('input.search-box').or(page.getByRole('textbox', { name: 'Filter table results' })).first().fill(wanted);
  await expect.poll(async() => {
    const cells = await lb.cells();

    return cells.length > 0 && cells.every((c) => c.includes(wanted));
  }, { timeout: STEP_MS, message: `only rows with ${ wanted }` }).toBe(true);
  expect(await refused(), 'list requests refused by Steve').toEqual([]);
});
