/**
 * Issue 20 at scale: the Load Balancers page of rke2-guest with 5,000 more LoadBalancer Services (what
 * `SIM_SCALE_SERVICES=5000 npm run simClient` seeds; loaded into the suite's simulator through its control API, the next
 * test's reset brings the plain demo back). One server-side page of 100; filter, sort and group across the 5,000 on
 * the server where Steve can, on the page otherwise; in English and in Simplified Chinese.
 */
import { expect, test } from './fixtures';
import { RKE2, writesSent } from './lib/demoSteps';
import { choose } from './lib/fields';
import { expectNoEnglish } from './lib/leftoverEnglish';
import { open } from './lib/pages';
import { seriousViolations } from './lib/axe';
import { useLanguage } from './lib/language';

const PAGE = '[data-testid="lb-page"]';
const PAGER = '[data-testid="lb-page-pager"]';
const ROWS = `${ PAGE } tbody tr`;
const lbPath = (cluster: string) => `/c/${ cluster }/explorer/harvester-load-balancers`;
const scaleRow = (i: number) => `[data-testid="lb-row-scale-lb-lb-${ String(i).padStart(5, '0') }"]`;

test('20. the Load Balancers page at 5,000 Services: one page of 100, filter and sort across all, group the page', async({ simClient, page, dashboardUrl }) => {
  await simClient.scaleServices(5000);
  await open(page, dashboardUrl, lbPath(RKE2), scaleRow(0));

  await expect(page.locator(ROWS)).toHaveCount(100);
  await expect(page.locator(PAGER)).toContainText(/Page 1 of 51 \(50\d\d Services\)/);
  await expect(page.locator(scaleRow(0)).locator('[data-testid="lb-row-pool"]')).toContainText('pool-rke2-guest — network and scope match');
  expect(await seriousViolations(page, PAGE), 'serious/critical accessibility violations').toEqual([]);

  // A name filter across all 5,000 (Steve's `filter=metadata.name~…`): ten Services, one page.
  await page.locator(`${ PAGE } [data-testid="lb-page-filter"] input`).fill('lb-0420');
  await page.locator(`${ PAGE } [data-testid="lb-page-filter"] input`).press('Enter');
  await expect(page.locator(PAGER)).toContainText('Page 1 of 1 (10 Services)');
  await expect(page.locator(scaleRow(4209))).toBeVisible();
  await page.locator(`${ PAGE } [data-testid="lb-page-filter"] input`).fill('');
  await page.locator(`${ PAGE } [data-testid="lb-page-filter"] input`).press('Enter');
  await expect(page.locator(PAGER)).toContainText('Page 1 of 51');

  // Pending ones across all 5,000: only the demo's (the scale Services all have an address).
  await choose(page, `${ PAGE } [data-testid="lb-page-state"]`, 'Pending');
  await expect(page.locator(PAGER)).toContainText('Page 1 of 1');
  await expect(page.locator(`${ ROWS }[data-testid^="lb-row-scale-lb-"]`)).toHaveCount(0);
  await choose(page, `${ PAGE } [data-testid="lb-page-state"]`, 'All');

  // Sorted by address, descending, across all: the Pending (`<pending>`) first, then the demo's 192.168.100.*, then 172.20.*.
  await page.locator(`${ PAGE } [data-testid="lb-sort-address"]`).click();
  await page.locator(`${ PAGE } [data-testid="lb-sort-address"]`).click();
  await expect(page.locator(`${ PAGE } th[aria-sort="descending"]`)).toContainText('Address');
  await expect(page.locator(ROWS).first()).toContainText('Pending');

  // The next page, then grouped by network: the page's rows only.
  await page.locator(PAGER).getByRole('button', { name: 'Next' }).click();
  await expect(page.locator(PAGER)).toContainText('Page 2 of 51');
  await choose(page, `${ PAGE } [data-testid="lb-page-group"]`, 'Network');
  await expect(page.locator(`${ PAGE } h3`).filter({ hasText: 'Network default/vlan100' })).toBeVisible();
  await expect(page.locator(ROWS)).toHaveCount(100);
  expect(await writesSent(simClient), 'writes while viewing the page').toEqual([]);
});

test('zh-hans: the Load Balancers page at 5,000 Services shows no English', async({ simClient, page, dashboardUrl }) => {
  await simClient.scaleServices(5000);
  await useLanguage(page, dashboardUrl, simClient, 'zh-hans');
  await open(page, dashboardUrl, lbPath(RKE2), scaleRow(0));
  await expect(page.locator(PAGER)).toContainText(/第 1 页，共 51 页/);
  await choose(page, `${ PAGE } [data-testid="lb-page-state"]`, '等待中');
  await expect(page.locator(PAGER)).toContainText('第 1 页，共 1 页');
  await choose(page, `${ PAGE } [data-testid="lb-page-group"]`, 'IP 池');
  await expect(page.locator(`${ PAGE } h3`).first()).toBeVisible();
  await expectNoEnglish(page, 'Load Balancers page at 5,000', [PAGE]);
});
