/**
 * Issue 20: the Load Balancers page of rke2-guest (the demo's LoadBalancer Services): address, IPAM, network, the IP
 * pool and why, sharing, Pending reasons as the Service detail page gives them; in English and in Simplified Chinese.
 */
import type { Locator } from '@playwright/test';
import { SERVICES } from '../../../simulator/demo/ids';
import { expect, test } from '../fixtures';
import { RKE2, writesSent } from '../steps';
import { choose, expectNoEnglish, open, seriousViolations } from '../ui';
import { useLanguage } from '../language';

const PAGE = '[data-testid="lb-page"]';
const PAGER = '[data-testid="lb-page-pager"]';
const lbPath = (cluster: string) => `/c/${ cluster }/explorer/harvester-load-balancers`;
const row = (name: string) => `[data-testid="lb-row-default-${ name }"]`;
const textOf = async(l: Locator) => ((await l.textContent()) || '').replace(/\s+/g, ' ');

test('20. the Load Balancers page: every LoadBalancer Service with its pool and why, Pending reasons, grouping', async({
  page, dashboardUrl, sim, shot
}) => {
  await open(page, dashboardUrl, lbPath(RKE2), PAGER);

  expect(await page.locator(`${ PAGE } tbody tr`).count(), 'one row per LoadBalancer Service').toBeGreaterThanOrEqual(6);
  expect(await textOf(page.locator(row(SERVICES.webPool))), 'an allocated load balancer').toMatch(/Active[\s\S]*192\.168\.100\.50[\s\S]*pool-rke2-guest/);
  expect(await textOf(page.locator(row(SERVICES.pendingNoPool))), 'a Pending one, with the detail page\'s reason').toMatch(/Pending[\s\S]*No matching IP pool/);
  expect(await textOf(page.locator(row(SERVICES.pendingPrimary))), 'a secondary and its primary').toContain(`Shares the IP of default/${ SERVICES.pendingNoPool }`);
  expect(await page.locator(PAGER).innerText(), 'server-side pages').toMatch(/Page 1 of 1/);
  expect(await seriousViolations(page, PAGE), 'serious/critical accessibility violations').toEqual([]);

  // Grouped by network: one table per network.
  await choose(page, `${ PAGE } [data-testid="lb-page-group"]`, 'Network');
  await expect(page.locator(`${ PAGE } h3`).first()).toBeVisible();
  await shot('load-balancers', { doc: 'load-balancers.png', tall: true });

  // The row links to the Service's own detail page.
  await page.locator(row(SERVICES.pendingNoPool)).locator('a').click();
  await page.waitForURL(new RegExp(`/explorer/service/default/${ SERVICES.pendingNoPool }$`));
  expect(await writesSent(sim), 'writes while viewing the page').toEqual([]);
});

test('zh-hans: the Load Balancers page shows no English', async({ page, dashboardUrl, sim }) => {
  await useLanguage(page, dashboardUrl, sim, 'zh-hans');
  await open(page, dashboardUrl, lbPath(RKE2), PAGER);
  expect(await page.locator(`${ PAGE } h1`).innerText()).toBe('Harvester 负载均衡器');
  expect(await textOf(page.locator(row(SERVICES.pendingNoPool))), 'a Pending one, in Chinese').toContain('等待中');
  await expectNoEnglish(page, 'Load Balancers page', [PAGE]);
});
