/**
 * The Harvester host unreachable (issue 37, fault 3): its kube-apiserver and its Steve (what Rancher's cluster agent
 * serves the host's reads with) stopped by their pids (lib/outage.ts), as when the host is offline. With only the
 * kube-apiserver down, Steve answers the types it has read before from its cache, unchanged, and holds a read of any
 * other (R-API-3; each read of another cluster gives up after 20 s). Each page that reads the host says it did not
 * answer, the guest's own pages keep working, and the set-up page refuses the kubeconfig with Harvester's reason
 * (R-SET-9). Once the host is back the Load Balancers page shows its pools again by itself, and Generate makes the
 * kubeconfig.
 */
import { HARVESTER_HOST, RKE2_GUEST, SERVICES } from '../../../lab/world/ids';
import { SEL } from '../lib/selectors';
import { paths, STEP_MS } from '../lib/pages';
import { expect, test } from '../fixtures';
import { openPage } from '../lib/steps';
import { pickHarvesterProvisioner } from '../lib/demoSteps';
import { duringOutage } from '../lib/outage';
import { SERVER } from '../needs';

const CL = RKE2_GUEST.id;
const tid = (id: string) => `[data-testid="${ id }"]`;
/** The reads' timeout (data/store.ts CLUSTER_READ_TIMEOUT_MS) and the page's own work after it. */
const GIVE_UP_MS = 20000 + STEP_MS;
const LB_ROW = (name: string) => `${ tid('lb-page') } ${ tid(`lb-row-default-${ name }`) }`;

test('the Harvester host unreachable (its kube-apiserver down, and what serves its reads): the guest\'s pages work, each read of the host says it did not answer, the set-up refuses with Harvester\'s reason; back, the pages recover', SERVER, async({ adminPage: page, sim }) => {
  test.slow();
  const lbPage = await page.context().newPage();
  const rancher = sim.kind === 'rancher';
  // On Rancher's server the host's reads are its cluster agent's: stopping the kube-apiserver is enough, the agent
  // then loses it and Rancher answers for the cluster (its kubelet stand-in starts the agent again, with back-off).
  const parts = rancher ? ['kube-apiserver-harvester-host'] : ['kube-apiserver-harvester-host', 'steve-harvester-host'];
  // How long the pages may take to be right again: on Rancher, until the agent is back and connected; on the real
  // stack the kubeconfig came 63 s after the host in a CI run (the host's kube-controller-manager regains its lease).
  const backMs = rancher ? 360000 : 180000;

  // Rancher marks the host Disconnected meanwhile: the pages of the guest open all the same.
  sim.down?.add(HARVESTER_HOST.id);
  await duringOutage(parts, async(outage) => {
    if (rancher) {
      // Until its agent notices, Rancher serves the host's reads from the agent's cache, as they were (a CI run opened
      // the Load Balancers page then, and it showed the host's pools). The outage the pages are to say is the one
      // Rancher reports: the host Disconnected.
      await expect.poll(async() => ((await sim.api('GET', `/v1/management.cattle.io.clusters/${ HARVESTER_HOST.id }`)).body?.status?.conditions || [])
        .find((c: any) => c.type === 'Connected')?.status, {
        message: 'Rancher has harvester-host Disconnected', timeout: 180000, intervals: [2000]
      }).toBe('False');
    }
    // The guest's own pages: its Services, as before.
    await openPage(page, sim.dashboard, paths.services(CL), SEL.table.rows);
    await expect(page.locator(`${ SEL.table.rows }:has(a[href$="/explorer/service/default/${ SERVICES.webPool }"])`)).toContainText('Active', { timeout: STEP_MS });

    // Load Balancers: the guest's rows, and no pools or host load balancers, in words.
    await openPage(lbPage, sim.dashboard, `/c/${ CL }/explorer/harvester-load-balancers`, LB_ROW(SERVICES.webPool));
    await expect(lbPage.locator(tid('lb-page-host-unreadable'))).toHaveText('The Harvester host cluster did not answer, so the IP pools and the host\'s load balancers are not shown.', { timeout: GIVE_UP_MS });
    await expect(lbPage.locator(`${ LB_ROW(SERVICES.webPool) } ${ tid('lb-row-pool') }`)).toHaveText('Not readable');

    // Topology: the nodes with their own labels, drift not checked, and why.
    await openPage(page, sim.dashboard, paths.topology(CL), SEL.topology.root);
    await expect(page.locator(SEL.topology.hostProblem)).toContainText('The Harvester host cannot be read (offline or disconnected)', { timeout: GIVE_UP_MS });

    // The overview: the CSI driver's permissions on the host not checked because the host did not answer (before
    // this stop it blamed the user's permissions). On Rancher's server rke2-guest is an imported cluster: no machine
    // pool names its VMs' namespace, so the check never reads the host there.
    await openPage(page, sim.dashboard, paths.overview(CL), SEL.overview.root);
    await expect(page.locator(SEL.overview.component('cloudProvider'))).toContainText('Running', { timeout: STEP_MS });
    if (!rancher) {
      await expect(page.locator(tid('overview-rbac-why'))).toHaveText('The Harvester host did not answer, so the CSI driver\'s permissions on it could not be checked.', { timeout: GIVE_UP_MS });
    }

    // The StorageClass form: the host's classes cannot be listed; the field takes a typed name.
    await pickHarvesterProvisioner(page, sim.dashboard, 'host-down');
    await expect(page.locator(tid('harvester-storage-unreadable'))).toContainText('The Harvester host does not answer (offline or disconnected from Rancher)', { timeout: GIVE_UP_MS });

    // The set-up: Harvester refuses the kubeconfig; the page says the host was not reached, in Harvester's words.
    await openPage(page, sim.dashboard, paths.setup(CL), SEL.setup.generate);
    // The VMs' namespace: read from the host's VMs when it answers (an imported guest on Rancher has no machine pool
    // naming it); typed here, as the page asks.
    await page.locator(SEL.setup.namespace).fill('default');
    await page.locator(SEL.setup.generate).click();
    const failure = page.locator(tid('setup-generate-failure'));

    await expect(failure).toContainText('Harvester did not make the kubeconfig: the cluster could not be reached', { timeout: GIVE_UP_MS });
    if (!rancher) {
      await expect(failure).toContainText('connection refused');
    }
    await expect(page.locator(SEL.setup.credential)).toHaveCount(0);

    await outage.back();
    sim.down?.delete(HARVESTER_HOST.id);
    // The Load Balancers page looks again while Services wait (four are Pending): the pools come back unasked.
    await expect(lbPage.locator(tid('lb-page-host-unreadable')), 'the Load Balancers page, not reloaded').toHaveCount(0, { timeout: backMs });
    await expect(lbPage.locator(`${ LB_ROW(SERVICES.webPool) } ${ tid('lb-row-pool') }`)).toContainText('pool-rke2-guest', { timeout: STEP_MS });
    outage.recovered('the IP pools on the Load Balancers page');
    // Generate again, as a user retries: the host's kube-controller-manager lost its leader lease with its
    // kube-apiserver and fills the new account's token only once it holds it again, so Harvester may first answer
    // that the account's token did not come in time; then the kubeconfig is made.
    await expect(async() => {
      await page.locator(SEL.setup.generate).click();
      await expect(page.locator(SEL.setup.credential)).toBeVisible({ timeout: 20000 });
    }, 'Generate makes the kubeconfig once the host is back').toPass({ timeout: backMs, intervals: [5000] });
    await expect(failure).toHaveCount(0);
    outage.recovered('the kubeconfig generated');
  }).finally(() => sim.down?.delete(HARVESTER_HOST.id));
  await lbPage.close();
});
