/**
 * Outages of Harvester's load balancer parts (issue 37): its controller and its webhook stopped by their pids
 * (lib/outage.ts), while a pool Service waits. The detail page and the Load Balancers page say what happens in words,
 * and the address arrives, without a reload, once the part is back. Also on Rancher 2.15's server (SERVER).
 */
import { RKE2_GUEST } from '../../../lab/world/ids';
import { SEL } from '../lib/selectors';
import { paths, STEP_MS } from '../lib/pages';
import { kubeRequest } from '../../../lab/core/kubeClient';
import { kubeTarget } from '../../../lab/stack/stack';
import { expect, test } from '../fixtures';
import { createApiService, openPage } from '../lib/steps';
import { realFailure } from '../lib/controllerSteps';
import { realService } from '../lib/realSteps';
import { duringOutage } from '../lib/outage';
import { SERVER } from '../needs';

const CL = RKE2_GUEST.id;
const LB_PAGE_ROW = (name: string) => `[data-testid="lb-page"] [data-testid="lb-row-default-${ name }"]`;
const tid = (id: string) => `[data-testid="${ id }"]`;

test('Harvester\'s load balancer controller down while a pool Service waits: both pages say so, and the address arrives once it is back', SERVER, async({ adminPage: page, sim }) => {
  await duringOutage('harvester-load-balancer', async(outage) => {
    await createApiService(sim, CL, 'outage-pool', { 'cloudprovider.harvesterhci.io/ipam': 'pool' });
    // The provider waits 10 s for the host LoadBalancer's address (v0.2.7 waitForIP), then the service controller
    // records its error: the controller's last word on this Service.
    expect(await realFailure(sim, 'default/outage-pool')).toMatch(/timeout waiting for IP address, last error:ip is not allocated, mode: pool/);

    const lbPage = await page.context().newPage();

    await openPage(lbPage, sim.dashboard, `/c/${ CL }/explorer/harvester-load-balancers`, LB_PAGE_ROW('outage-pool'));
    await expect(lbPage.locator(LB_PAGE_ROW('outage-pool'))).toContainText('Timed out waiting for an address');
    // The page looks again while a Service waits: a host list read just after the provider made the LoadBalancer can
    // lack it (Rancher's Steve answers from its cache, R-VSN-16).
    await expect(lbPage.locator(LB_PAGE_ROW('outage-pool'))).toContainText('Not allocated yet — the rules pick pool-rke2-guest; Harvester\'s load balancer controller has not acted on it', { timeout: STEP_MS });

    await openPage(page, sim.dashboard, `/c/${ CL }/explorer/service/default/outage-pool`, SEL.cru.tabButton('add-on-config'));
    await page.locator(SEL.cru.tabButton('add-on-config')).click();
    await page.locator(SEL.lb.hostReasons).waitFor({ timeout: STEP_MS });
    await expect(page.locator(SEL.lb.hostAddress)).toHaveText(/Pending/);
    await expect(page.locator(SEL.lb.hostReasons)).toContainText('The load balancer did not get an address in time.');
    await expect(page.locator(SEL.lb.hostReasons)).toContainText('ip is not allocated, mode: pool');
    // What only the host tells: its LoadBalancer exists, and no controller has acted on it.
    await expect(page.locator(tid('lb-host-state'))).toHaveText('Not yet processed', { timeout: STEP_MS });
    await expect(page.locator(tid('lb-host-no-controller'))).toContainText('check that harvester-load-balancer runs');

    await outage.back();
    // The service controller retries with a back-off (5 s doubling): the address comes within a minute or two.
    await expect(page.locator(SEL.lb.hostAddress), 'the detail page, not reloaded').toHaveText(/^192\.168\.100\.5\d$/, { timeout: 150000 });
    outage.recovered('address on the Service detail page');
    await expect(page.locator(tid('lb-host')), 'the host section, shown only while there is no address').toHaveCount(0);
    const ip = (await realService(sim, CL, 'default/outage-pool')).status.loadBalancer.ingress[0].ip;

    await expect(page.locator(SEL.lb.hostAddress)).toHaveText(ip);
    await expect(lbPage.locator(LB_PAGE_ROW('outage-pool')), 'the Load Balancers page, not reloaded').toContainText(ip, { timeout: 60000 });
    outage.recovered('address on the Load Balancers page');
    await expect(lbPage.locator(LB_PAGE_ROW('outage-pool'))).toContainText('pool-rke2-guest');
    await lbPage.close();
  });
});

test('Harvester\'s load balancer webhook down: the Service page shows the real refusal and what it means, and the address arrives once it is back', SERVER, async({ adminPage: page, sim }) => {
  await duringOutage('harvester-load-balancer-webhook', async(outage) => {
    await createApiService(sim, CL, 'webhook-outage', { 'cloudprovider.harvesterhci.io/ipam': 'pool' });
    const event = await realFailure(sim, 'default/webhook-outage');

    expect(event).toMatch(/failed calling webhook "validator\.harvester-system\.harvester-load-balancer-webhook": failed to call webhook: .*connection refused/);
    await openPage(page, sim.dashboard, `/c/${ CL }/explorer/service/default/webhook-outage`, SEL.cru.tabButton('add-on-config'));
    await page.locator(SEL.cru.tabButton('add-on-config')).click();
    await page.locator(SEL.lb.hostReasons).waitFor({ timeout: STEP_MS });
    await expect(page.locator(SEL.lb.hostAddress)).toHaveText(/Pending/);
    // What it means, then the event's own words, as the provider recorded them.
    await expect(page.locator(SEL.lb.hostReasons)).toContainText('Harvester refused to create the load balancer: its load balancer webhook (validator.harvester-system.harvester-load-balancer-webhook) did not answer.');
    await expect(page.locator(SEL.lb.hostReasons)).toContainText(event.replace(/^Error syncing load balancer: failed to ensure load balancer: /, ''));
    // The provider could not make it: the host has no LoadBalancer for it.
    await expect(page.locator(tid('lb-host-absent'))).toBeVisible({ timeout: STEP_MS });
    await outage.back();
    await expect(page.locator(SEL.lb.hostAddress), 'the detail page, not reloaded').toHaveText(/^192\.168\.100\.5\d$/, { timeout: 150000 });
    outage.recovered('address on the Service detail page');
  });
});

test('the guest\'s cloud provider down: a new LoadBalancer Service\'s page and the overview say the provider is not running, and the address arrives once it is back', SERVER, async({ adminPage: page, sim }) => {
  const guest = kubeTarget(sim.stack as NonNullable<typeof sim.stack>, 'guest');
  const available = async() => (await kubeRequest(guest, 'GET', '/apis/apps/v1/namespaces/kube-system/deployments/harvester-cloud-provider')).body?.status?.availableReplicas || 0;

  await duringOutage(`harvester-cloud-provider-${ RKE2_GUEST.name }`, async(outage) => {
    // Its Deployment says so within a round of the stack's Pod-state stand-in (lab/standins/podState.ts).
    await expect.poll(available, { message: 'the provider\'s Deployment: nothing available', timeout: STEP_MS }).toBe(0);
    await createApiService(sim, CL, 'provider-outage', { 'cloudprovider.harvesterhci.io/ipam': 'pool' });
    await openPage(page, sim.dashboard, paths.overview(CL), SEL.overview.lbCounts);
    await expect(page.locator(SEL.overview.component('cloudProvider'))).toContainText('Not running (0 of 1 available)');
    await expect(page.locator(SEL.overview.problems)).toContainText('The Harvester cloud provider is not running: its Deployment has 0 of 1 replicas available.');
    await openPage(page, sim.dashboard, `/c/${ CL }/explorer/service/default/provider-outage`, SEL.cru.tabButton('add-on-config'));
    await page.locator(SEL.cru.tabButton('add-on-config')).click();
    await expect(page.locator(tid('lb-pending-provider-down'))).toContainText('The Harvester cloud provider is not running', { timeout: STEP_MS });
    await expect(page.locator(SEL.lb.hostAddress)).toHaveText(/Pending/);
    await expect(page.locator(tid('lb-pending-waiting')), 'not "no event yet"').toHaveCount(0);
    await outage.back();
    await expect(page.locator(SEL.lb.hostAddress), 'the detail page, not reloaded').toHaveText(/^192\.168\.100\.5\d$/, { timeout: 150000 });
    outage.recovered('address on the Service detail page');
    await expect(page.locator(tid('lb-pending-provider-down'))).toHaveCount(0);
  });
  await expect.poll(available, { message: 'the provider\'s Deployment available again', timeout: STEP_MS }).toBe(1);
});
