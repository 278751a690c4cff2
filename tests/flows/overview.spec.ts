/** The Harvester integration page and card of rke2-guest (provider v0.2.7, CSI v0.2.4, no CSI binding on the host). */
import { SERVICES } from '../../lab/world/ids';
import { expect, test } from './fixtures';
import type { Locator } from '@playwright/test';
import { SEL } from './lib/selectors';
import { RKE2, writesSent } from './lib/demoSteps';
import { open, paths } from './lib/pages';
import { seriousViolations } from './lib/axe';

/** The text as read out, whitespace collapsed (badges are inline-flex: innerText breaks lines around them). */
const textOf = async(l: Locator) => ((await l.textContent()) || '').replace(/\s+/g, ' ');

test('11. the Harvester integration page: components, what they support, RBAC manifest, Pending load balancers, card', async({
  simClient, page, dashboardUrl, shot
}) => {
  await open(page, dashboardUrl, paths.overview(RKE2), SEL.overview.lbCounts);

  expect(await textOf(page.locator(SEL.overview.component('cloudProvider'))), 'the provider').toMatch(/Installed, version 0\.2\.7[\s\S]*Sharing one IP between Services: Supported/);
  expect(await textOf(page.locator(SEL.overview.component('csiDriver'))), 'the CSI driver').toMatch(/Installed, version 0\.2\.4/);
  expect(await page.locator(SEL.overview.problems).innerText(), 'what needs attention').toMatch(/has no ClusterRoleBinding[\s\S]*load balancers are Pending/);
  expect(await page.locator(SEL.overview.rbacYaml).innerText(), 'the manifest to apply on the host').toContain('kind: ClusterRoleBinding');
  expect(await page.locator(SEL.overview.lbCounts).innerText(), 'load balancers by state').toMatch(/\d+ allocated, \d+ Pending/);
  expect(await page.locator(SEL.overview.pendingRow(SERVICES.pendingNetwork)).innerText(), 'a Pending load balancer\'s reason').toContain('Network not in the NAD mapping');
  expect(await seriousViolations(page, SEL.overview.root), 'serious/critical accessibility violations on the page').toEqual([]);
  await shot('overview', { doc: 'overview.png', tall: true });

  // Each Pending Service links to its own detail page (in-app navigation).
  await page.locator(SEL.overview.pendingRow(SERVICES.pendingNetwork)).locator('a').click();
  await page.waitForURL(new RegExp(`/explorer/service/[^/]+/${ SERVICES.pendingNetwork }$`));

  // The cluster dashboard's card.
  await open(page, dashboardUrl, paths.clusterHome(RKE2), SEL.overview.card);
  expect(await textOf(page.locator(SEL.overview.card)), 'the card').toMatch(/Harvester cloud provider: Installed, version 0\.2\.7[\s\S]*Harvester CSI driver: Installed, version 0\.2\.4/);
  expect(await seriousViolations(page, SEL.overview.card), 'serious/critical accessibility violations on the card').toEqual([]);
  expect(await writesSent(simClient), 'writes while viewing the overview').toEqual([]);
});
