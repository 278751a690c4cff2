/**
 * Flows 1-5: the Add-on Config tab on real Service pages, each checked in the simulator's stored object.
 */
import {
  K3S_GUEST, NETWORKS, RKE2_GUEST, SERVICES, WEB_POOL_IP
} from '../../../simulator/demo/ids';
import { expect, expectEqual, Flow, FlowContext } from '../runner';
import { SEL } from '../selectors';
import {
  choose, clickSave, currentPath, fillServiceBasics, login, open, openAddOnConfig, openTab, pageErrors, paths, selectedText,
  setChecked, startLoadBalancerCreate, typeInto, USERS, visibleTexts, waitForSaved
} from '../ui';

export const LB = 'cloudprovider.harvesterhci.io';
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
export const HC_KEYS = [A.hcPort, A.success, A.failure, A.period, A.timeout];

/** web-pool's annotations in the demo data (simulator/demo/clusters/rke2Guest.ts). */
export const WEB_POOL_ANNOTATIONS = {
  [A.ipam]:                      'pool',
  'example.com/owner':           'team-a',
  'kube-vip.io/loadbalancerIPs': WEB_POOL_IP,
};

export const RKE2 = RKE2_GUEST.id;
export const K3S = K3S_GUEST.id;

/** The stored annotations of a Service, failing when it does not exist. */
export async function storedAnnotations(ctx: FlowContext, cluster: string, id: string): Promise<Record<string, string>> {
  const svc = await ctx.sim.object(cluster, 'service', id);

  expect(svc, `the simulator has no Service ${ id } in ${ cluster }`);

  return svc!.metadata.annotations || {};
}

export function sorted(o: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
}

/** Logs in as admin unless the browser already is (flows run alone with `--only` too). */
export async function asAdmin(ctx: FlowContext): Promise<void> {
  const cookies = await ctx.context.cookies();

  if (!cookies.some((c) => c.name === 'R_SESS')) {
    await login(ctx.page, ctx.dashboardUrl, USERS.admin);
  }
}

/** Saves a create/edit page and waits until the dashboard has left it; reports the page's errors otherwise. */
export async function saveAndLeave(ctx: FlowContext): Promise<void> {
  const from = currentPath(ctx.page);

  await clickSave(ctx.page);
  try {
    await waitForSaved(ctx.page, from);
  } catch (e) {
    throw new Error(`the page did not save: ${ (await pageErrors(ctx.page)).join(' | ') || 'no error shown' }`);
  }
}

/** Creates an LB Service with the health check filled as flow 1 does, up to (not including) Save. */
export async function fillPoolWithHealthCheck(ctx: FlowContext, name: string, port = 8080): Promise<void> {
  const { page } = ctx;

  await startLoadBalancerCreate(page, ctx.dashboardUrl, RKE2);
  await fillServiceBasics(page, name, { name: 'http', port });
  await openAddOnConfig(page);
  expect(await page.locator(SEL.lb.sourceInput('pool')).isChecked(), 'IP pool is not the preselected IP address source');
  await page.locator(SEL.lb.sourceOption('pool')).click();
  await setChecked(page, SEL.hc.enabled, true);
  await choose(page, SEL.hc.port, `${ port }`);
  await typeInto(page, SEL.hc.number('periodSeconds'), '10');
}

/** What flow 1 writes: the five health-check keys, nothing else (IP pool is the provider's default: no ipam key). */
export function poolWithHealthCheckAnnotations(port = 8080): Record<string, string> {
  return {
    [A.hcPort]:  `${ port }`,
    [A.success]: '1',
    [A.failure]: '3',
    [A.period]:  '10',
    [A.timeout]: '3',
  };
}

export const loadBalancerFlows: Flow[] = [
  {
    name: '1. admin logs in and creates a LoadBalancer Service (IP pool, health check) on rke2-guest',
    async run(ctx) {
      const { page } = ctx;

      await ctx.sim.reset();
      await login(page, ctx.dashboardUrl, USERS.admin);
      await fillPoolWithHealthCheck(ctx, 'e2e-pool');
      expectEqual(await selectedText(page, SEL.hc.port), '8080', 'health-check port shown');
      await ctx.shot('lb-create', { doc: 'lb-create.png', tall: true });
      await saveAndLeave(ctx);

      expectEqual(sorted(await storedAnnotations(ctx, RKE2, 'default/e2e-pool')), sorted(poolWithHealthCheckAnnotations()), 'e2e-pool annotations');
      // The list shows it with the extension's columns.
      await open(page, ctx.dashboardUrl, paths.services(RKE2), `${ SEL.table.rows }:has-text("e2e-pool")`);
      const row = (await visibleTexts(page, `${ SEL.table.rows }:has-text("e2e-pool")`))[0];

      expect(/\bPool\b/.test(row) && /\bPending\b/.test(row), `the Services list row of e2e-pool shows no "Pool" / "Pending": ${ row }`);
      await ctx.shot('services-list');
    },
  },
  {
    name: '2. a DHCP LoadBalancer on network default/vlan200',
    async run(ctx) {
      const { page } = ctx;

      await ctx.sim.reset();
      await asAdmin(ctx);
      await startLoadBalancerCreate(page, ctx.dashboardUrl, RKE2);
      await fillServiceBasics(page, 'e2e-dhcp', { name: 'http', port: 80 });
      await openAddOnConfig(page);
      await page.locator(SEL.lb.sourceOption('dhcp')).click();
      await choose(page, SEL.lb.network, NETWORKS.vlan200);
      expect((await selectedText(page, SEL.lb.network)).includes(NETWORKS.vlan200), 'the network shown is not default/vlan200');
      await ctx.shot('lb-create-dhcp', { tall: true });
      await saveAndLeave(ctx);

      expectEqual(sorted(await storedAnnotations(ctx, RKE2, 'default/e2e-dhcp')), sorted({ [A.ipam]: 'dhcp', [A.network]: NETWORKS.vlan200 }), 'e2e-dhcp annotations');
    },
  },
  {
    name: '3. a LoadBalancer sharing the IP of default/web-pool (ports 8443, no overlap)',
    async run(ctx) {
      const { page } = ctx;

      await ctx.sim.reset();
      await asAdmin(ctx);
      await startLoadBalancerCreate(page, ctx.dashboardUrl, RKE2);
      await fillServiceBasics(page, 'e2e-shared', { name: 'https-alt', port: 8443 });
      await openAddOnConfig(page);
      await page.locator(SEL.lb.sourceOption('share')).click();
      await choose(page, SEL.lb.primary, `default/${ SERVICES.webPool }`);
      expectEqual(await visibleTexts(page, SEL.lb.primaryError), [], 'errors shown for a valid primary');
      await ctx.shot('lb-create-shared', { tall: true });
      await saveAndLeave(ctx);

      const annotations = await storedAnnotations(ctx, RKE2, 'default/e2e-shared');

      expectEqual(sorted(annotations), { [A.primary]: `default/${ SERVICES.webPool }` }, 'e2e-shared annotations');
      expect(!(A.ipam in annotations), 'a Service sharing an IP carries an ipam annotation');
    },
  },
  {
    name: '4. editing web-pool\'s health check keeps its other annotations byte for byte',
    async run(ctx) {
      const { page } = ctx;

      await ctx.sim.reset();
      await asAdmin(ctx);
      const before = await ctx.sim.object(RKE2, 'service', `default/${ SERVICES.webPool }`);

      await open(page, ctx.dashboardUrl, paths.serviceEdit(RKE2, 'default', SERVICES.webPool), SEL.cru.tabButton('add-on-config'));
      await openAddOnConfig(page);
      expect(await page.locator(SEL.lb.sourceLocked).isVisible(), 'the edit page does not say the IP source is fixed');
      await setChecked(page, SEL.hc.enabled, true);
      await choose(page, SEL.hc.port, '443');
      await typeInto(page, SEL.hc.number('failureThreshold'), '5');
      await ctx.shot('lb-edit', { tall: true });
      await saveAndLeave(ctx);

      const after = await ctx.sim.object(RKE2, 'service', `default/${ SERVICES.webPool }`);

      expectEqual(sorted(after!.metadata.annotations || {}), sorted({
        ...WEB_POOL_ANNOTATIONS, [A.hcPort]: '443', [A.success]: '1', [A.failure]: '5', [A.period]: '5', [A.timeout]: '3'
      }), 'web-pool annotations');
      expectEqual(after!.spec.ports, before!.spec.ports, 'web-pool ports');
      expectEqual(after!.metadata.labels || {}, before!.metadata.labels || {}, 'web-pool labels');
    },
  },
  {
    name: '4b. saving web-shared untouched changes none of its annotations (the built-in tab\'s defaults are undone)',
    async run(ctx) {
      const { page } = ctx;
      const id = `default/${ SERVICES.webShared }`;

      await ctx.sim.reset();
      await asAdmin(ctx);
      const before = await storedAnnotations(ctx, RKE2, id);

      await open(page, ctx.dashboardUrl, paths.serviceEdit(RKE2, 'default', SERVICES.webShared), SEL.cru.tabButton('add-on-config'));
      await openAddOnConfig(page);
      expect(await page.locator(SEL.lb.sourceInput('share')).isChecked(), 'web-shared does not show as sharing an IP');
      await saveAndLeave(ctx);
      const puts = await ctx.sim.resourceWrites(`/services/${ id }`);

      expectEqual(puts.map((w) => `${ w.method } ${ w.status }`), ['PUT 200'], 'writes of web-shared');
      expectEqual(await storedAnnotations(ctx, RKE2, id), before, 'web-shared annotations (keys and order)');
    },
  },
  {
    name: '5. turning legacy-lb\'s health check off (k3s-guest) removes the five health-check keys',
    async run(ctx) {
      const { page } = ctx;

      await ctx.sim.reset();
      await asAdmin(ctx);
      await open(page, ctx.dashboardUrl, paths.serviceEdit(K3S, 'default', SERVICES.legacyLb), SEL.cru.tabButton('add-on-config'));
      await openAddOnConfig(page);
      expect((await page.locator(SEL.hc.support).innerText()).includes('0.1.5'), 'the health-check banner does not name provider 0.1.5');
      expectEqual(await selectedText(page, SEL.hc.port), '80', 'legacy-lb\'s health-check port shown');
      await setChecked(page, SEL.hc.enabled, false);
      await saveAndLeave(ctx);

      const annotations = await storedAnnotations(ctx, K3S, `default/${ SERVICES.legacyLb }`);

      expectEqual(sorted(annotations), { [A.ipam]: 'pool' }, 'legacy-lb annotations');
      HC_KEYS.forEach((k) => expect(!(k in annotations), `${ k } is still there`));
    },
  },
  {
    name: '2b. the detail page of the pending web-dhcp says why, from its events',
    async run(ctx) {
      const { page } = ctx;

      await ctx.sim.reset();
      await asAdmin(ctx);
      await open(page, ctx.dashboardUrl, paths.service(RKE2, 'default', SERVICES.webDhcp), SEL.cru.tabButton('add-on-config'));
      await openTab(page, 'add-on-config', SEL.lb.hostStatus);
      await page.locator(SEL.lb.hostReasons).waitFor();
      const address = (await page.locator(SEL.lb.hostAddress).innerText()).trim();

      expectEqual(address, 'Pending', 'the address shown for web-dhcp');
      const reasons = await page.locator(SEL.lb.hostReasons).innerText();

      expect(reasons.includes('timeout waiting for IP address'), `the reasons do not include the provider's message: ${ reasons }`);
      // Read-only: no field of the tab can be changed here.
      expectEqual(await page.locator(SEL.lb.editable).count(), 0, 'controls that can be changed on the detail page');
      await ctx.shot('lb-detail-pending', { doc: 'lb-detail-pending.png', tall: true });
      expectEqual((await ctx.sim.resourceWrites()).map((w) => `${ w.method } ${ w.path }`), [], 'writes while viewing web-dhcp');
    },
  },
];
