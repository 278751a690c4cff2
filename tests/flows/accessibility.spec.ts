/**
 * axe-core on each screen of the extension (its own root element, so the shell's page around it is not judged
 * here): no violation of impact serious or critical. The markup is the extension's own whatever the backend, so these
 * run against the simulator only (in front of the real stack they took 22–40 s of CI for the same findings).
 */
import type { Page } from '@playwright/test';
import { HOST_STORAGE_CLASSES, NETWORKS, SERVICES } from '../../lab/world/ids';
import { expect, test } from './fixtures';
import { SEL } from './lib/selectors';
import { fillPoolWithHealthCheck, openTopology, RKE2, startHarvesterStorageClass } from './lib/demoSteps';
import { choose, setChecked, typeInto } from './lib/fields';
import { open, paths } from './lib/pages';
import { openAddOnConfig, openTab } from './lib/cruPage';
import { seriousViolations } from './lib/axe';
import { MARKUP_ONLY } from './needs';

test.skip(({ sim }) => sim.kind !== 'simulator', MARKUP_ONLY);

/** Runs axe on `root` for each named state, and fails once with all the findings (one run shows every screen's). */
class AxeReport {
  private findings: string[] = [];

  constructor(private page: Page) {}

  async check(root: string, screen: string): Promise<void> {
    const violations = await seriousViolations(this.page, root);

    console.log(`    axe ${ screen }: ${ violations.length ? violations.map((v) => `${ v.id } (${ v.impact })`).join(', ') : 'no serious or critical violations' }`);
    violations.forEach((v) => this.findings.push(`${ screen }: [${ v.impact }] ${ v.id }: ${ v.help }\n      ${ v.nodes.join('\n      ') }`));
  }

  done(): void {
    expect(this.findings, 'serious/critical accessibility violations').toEqual([]);
  }
}

test('accessibility: the Add-on Config tab (create, with errors, DHCP, sharing; edit; detail)', async({ page, dashboardUrl }) => {
  const axe = new AxeReport(page);

  await fillPoolWithHealthCheck(page, dashboardUrl, 'e2e-a11y');
  await axe.check(SEL.lb.root, 'create, IP pool with a health check');
  await typeInto(page, SEL.hc.number('failureThreshold'), '0');
  await page.locator(SEL.hc.error('failureThreshold')).waitFor();
  await axe.check(SEL.lb.root, 'create, a field with an error');
  await typeInto(page, SEL.hc.number('failureThreshold'), '3');
  await page.locator(SEL.lb.sourceOption('dhcp')).click();
  await choose(page, SEL.lb.network, NETWORKS.vlan100);
  await axe.check(SEL.lb.root, 'create, DHCP');
  await page.locator(SEL.lb.sourceOption('share')).click();
  await page.locator(SEL.lb.primaryError).waitFor();
  await axe.check(SEL.lb.root, 'create, sharing (no primary yet)');

  await open(page, dashboardUrl, paths.serviceEdit(RKE2, 'default', SERVICES.webPool), SEL.cru.tabButton('add-on-config'));
  await openAddOnConfig(page);
  await setChecked(page, SEL.hc.enabled, true);
  await axe.check(SEL.lb.root, 'edit web-pool');

  await open(page, dashboardUrl, paths.service(RKE2, 'default', SERVICES.pendingNetChanged), SEL.cru.tabButton('add-on-config'));
  await openTab(page, 'add-on-config', SEL.lb.hostStatus);
  await page.locator(SEL.lb.hostReasons).waitFor();
  await axe.check(SEL.lb.root, 'detail of the pending network-changed');
  axe.done();
});

test('accessibility: the Harvester StorageClass form', async({ page, dashboardUrl }) => {
  const axe = new AxeReport(page);

  await startHarvesterStorageClass(page, dashboardUrl, 'e2e-a11y');
  await axe.check(SEL.storage.root, 'host default');
  await choose(page, SEL.storage.hostClass, new RegExp(`^\\s*${ HOST_STORAGE_CLASSES.replica2 }\\b`));
  await page.locator(SEL.storage.rbac).waitFor();
  await axe.check(SEL.storage.root, 'a custom host class, RBAC advice shown');
  axe.done();
});

test('accessibility: the Topology page (tables and map) and card', async({ page, dashboardUrl }) => {
  const axe = new AxeReport(page);

  await openTopology(page, dashboardUrl);
  await axe.check(SEL.topology.root, 'Topology page of rke2-guest');
  await page.locator(SEL.topology.mapButton).click();
  await page.locator(SEL.topology.mapArrow).waitFor({ state: 'attached' });
  await axe.check(SEL.topology.root, 'Topology page of rke2-guest, map');
  await open(page, dashboardUrl, paths.clusterHome(RKE2), SEL.topology.card);
  await axe.check(SEL.topology.card, 'Topology card on the cluster dashboard');
  axe.done();
});
