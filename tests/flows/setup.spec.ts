/**
 * The Harvester integration overview of rke2-guest, and the set-up's kubeconfig from Harvester's endpoint behind
 * Rancher's own proxy. The set-up of k3s-bare from the overview is setupK3sBare.spec.ts (the simulator) and
 * real/setupLoop.real.spec.ts (the real stack).
 */
import { HARVESTER_HOST, RKE2_GUEST } from '../../lab/world/ids';
import { SEL } from './lib/selectors';
import { paths, STEP_MS } from './lib/pages';
import { runsEveryFlow } from '../../lab/builds';
import { expect, test } from './fixtures';
import { openPage } from './lib/steps';
import { SERVER } from './needs';

const textOf = async(l: import('@playwright/test').Locator) => ((await l.textContent()) || '').replace(/\s+/g, ' ');

test('the overview of rke2-guest: Harvester\'s provider and CSI driver installed, its load balancers counted', SERVER, async({ adminPage: page, sim }, testInfo) => {
  test.skip(!sim.stack && !runsEveryFlow(testInfo.project.name), 'runs in the newest Rancher build (and rancher-next), and wherever the real stack runs');
  await openPage(page, sim.dashboard, paths.overview(RKE2_GUEST.id), SEL.overview.lbCounts);
  // The versions are the running ones': the simulator's demo and the stack's builds (../shared/harvester) differ.
  await expect.poll(() => textOf(page.locator(SEL.overview.component('cloudProvider'))), { timeout: STEP_MS }).toMatch(/Installed, version \d+\.\d+\.\d+/);
  await expect.poll(() => textOf(page.locator(SEL.overview.component('csiDriver'))), { timeout: STEP_MS }).toMatch(/Installed, version \d+\.\d+\.\d+/);
  await expect(page.locator(SEL.overview.lbCounts)).toHaveText(/\d+ allocated, \d+ Pending/, { timeout: STEP_MS });
});

test('generate the kubeconfig on Rancher\'s own server: Harvester\'s endpoint through Rancher\'s proxy makes the account on the host', SERVER, async({ adminPage: page, sim }) => {
  // Rancher's proxy, its tunnel to harvester-host's agent and the agent's APIService routing are Rancher's own; the
  // endpoint behind them is the stand-in of Harvester's API server (lab/stack/rancher/harvesterApi.ts).
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
