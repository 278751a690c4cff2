/**
 * Issue 20: the Load Balancers page of rke2-guest (the demo's LoadBalancer Services): address, IPAM, network, the IP
 * pool and why, sharing, Pending reasons as the Service detail page gives them; sort and filter (state and address on
 * the server, pool on the page) and grouping; in English and in Simplified Chinese. At 5,000: loadBalancersScale.spec.ts.
 */
import type { Locator } from '@playwright/test';
import { SERVICES } from '../../lab/world/ids';
import { expect, test } from './fixtures';
import { RKE2, writesSent } from './lib/demoSteps';
import { choose } from './lib/fields';
import { expectNoEnglish } from './lib/leftoverEnglish';
import { open, STEP_MS } from './lib/pages';
import { seriousViolations } from './lib/axe';
import { useLanguage } from './lib/language';

const PAGE = '[data-testid="lb-page"]';
const PAGER = '[data-testid="lb-page-pager"]';
const lbPath = (cluster: string) => `/c/${ cluster }/explorer/harvester-load-balancers`;
const row = (name: string) => `[data-testid="lb-row-default-${ name }"]`;
const textOf = async(l: Locator) => ((await l.textContent()) || '').replace(/\s+/g, ' ');

test('20. the Load Balancers page: every LoadBalancer Service with its pool and why, Pending reasons, grouping', async({
  simClient, page, dashboardUrl, shot
}) => {
  await open(page, dashboardUrl, lbPath(RKE2), PAGER);

  expect(await page.locator(`${ PAGE } tbody tr`).count(), 'one row per LoadBalancer Service').toBeGreaterThanOrEqual(6);
  // The rows show first with the Services' own fields, and "Reading the Harvester host…" until the host's pools and
  // LoadBalancers are read: what each row settles on is waited for, as a user would.
  const settlesTo = (id: string, message: string, expected: RegExp) => expect.poll(() => textOf(page.locator(row(id))), { message, timeout: STEP_MS }).toMatch(expected);

  await settlesTo(SERVICES.webPool, 'an allocated load balancer', /Active[\s\S]*192\.168\.100\.50[\s\S]*pool-rke2-guest/);
  await settlesTo(SERVICES.webDhcp, 'a DHCP one: kube-vip\'s lease, no pool', /Active[\s\S]*192\.168\.100\.200[\s\S]*— \(DHCP\)/);
  await settlesTo(SERVICES.pendingNetwork, 'a Pending one, with the detail page\'s reason', /Pending[\s\S]*Network not in the NAD mapping/);
  await settlesTo(SERVICES.pendingPrimary, 'a secondary and its primary', new RegExp(`Shares the IP of default/${ SERVICES.pendingNetwork }`));
  expect(await page.locator(PAGER).innerText(), 'server-side pages').toMatch(/Page 1 of 1/);
  expect(await seriousViolations(page, PAGE), 'serious/critical accessibility violations').toEqual([]);

  // Filtered by state on the server: only the Pending ones, then all again.
  await choose(page, `${ PAGE } [data-testid="lb-page-state"]`, 'Pending');
  await expect(page.locator(row(SERVICES.webPool))).toHaveCount(0);
  await expect(page.locator(row(SERVICES.pendingNetwork))).toBeVisible();
  await choose(page, `${ PAGE } [data-testid="lb-page-state"]`, 'All');
  await expect(page.locator(row(SERVICES.webPool))).toBeVisible();

  // Sorted by address on the server (as text: web-dhcp's .200 before web-pool's .50): the allocated ones first.
  await page.locator(`${ PAGE } [data-testid="lb-sort-address"]`).click();
  await expect(page.locator(`${ PAGE } th[aria-sort="ascending"]`)).toContainText('Address');
  await expect(page.locator(`${ PAGE } tbody tr`).first()).toHaveAttribute('data-testid', 'lb-row-default-web-dhcp');

  // Filtered by pool on the page's rows: web-pool and the secondaries sharing its address; the page says where.
  await choose(page, `${ PAGE } [data-testid="lb-page-pool"]`, 'pool-rke2-guest');
  await expect(page.locator(`${ PAGE } tbody tr`)).toHaveCount(3);
  await expect(page.locator(`${ PAGE } [data-testid="lb-page-scope"]`)).toContainText('Only this page\'s rows: the IP pool filter');
  await choose(page, `${ PAGE } [data-testid="lb-page-pool"]`, 'Any');

  // Grouped by pool: one table per pool, the DHCP ones (their own and those sharing one) apart.
  await choose(page, `${ PAGE } [data-testid="lb-page-group"]`, 'IP pool');
  await expect(page.locator(`${ PAGE } h3`).filter({ hasText: 'Pool pool-rke2-guest (3)' })).toBeVisible();
  await expect(page.locator(`${ PAGE } h3`).filter({ hasText: '— (DHCP) (4)' })).toBeVisible();
  expect(await seriousViolations(page, PAGE), 'serious/critical accessibility violations, grouped').toEqual([]);
  await shot('load-balancers', { doc: 'load-balancers.png', tall: true });
  await choose(page, `${ PAGE } [data-testid="lb-page-group"]`, 'Network');
  await expect(page.locator(`${ PAGE } h3`).filter({ hasText: 'Network default/vlan100' })).toBeVisible();

  // The row links to the Service's own detail page.
  await page.locator(row(SERVICES.pendingNetwork)).locator('a').click();
  await page.waitForURL(new RegExp(`/explorer/service/default/${ SERVICES.pendingNetwork }$`));
  expect(await writesSent(simClient), 'writes while viewing the page').toEqual([]);
});

test('zh-hans: the Load Balancers page shows no English', async({ simClient, page, dashboardUrl }) => {
  await useLanguage(page, dashboardUrl, simClient, 'zh-hans');
  await open(page, dashboardUrl, lbPath(RKE2), PAGER);
  expect(await page.locator(`${ PAGE } h1`).innerText()).toBe('Harvester 负载均衡器');
  await expect.poll(() => textOf(page.locator(row(SERVICES.pendingNetwork))), { message: 'a Pending one, in Chinese', timeout: STEP_MS }).toContain('等待中');
  await choose(page, `${ PAGE } [data-testid="lb-page-state"]`, '等待中');
  await expect(page.locator(row(SERVICES.webPool))).toHaveCount(0);
  await choose(page, `${ PAGE } [data-testid="lb-page-pool"]`, /^\s*—（DHCP，无 IP 池）\s*$/);
  await expect(page.locator(`${ PAGE } [data-testid="lb-page-scope"]`)).toContainText('仅对本页的行生效');
  await choose(page, `${ PAGE } [data-testid="lb-page-group"]`, '网络');
  await expect(page.locator(`${ PAGE } h3`).first()).toContainText('网络');
  await expectNoEnglish(page, 'Load Balancers page', [PAGE]);
});
