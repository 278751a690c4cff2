/**
 * Setting the Harvester integration up from the overview (issue 20) in each production build: on k3s-bare (K3s on
 * Harvester VMs, no cloud provider, no CSI driver), generate the kubeconfig through Harvester's endpoint, apply the
 * Secret and the charts, and come back to an overview with nothing to report.
 */
import { HARVESTER_HOST, K3S_BARE, RKE2_GUEST } from '../../simulator/demo/ids';
import { SEL } from '../e2e/selectors';
import { paths, STEP_MS } from '../e2e/pages';
import { runsEveryFlow } from './builds';
import { expect, test } from './fixtures';
import { openPage } from './steps';

const textOf = async(l: import('@playwright/test').Locator) => ((await l.textContent()) || '').replace(/\s+/g, ' ');

test('the overview of rke2-guest: Harvester\'s provider and CSI driver installed, its load balancers counted', async({ adminPage: page, sim }, testInfo) => {
  test.skip(!sim.stack && !runsEveryFlow(testInfo.project.name), 'runs in the newest Rancher build (and rancher-next), and wherever the real stack runs');
  await openPage(page, sim.dashboard, paths.overview(RKE2_GUEST.id), SEL.overview.lbCounts);
  // The versions are the running ones': the simulator's demo and the stack's builds (../shared/harvester) differ.
  await expect.poll(() => textOf(page.locator(SEL.overview.component('cloudProvider'))), { timeout: STEP_MS }).toMatch(/Installed, version \d+\.\d+\.\d+/);
  await expect.poll(() => textOf(page.locator(SEL.overview.component('csiDriver'))), { timeout: STEP_MS }).toMatch(/Installed, version \d+\.\d+\.\d+/);
  await expect(page.locator(SEL.overview.lbCounts)).toHaveText(/\d+ allocated, \d+ Pending/, { timeout: STEP_MS });
});

test('set up k3s-bare from the overview: kubeconfig, Secret and charts, then nothing needs attention', async({ adminPage: page, sim }) => {
  // k3s-bare is the simulator's: the stack's one guest already runs Harvester's provider and CSI driver, and
  // Harvester's kubeconfig endpoint has no stand-in behind Rancher's proxy (docs/demo-mode.md, Rancher mode).
  test.skip(!sim.simulated, 'k3s-bare (a guest without the provider) is a simulated cluster: the stack has none');
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

test('generate the kubeconfig on Rancher\'s own server: Harvester\'s endpoint through Rancher\'s proxy makes the account on the host', async({ adminPage: page, sim }) => {
  // Rancher's proxy, its tunnel to harvester-host's agent and the agent's APIService routing are Rancher's own; the
  // endpoint behind them is the stand-in of Harvester's API server (stack/src/rancher/harvesterApi.ts).
  test.skip(sim.kind !== 'rancher', 'Harvester\'s endpoint behind Rancher\'s own proxy runs in the rancher-<version>-server projects');
  const account = 'setup-flow-guest';

  await openPage(page, sim.dashboard, paths.setup(RKE2_GUEST.id), SEL.setup.generate);
  await page.locator(SEL.setup.namespace).fill('default');
  await page.locator(SEL.setup.serviceAccount).fill(account);
  await page.locator(SEL.setup.generate).click();
  await page.locator(SEL.setup.credential).waitFor({ timeout: STEP_MS });
  // The host's VIP on the API server's port (ConfigMap harvester-system/vip), and no token on screen until asked.
  await expect(page.locator(SEL.setup.credential)).toContainText('https://10.10.0.10:6443');
  await expect(page.locator(SEL.setup.kubeconfig)).toHaveCount(0);
  expect(await sim.client.object(HARVESTER_HOST.id, 'serviceaccount', `default/${ account }`), 'the service account Harvester\'s endpoint made on the host').toBeTruthy();
  expect((await sim.client.object(HARVESTER_HOST.id, 'rbac.authorization.k8s.io.clusterrolebinding', `default-${ account }`))?.roleRef, 'bound to the CSI role').toMatchObject({ name: 'harvesterhci.io:csi-driver' });
});
