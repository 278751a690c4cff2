/**
 * The Add-on Config tab on real Service pages (create, edit, detail), each save checked in the simulator's stored
 * object.
 */
import { NETWORKS, SERVICES } from '../../lab/world/ids';
import { expect, test } from './fixtures';
import { SEL } from './lib/selectors';
import {
  A, fillPoolWithHealthCheck, K3S, poolWithHealthCheckAnnotations, RKE2, saveAndLeave, storedAnnotations,
  WEB_POOL_ANNOTATIONS, writesSent
} from './lib/demoSteps';
import {
  choose, selectedText, setChecked, typeInto, visibleTexts
} from './lib/fields';
import { fillServiceBasics, openAddOnConfig, openTab, startLoadBalancerCreate } from './lib/cruPage';
import { open, paths } from './lib/pages';
import { SERVER } from './needs';

test('1. admin creates a LoadBalancer Service (IP pool, health check) on rke2-guest', SERVER, async({
  simClient, page, dashboardUrl, shot
}) => {
  await fillPoolWithHealthCheck(page, dashboardUrl, 'e2e-pool');
  expect(await selectedText(page, SEL.hc.port), 'health-check port shown').toBe('8080');
  await shot('lb-create', { doc: 'lb-create.png', tall: true });
  await saveAndLeave(page);

  expect(await storedAnnotations(simClient, RKE2, 'default/e2e-pool'), 'e2e-pool annotations').toEqual(poolWithHealthCheckAnnotations());
  // The list shows it with the extension's columns.
  await open(page, dashboardUrl, paths.services(RKE2), `${ SEL.table.rows }:has-text("e2e-pool")`);
  const row = (await visibleTexts(page, `${ SEL.table.rows }:has-text("e2e-pool")`))[0];

  expect(row, 'the Services list row of e2e-pool').toMatch(/\bPool\b/);
  expect(row, 'the Services list row of e2e-pool').toMatch(/\bPending\b/);
  await shot('services-list');
});

test('2. a DHCP LoadBalancer on network default/vlan200', async({
  simClient, page, dashboardUrl, shot
}) => {
  await startLoadBalancerCreate(page, dashboardUrl, RKE2);
  await fillServiceBasics(page, 'e2e-dhcp', { name: 'http', port: 80 });
  await openAddOnConfig(page);
  await page.locator(SEL.lb.sourceOption('dhcp')).click();
  await choose(page, SEL.lb.network, NETWORKS.vlan200);
  expect(await selectedText(page, SEL.lb.network), 'the network shown').toContain(NETWORKS.vlan200);
  await shot('lb-create-dhcp', { tall: true });
  await saveAndLeave(page);

  expect(await storedAnnotations(simClient, RKE2, 'default/e2e-dhcp'), 'e2e-dhcp annotations').toEqual({ [A.ipam]: 'dhcp', [A.network]: NETWORKS.vlan200 });
});

test('3. a LoadBalancer sharing the IP of default/web-pool (ports 8443, no overlap)', async({
  simClient, page, dashboardUrl, shot
}) => {
  await startLoadBalancerCreate(page, dashboardUrl, RKE2);
  await fillServiceBasics(page, 'e2e-shared', { name: 'https-alt', port: 8443 });
  await openAddOnConfig(page);
  await page.locator(SEL.lb.sourceOption('share')).click();
  await choose(page, SEL.lb.primary, `default/${ SERVICES.webPool }`);
  expect(await visibleTexts(page, SEL.lb.primaryError), 'errors shown for a valid primary').toEqual([]);
  await shot('lb-create-shared', { tall: true });
  await saveAndLeave(page);

  const annotations = await storedAnnotations(simClient, RKE2, 'default/e2e-shared');

  // Only the primary: a Service sharing an IP carries no ipam annotation.
  expect(annotations, 'e2e-shared annotations').toEqual({ [A.primary]: `default/${ SERVICES.webPool }` });
});

test('4. editing web-pool\'s health check keeps its other annotations byte for byte', async({
  simClient, page, dashboardUrl, shot
}) => {
  const before = await simClient.object(RKE2, 'service', `default/${ SERVICES.webPool }`);

  await open(page, dashboardUrl, paths.serviceEdit(RKE2, 'default', SERVICES.webPool), SEL.cru.tabButton('add-on-config'));
  await openAddOnConfig(page);
  await expect(page.locator(SEL.lb.sourceLocked), 'the edit page says the IP source is fixed').toBeVisible();
  await setChecked(page, SEL.hc.enabled, true);
  await choose(page, SEL.hc.port, '443');
  await typeInto(page, SEL.hc.number('failureThreshold'), '5');
  await shot('lb-edit', { tall: true });
  await saveAndLeave(page);

  const after = await simClient.object(RKE2, 'service', `default/${ SERVICES.webPool }`);

  expect(after!.metadata.annotations, 'web-pool annotations').toEqual({
    ...WEB_POOL_ANNOTATIONS, [A.hcPort]: '443', [A.success]: '1', [A.failure]: '5', [A.period]: '5', [A.timeout]: '3'
  });
  expect(after!.spec.ports, 'web-pool ports').toEqual(before!.spec.ports);
  expect(after!.metadata.labels || {}, 'web-pool labels').toEqual(before!.metadata.labels || {});
});

test('5. turning legacy-lb\'s health check off (k3s-guest) removes the five health-check keys', async({ simClient, page, dashboardUrl }) => {
  await open(page, dashboardUrl, paths.serviceEdit(K3S, 'default', SERVICES.legacyLb), SEL.cru.tabButton('add-on-config'));
  await openAddOnConfig(page);
  expect(await page.locator(SEL.hc.support).innerText(), 'the health-check banner names the provider version').toContain('0.1.5');
  expect(await selectedText(page, SEL.hc.port), 'legacy-lb\'s health-check port shown').toBe('80');
  await setChecked(page, SEL.hc.enabled, false);
  await saveAndLeave(page);

  const annotations = await storedAnnotations(simClient, K3S, `default/${ SERVICES.legacyLb }`);

  // None of the five health-check keys is left.
  expect(annotations, 'legacy-lb annotations').toEqual({ [A.ipam]: 'pool' });
});

test('2b. the detail page of the pending network-changed says why, from its events', async({
  simClient, page, dashboardUrl, shot
}) => {
  await open(page, dashboardUrl, paths.service(RKE2, 'default', SERVICES.pendingNetChanged), SEL.cru.tabButton('add-on-config'));
  await openTab(page, 'add-on-config', SEL.lb.hostStatus);
  await page.locator(SEL.lb.hostReasons).waitFor();
  expect((await page.locator(SEL.lb.hostAddress).innerText()).trim(), 'the address shown for network-changed').toBe('Pending');
  expect(await page.locator(SEL.lb.hostReasons).innerText(), 'the reasons shown for network-changed (the provider\'s message)').toContain('network annotation of service default/network-changed is not same as the load balancer');
  // Read-only: no field of the tab can be changed here.
  await expect(page.locator(SEL.lb.editable), 'controls that can be changed on the detail page').toHaveCount(0);
  await shot('lb-detail-pending', { doc: 'lb-detail-pending.png', tall: true });
  expect(await writesSent(simClient), 'writes while viewing network-changed').toEqual([]);
});

test('2c. the Services list: LB Mode, Address and Status columns, a Pending load balancer with its reason', async({ page, dashboardUrl, shot }) => {
  await open(page, dashboardUrl, paths.services(RKE2), SEL.table.rows);
  const headers = (await page.locator(SEL.table.headerCells).allInnerTexts()).map((h) => h.trim());
  const column = (name: string) => headers.indexOf(name);
  const cell = (service: string, name: string) => page.locator(SEL.table.rows)
    .filter({ has: page.getByRole('link', { name: service, exact: true }) })
    .locator('td').nth(column(name));

  expect(['LB Mode', 'LB Address', 'LB Status'].map(column), `LB headers among ${ headers.join(' | ') }`).not.toContain(-1);
  await expect(cell(SERVICES.webDhcp, 'LB Mode')).toHaveText(/DHCP/);
  // DHCP: kube-vip's lease (Harvester gave its load balancer 0.0.0.0 at once).
  await expect(cell(SERVICES.webDhcp, 'LB Address')).toHaveText(/192\.168\.100\.200/);
  await expect(cell(SERVICES.pendingNetwork, 'LB Status')).toHaveText(/Network not in the NAD mapping|Pending/);
  await expect(cell(SERVICES.webPool, 'LB Address')).toHaveText(/\d+\.\d+\.\d+\.\d+/);
  await shot('demo-services', { doc: 'demo-services.png' });
});
