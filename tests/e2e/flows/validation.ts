/**
 * Bad input: every rule of the Add-on Config tab and of the Harvester StorageClass form, tried in the browser. The
 * message shows beside its field, and while it shows, Save sends nothing (counted in the simulator's request log).
 */
import { NETWORKS, SERVICES } from '../../../simulator/demo/ids';
import { expect, expectEqual, Flow, FlowContext } from '../runner';
import { HcNumberField, SEL } from '../selectors';
import {
  choose, clickSave, currentPath, expectBeside, fillServiceBasics, openAddOnConfig, openTab, pageErrors, setChecked,
  startLoadBalancerCreate, typeInto, typeIntoSelect, visibleTexts
} from '../ui';
import {
  A, asAdmin, RKE2, saveAndLeave, sorted, storedAnnotations
} from './loadbalancer';
import { startHarvesterStorageClass } from './storage';

/** Clicks Save while an error shows: the page must stay, say why, and send no write to `path`. */
async function expectSaveBlocked(ctx: FlowContext, path: string, banner: RegExp = /Add-on Config tab has errors/): Promise<void> {
  const { page } = ctx;
  const before = (await ctx.sim.resourceWrites(path)).length;
  const from = currentPath(page);

  await clickSave(page);
  await page.locator(SEL.cru.errorBanners).first().waitFor();
  // Give a request that should not be sent the time to arrive anyway.
  await page.waitForTimeout(1000);
  const shown = (await pageErrors(page)).join(' | ');

  expect(banner.test(shown), `the page says "${ shown }", expected ${ banner }`);
  expectEqual(currentPath(page), from, 'the page after Save');
  const writes = await ctx.sim.resourceWrites(path);

  expectEqual(writes.slice(before).map((w) => `${ w.method } ${ w.path }`), [], 'writes sent while an error shows');
}

/**
 * A field's message: shown (within a few seconds: the shell passes some edits on after a short debounce), with the
 * expected text, right beside the field.
 */
async function expectFieldError(ctx: FlowContext, field: string, error: string, text: RegExp, what: string): Promise<void> {
  let shown: string[] = [];

  for (const end = Date.now() + 5000; Date.now() < end; await ctx.page.waitForTimeout(200)) {
    shown = await visibleTexts(ctx.page, error);
    if (shown.length === 1 && text.test(shown[0])) {
      break;
    }
  }
  expectEqual(shown.length, 1, `messages shown for ${ what }`);
  expect(text.test(shown[0]), `${ what }: the message is "${ shown[0] }", expected ${ text }`);
  await expectBeside(ctx.page, field, error, what);
}

async function newLoadBalancer(ctx: FlowContext, name: string, port: number): Promise<void> {
  await ctx.sim.reset();
  await asAdmin(ctx);
  await startLoadBalancerCreate(ctx.page, ctx.dashboardUrl, RKE2);
  await fillServiceBasics(ctx.page, name, { name: 'http', port });
  await openAddOnConfig(ctx.page);
}

const SERVICES_WRITES = `/k8s/clusters/${ RKE2 }/v1/services`;

export const validationFlows: Flow[] = [
  {
    name: 'bad input: a health check needs a port',
    async run(ctx) {
      await newLoadBalancer(ctx, 'e2e-bad-noport', 8080);
      await setChecked(ctx.page, SEL.hc.enabled, true);
      await expectFieldError(ctx, SEL.hc.port, SEL.hc.error('port'), /needs a port/, 'the empty health-check port');
      await expectSaveBlocked(ctx, SERVICES_WRITES);
    },
  },
  {
    name: 'bad input: the health-check port must be a TCP port of the Service',
    async run(ctx) {
      const { page } = ctx;

      await newLoadBalancer(ctx, 'e2e-bad-port', 8080);
      await setChecked(page, SEL.hc.enabled, true);
      await choose(page, SEL.hc.port, '8080');
      // The Service's port changes afterwards: the chosen port is no longer one of it.
      await openTab(page, 'define-service-ports', SEL.ports.port);
      await typeInto(page, SEL.ports.port, '9090');
      await openAddOnConfig(page);
      await expectFieldError(ctx, SEL.hc.port, SEL.hc.error('port'), /must be one of the Service's TCP ports: 9090/, 'a health-check port not in the Service');
      await expectSaveBlocked(ctx, SERVICES_WRITES);
      await ctx.shot('lb-validation', { doc: 'lb-validation.png', tall: true });
      // Fixed, it saves.
      await choose(page, SEL.hc.port, '9090');
      expectEqual(await visibleTexts(page, SEL.hc.error('port')), [], 'messages after fixing the port');
      await saveAndLeave(ctx);
      expectEqual((await storedAnnotations(ctx, RKE2, 'default/e2e-bad-port'))[A.hcPort], '9090', 'the stored health-check port');
    },
  },
  {
    name: 'bad input: thresholds, period and timeout must be whole numbers of 1 or more',
    async run(ctx) {
      const { page } = ctx;

      await newLoadBalancer(ctx, 'e2e-bad-numbers', 8080);
      await setChecked(page, SEL.hc.enabled, true);
      await choose(page, SEL.hc.port, '8080');
      const bad: [HcNumberField, string][] = [['successThreshold', '1.5'], ['failureThreshold', '0'], ['periodSeconds', 'ten'], ['timeoutSeconds', '-3']];

      for (const [field, value] of bad) {
        await typeInto(page, SEL.hc.number(field), value);
        await expectFieldError(ctx, SEL.hc.number(field), SEL.hc.error(field), /whole number of 1 or more/, `${ field } = "${ value }"`);
      }
      await expectSaveBlocked(ctx, SERVICES_WRITES);
      // Put right one by one: the last fix lets it save.
      for (const [field] of bad) {
        await typeInto(page, SEL.hc.number(field), '2');
      }
      expectEqual(await visibleTexts(page, `${ SEL.lb.root } .field-error`), [], 'messages after fixing the numbers');
      await saveAndLeave(ctx);
      const saved = await storedAnnotations(ctx, RKE2, 'default/e2e-bad-numbers');

      expectEqual([saved[A.success], saved[A.failure], saved[A.period], saved[A.timeout]], ['2', '2', '2', '2'], 'stored thresholds, period and timeout');
    },
  },
  {
    name: 'bad input: sharing an IP needs a primary, and ports that do not overlap the primary\'s',
    async run(ctx) {
      const { page } = ctx;

      // web-pool serves 80 and 443: port 80 cannot share its IP.
      await newLoadBalancer(ctx, 'e2e-bad-overlap', 80);
      await page.locator(SEL.lb.sourceOption('share')).click();
      // Sharing needs a primary first.
      await expectFieldError(ctx, SEL.lb.primary, SEL.lb.primaryError, /Choose the Service whose IP to share/, 'no primary Service');
      await choose(page, SEL.lb.primary, `default/${ SERVICES.webPool }`);
      await expectFieldError(ctx, SEL.lb.primary, SEL.lb.primaryError, /already used on the shared IP: TCP\/80 \(default\/web-pool\)/, 'an overlapping port');
      await expectSaveBlocked(ctx, SERVICES_WRITES);
    },
  },
  {
    name: 'bad input: a network not written as namespace/name (the network list is malformed)',
    async run(ctx) {
      const { page } = ctx;

      await ctx.sim.reset();
      // The scene: the cluster's ConfigMap of networks holds no valid JSON, so the network must be typed.
      await ctx.sim.steveUpdate(RKE2, 'configmaps', 'kube-system/harvester-nad-mapping', (cm) => {
        cm.data['interface-nad-mapping'] = '{"default/vlan100": "enp1s0",';
      });
      await asAdmin(ctx);
      await startLoadBalancerCreate(page, ctx.dashboardUrl, RKE2);
      await fillServiceBasics(page, 'e2e-bad-network', { name: 'http', port: 80 });
      await openAddOnConfig(page);
      await page.locator(SEL.lb.sourceOption('dhcp')).click();
      await page.locator(SEL.lb.malformed).waitFor();
      await typeInto(page, SEL.lb.networkInput, 'vlan200');
      await expectFieldError(ctx, SEL.lb.networkInput, SEL.lb.networkError, /namespace\/name/, 'the network "vlan200"');
      await expectSaveBlocked(ctx, SERVICES_WRITES);
      await typeInto(page, SEL.lb.networkInput, NETWORKS.vlan200);
      expectEqual(await visibleTexts(page, SEL.lb.networkError), [], 'messages after fixing the network');
      await saveAndLeave(ctx);
      expectEqual(sorted(await storedAnnotations(ctx, RKE2, 'default/e2e-bad-network')), sorted({ [A.ipam]: 'dhcp', [A.network]: NETWORKS.vlan200 }), 'e2e-bad-network annotations');
    },
  },
  {
    name: 'bad input: a host StorageClass name that is no valid name',
    async run(ctx) {
      const { page } = ctx;

      await ctx.sim.reset();
      await asAdmin(ctx);
      await startHarvesterStorageClass(ctx, 'e2e-bad-host-class');
      await typeIntoSelect(page, SEL.storage.hostClass, 'Replica_2');
      await expectFieldError(ctx, SEL.storage.hostClass, SEL.storage.error, /"Replica_2" is not a valid StorageClass name/, 'the host class "Replica_2"');
      await ctx.shot('storageclass-validation', { tall: true });
      await expectSaveBlocked(ctx, '/storage.k8s.io.storageclasses', /not a valid StorageClass name/);
      expectEqual(await ctx.sim.object(RKE2, 'storage.k8s.io.storageclass', 'e2e-bad-host-class'), null, 'a StorageClass stored');
    },
  },
];
