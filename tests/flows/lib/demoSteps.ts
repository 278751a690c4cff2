/**
 * Steps and expected data the demo specs share: the Harvester provider's annotation keys, a LoadBalancer filled
 * with a health check, saving a form, a Harvester StorageClass started, the Topology page opened.
 */
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { K3S_GUEST, RKE2_GUEST, WEB_POOL_IP } from '../../../lab/world/ids';
import { SEL } from './selectors';
import { SimClient } from '../../../lab/backends/simClient';
import { choose, pageErrors, setChecked, typeInto } from './fields';
import {
  clickSave, fillServiceBasics, openAddOnConfig, startLoadBalancerCreate, waitForSaved
} from './cruPage';
import { currentPath, open, paths } from './pages';

export const RKE2 = RKE2_GUEST.id;
export const K3S = K3S_GUEST.id;

const LB = 'cloudprovider.harvesterhci.io';

export const A = {
  ipam:    `${ LB }/ipam`,
  primary: `${ LB }/primary-service`,
  network: `${ LB }/network`,
  hcPort:  `${ LB }/healthcheck-port`,
  success: `${ LB }/healthcheck-success-threshold`,
  failure: `${ LB }/healthcheck-failure-threshold`,
  period:  `${ LB }/healthcheck-periodseconds`,
  timeout: `${ LB }/healthcheck-timeoutseconds`,
} as const;

/** web-pool's annotations in the demo data (lab/world/clusters/rke2Guest.ts). */
export const WEB_POOL_ANNOTATIONS = {
  [A.ipam]:                       'pool',
  [A.network]:                    'default/vlan200',
  'example.com/owner':            'team-a',
  'kube-vip.io/loadbalancerIPs':  WEB_POOL_IP,
  'kube-vip.io/serviceInterface': 'enp2s0',
};

/** The stored annotations of a Service, failing when it does not exist. */
export async function storedAnnotations(sim: SimClient, cluster: string, id: string): Promise<Record<string, string>> {
  const svc = await sim.object(cluster, 'service', id);

  expect(svc, `the simulator has no Service ${ id } in ${ cluster }`).not.toBeNull();

  return svc!.metadata.annotations || {};
}

/** Saves a create/edit page and waits until the dashboard has left it; reports the page's errors otherwise. */
export async function saveAndLeave(page: Page): Promise<void> {
  const from = currentPath(page);

  await clickSave(page);
  try {
    await waitForSaved(page, from);
  } catch (e) {
    throw new Error(`the page did not save: ${ (await pageErrors(page)).join(' | ') || 'no error shown' }`);
  }
}

/** Creates an LB Service on rke2-guest with a health check on `port`, up to (not including) Save. */
export async function fillPoolWithHealthCheck(page: Page, dashboardUrl: string, name: string, port = 8080): Promise<void> {
  await startLoadBalancerCreate(page, dashboardUrl, RKE2);
  await fillServiceBasics(page, name, { name: 'http', port });
  await openAddOnConfig(page);
  expect(await page.locator(SEL.lb.sourceInput('pool')).isChecked(), 'IP pool is the preselected IP address source').toBe(true);
  await page.locator(SEL.lb.sourceOption('pool')).click();
  await setChecked(page, SEL.hc.enabled, true);
  await choose(page, SEL.hc.port, `${ port }`);
  await typeInto(page, SEL.hc.number('periodSeconds'), '10');
}

/** What fillPoolWithHealthCheck saves: the five health-check keys, nothing else (IP pool is the provider's default). */
export function poolWithHealthCheckAnnotations(port = 8080): Record<string, string> {
  return {
    [A.hcPort]:  `${ port }`,
    [A.success]: '1',
    [A.failure]: '3',
    [A.period]:  '10',
    [A.timeout]: '3',
  };
}

/** The writes the dashboard sent to Kubernetes objects, as `METHOD path` (for "looking writes nothing"). */
export async function writesSent(sim: SimClient): Promise<string[]> {
  return (await sim.resourceWrites()).map((w) => `${ w.method } ${ w.path }`);
}

export const STORAGE_CLASS_TYPE = 'storage.k8s.io.storageclass';
/** The shell's label of provisioner driver.harvesterhci.io (storageClass.harvesterhci.title). */
export const HARVESTER_PROVISIONER_LABEL = /Harvester \(CSI\)|Harvester（CSI）|Harvester \(CSI）/;

/** Opens StorageClasses > Create on rke2-guest, names the class and picks the Harvester provisioner. */
export async function pickHarvesterProvisioner(page: Page, dashboardUrl: string, name: string): Promise<void> {
  await open(page, dashboardUrl, paths.storageClasses(RKE2), SEL.table.createBtn);
  await page.locator(SEL.table.createBtn).click();
  await page.locator(SEL.cru.name).waitFor();
  await typeInto(page, SEL.cru.name, name);
  await choose(page, SEL.storage.provisioner, HARVESTER_PROVISIONER_LABEL);
}

/** The same, then waits for the host's StorageClasses in their field. */
export async function startHarvesterStorageClass(page: Page, dashboardUrl: string, name: string): Promise<void> {
  await pickHarvesterProvisioner(page, dashboardUrl, name);
  await page.locator(SEL.storage.hostClass).waitFor();
  // The host's classes arrive through Rancher's proxy of the Harvester cluster.
  await page.waitForFunction((sel) => !document.querySelector(`${ sel } .vs__spinner`) || getComputedStyle(document.querySelector(`${ sel } .vs__spinner`) as Element).display === 'none', SEL.storage.hostClass);
}

/**
 * Opens the Topology page and waits until the host's VMs have been read: the drift panel shows (or, for a user who
 * cannot read the host, the page says so).
 */
export async function openTopology(page: Page, dashboardUrl: string, cluster = RKE2): Promise<void> {
  await open(page, dashboardUrl, paths.topology(cluster), SEL.topology.root);
  await page.locator(`${ SEL.topology.drift }, ${ SEL.topology.hostProblem }, ${ SEL.topology.notHarvest }`).first().waitFor();
}
