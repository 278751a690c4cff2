/**
 * Setting the Harvester integration up from the overview (issue 20) in each production build: on k3s-bare (K3s on
 * Harvester VMs, no cloud provider, no CSI driver), generate the kubeconfig through Harvester's endpoint, apply the
 * Secret and the charts, and come back to an overview with nothing to report.
 */
import { K3S_BARE } from '../../simulator/demo/ids';
import { SEL } from '../e2e/selectors';
import { paths, STEP_MS } from '../e2e/ui';
import { expect, test } from './fixtures';
import { openPage } from './steps';

test('set up k3s-bare from the overview: kubeconfig, Secret and charts, then nothing needs attention', async({ adminPage: page, sim }) => {
  await openPage(page, sim.dashboard, paths.overview(K3S_BARE.id), SEL.overview.setupLink);
  await page.locator(SEL.overview.setupLink).click();
  await page.locator(SEL.setup.generate).click();
  await page.locator(SEL.setup.credential).waitFor({ timeout: STEP_MS });
  await page.locator(SEL.setup.apply).click();
  await page.locator(SEL.setup.result('charts')).waitFor({ timeout: STEP_MS });
  expect(await sim.client.object(K3S_BARE.id, 'secret', 'kube-system/harvester-cloud-config'), 'the cloud-config Secret in the guest').toBeTruthy();
  await expect.poll(async() => !!(await sim.client.object(K3S_BARE.id, 'apps.deployment', 'kube-system/harvester-cloud-provider')), { message: 'the provider chart installed through Apps', timeout: STEP_MS }).toBe(true);
  await page.locator(SEL.setup.back).click();
  await expect(page.locator(SEL.overview.problems)).toContainText('Nothing needs attention.', { timeout: STEP_MS });
});
