/**
 * Bad input: every rule of the Add-on Config tab and of the Harvester StorageClass form, tried in the browser. The
 * message shows beside its field, and while it shows, Save sends nothing (counted in the simulator's request log).
 */
import type { Page } from '@playwright/test';
import { NETWORKS, SERVICES } from '../../lab/world/ids';
import { expect, test } from './fixtures';
import { HcNumberField, SEL } from './lib/selectors';
import { SimClient } from '../../lab/backends/simClient';
import {
  A, RKE2, saveAndLeave, startHarvesterStorageClass, storedAnnotations
} from './lib/demoSteps';
import {
  choose, expectBeside, pageErrors, setChecked, typeInto, typeIntoSelect, visibleTexts
} from './lib/fields';
import {
  clickSave, fillServiceBasics, openAddOnConfig, openTab, startLoadBalancerCreate
} from './lib/cruPage';
import { currentPath } from './lib/pages';

const SERVICES_WRITES = `/k8s/clusters/${ RKE2 }/v1/services`;

/** Clicks Save while an error shows: the page must stay, say why, and send no write to `path`. */
async function expectSaveBlocked(page: Page, simClient: SimClient, path: string, banner: RegExp = /Add-on Config tab has errors/): Promise<void> {
  const before = (await simClient.resourceWrites(path)).length;
  const from = currentPath(page);

  await clickSave(page);
  await page.locator(SEL.cru.errorBanners).first().waitFor();
  // A write that should not be sent has no moment to wait for: give it the time to arrive anyway.
  await page.waitForTimeout(1000);
  expect((await pageErrors(page)).join(' | '), 'what the page says').toMatch(banner);
  expect(currentPath(page), 'the page after Save').toBe(from);
  const writes = await simClient.resourceWrites(path);

  expect(writes.slice(before).map((w) => `${ w.method } ${ w.path }`), 'writes sent while an error shows').toEqual([]);
}

/**
 * A field's message: shown (within a few seconds: the shell passes some edits on after a short debounce), with the
 * expected text, right beside the field.
 */
async function expectFieldError(page: Page, field: string, error: string, text: RegExp, what: string): Promise<void> {
  await expect.poll(() => visibleTexts(page, error), { message: `the message shown for ${ what }`, timeout: 5000 })
    .toEqual([expect.stringMatching(text)]);
  await expectBeside(page, field, error, what);
}

async function newLoadBalancer(page: Page, dashboardUrl: string, name: string, port: number): Promise<void> {
  await startLoadBalancerCreate(page, dashboardUrl, RKE2);
  await fillServiceBasics(page, name, { name: 'http', port });
  await openAddOnConfig(page);
}

test('bad input: a health check needs a port', async({ simClient, page, dashboardUrl }) => {
  await newLoadBalancer(page, dashboardUrl, 'e2e-bad-noport', 8080);
  await setChecked(page, SEL.hc.enabled, true);
  await expectFieldError(page, SEL.hc.port, SEL.hc.error('port'), /needs a port/, 'the empty health-check port');
  await expectSaveBlocked(page, simClient, SERVICES_WRITES);
});

test('bad input: the health-check port must be a TCP port of the Service', async({
  simClient, page, dashboardUrl, shot
}) => {
  await newLoadBalancer(page, dashboardUrl, 'e2e-bad-port', 8080);
  await setChecked(page, SEL.hc.enabled, true);
  await choose(page, SEL.hc.port, '8080');
  // The Service's port changes afterwards: the chosen port is no longer one of it.
  await openTab(page, 'define-service-ports', SEL.ports.port);
  await typeInto(page, SEL.ports.port, '9090');
  await openAddOnConfig(page);
  await expectFieldError(page, SEL.hc.port, SEL.hc.error('port'), /must be one of the Service's TCP ports: 9090/, 'a health-check port not in the Service');
  await expectSaveBlocked(page, simClient, SERVICES_WRITES);
  await shot('lb-validation', { doc: 'lb-validation.png', tall: true });
  // Fixed, it saves.
  await choose(page, SEL.hc.port, '9090');
  expect(await visibleTexts(page, SEL.hc.error('port')), 'messages after fixing the port').toEqual([]);
  await saveAndLeave(page);
  expect((await storedAnnotations(simClient, RKE2, 'default/e2e-bad-port'))[A.hcPort], 'the stored health-check port').toBe('9090');
});

test('bad input: thresholds, period and timeout must be whole numbers of 1 or more', async({ simClient, page, dashboardUrl }) => {
  await newLoadBalancer(page, dashboardUrl, 'e2e-bad-numbers', 8080);
  await setChecked(page, SEL.hc.enabled, true);
  await choose(page, SEL.hc.port, '8080');
  const bad: [HcNumberField, string][] = [['successThreshold', '1.5'], ['failureThreshold', '0'], ['periodSeconds', 'ten'], ['timeoutSeconds', '-3']];

  for (const [field, value] of bad) {
    await typeInto(page, SEL.hc.number(field), value);
    await expectFieldError(page, SEL.hc.number(field), SEL.hc.error(field), /whole number of 1 or more/, `${ field } = "${ value }"`);
  }
  await expectSaveBlocked(page, simClient, SERVICES_WRITES);
  // Put right one by one: the last fix lets it save.
  for (const [field] of bad) {
    await typeInto(page, SEL.hc.number(field), '2');
  }
  expect(await visibleTexts(page, `${ SEL.lb.root } .field-error`), 'messages after fixing the numbers').toEqual([]);
  await saveAndLeave(page);
  const saved = await storedAnnotations(simClient, RKE2, 'default/e2e-bad-numbers');

  expect([saved[A.success], saved[A.failure], saved[A.period], saved[A.timeout]], 'stored thresholds, period and timeout').toEqual(['2', '2', '2', '2']);
});

test('bad input: sharing an IP needs a primary, and ports that do not overlap the primary\'s', async({ simClient, page, dashboardUrl }) => {
  // web-pool serves 80 and 443: port 80 cannot share its IP.
  await newLoadBalancer(page, dashboardUrl, 'e2e-bad-overlap', 80);
  await page.locator(SEL.lb.sourceOption('share')).click();
  // Sharing needs a primary first.
  await expectFieldError(page, SEL.lb.primary, SEL.lb.primaryError, /Choose the Service whose IP to share/, 'no primary Service');
  await choose(page, SEL.lb.primary, `default/${ SERVICES.webPool }`);
  await expectFieldError(page, SEL.lb.primary, SEL.lb.primaryError, /already used on the shared IP: 80 \(default\/web-pool\)/, 'an overlapping port');
  await expectSaveBlocked(page, simClient, SERVICES_WRITES);
});

test('bad input: a network not written as namespace/name (no network list in the cluster)', async({ simClient, page, dashboardUrl }) => {
  // The scene: the cluster has no ConfigMap of networks (kube-system/harvester-nad-mapping), so the provider lets any
  // network through and the network is typed (a malformed or empty list refuses every network: no free text then).
  const res = await fetch(`${ simClient.url }/k8s/clusters/${ RKE2 }/v1/configmaps/kube-system/harvester-nad-mapping`, { method: 'DELETE', headers: { authorization: 'Bearer token-demoadmin:demo' } });

  expect(res.status, 'deleting the NAD mapping through Steve').toBeLessThan(300);
  await startLoadBalancerCreate(page, dashboardUrl, RKE2);
  await fillServiceBasics(page, 'e2e-bad-network', { name: 'http', port: 80 });
  await openAddOnConfig(page);
  await page.locator(SEL.lb.sourceOption('dhcp')).click();
  await typeInto(page, SEL.lb.networkInput, 'vlan200');
  await expectFieldError(page, SEL.lb.networkInput, SEL.lb.networkError, /namespace\/name/, 'the network "vlan200"');
  await expectSaveBlocked(page, simClient, SERVICES_WRITES);
  await typeInto(page, SEL.lb.networkInput, NETWORKS.vlan200);
  expect(await visibleTexts(page, SEL.lb.networkError), 'messages after fixing the network').toEqual([]);
  await saveAndLeave(page);
  expect(await storedAnnotations(simClient, RKE2, 'default/e2e-bad-network'), 'e2e-bad-network annotations').toEqual({ [A.ipam]: 'dhcp', [A.network]: NETWORKS.vlan200 });
});

test('bad input: a host StorageClass name that is no valid name', async({
  simClient, page, dashboardUrl, shot
}) => {
  await startHarvesterStorageClass(page, dashboardUrl, 'e2e-bad-host-class');
  await typeIntoSelect(page, SEL.storage.hostClass, 'Replica_2');
  await expectFieldError(page, SEL.storage.hostClass, SEL.storage.error, /"Replica_2" is not a valid StorageClass name/, 'the host class "Replica_2"');
  await shot('storageclass-validation', { tall: true });
  await expectSaveBlocked(page, simClient, '/storage.k8s.io.storageclasses', /not a valid StorageClass name/);
  expect(await simClient.object(RKE2, 'storage.k8s.io.storageclass', 'e2e-bad-host-class'), 'a StorageClass stored').toBeNull();
});
