/**
 * Setting the Harvester integration up from the overview, on k3s-bare (K3s on Harvester VMs, no cloud provider, no
 * CSI driver): the form, the kubeconfig from Harvester's endpoint (hidden until asked), what goes where for K3s, and
 * the one-step apply (the guest Secret, the charts through Apps), after which the overview has nothing to report.
 * Once in English, once in Simplified Chinese.
 */
import type { Page } from '@playwright/test';
import { HARVESTER_HOST, K3S_BARE } from '../../lab/world/ids';
import { expect, test } from './fixtures';
import { SEL } from './lib/selectors';
import { SimClient } from '../../lab/backends/simClient';
import { expectBeside, typeInto } from './lib/fields';
import { expectNoEnglish } from './lib/leftoverEnglish';
import { open, paths } from './lib/pages';
import { seriousViolations } from './lib/axe';
import { useLanguage } from './lib/language';

const SECRET = 'kube-system/harvester-cloud-config';

/** Generate, check the credential stays hidden, apply, and wait for both workloads the charts leave. */
async function generateAndApply(page: Page, simClient: SimClient): Promise<string> {
  await page.locator(SEL.setup.generate).click();
  await page.locator(SEL.setup.credential).waitFor();
  const tokenSecret = await simClient.object(HARVESTER_HOST.id, 'secret', `default/${ K3S_BARE.name }-token`);
  const token = Buffer.from(tokenSecret?.data?.token || '', 'base64').toString();

  expect(token.length, 'Harvester made the service account\'s token').toBeGreaterThan(10);
  expect(await page.locator(SEL.setup.root).innerText(), 'the token before it is asked for').not.toContain(token);
  expect((await simClient.requests()).filter((r) => r.path.includes(token) || JSON.stringify(r.query).includes(token)), 'requests with the token in the URL').toEqual([]);

  await page.locator(SEL.setup.apply).click();
  await page.locator(SEL.setup.result('charts')).waitFor();
  const secret = await simClient.object(K3S_BARE.id, 'secret', SECRET);

  expect(Buffer.from(secret?.data?.['cloud-config'] || '', 'base64').toString(), 'the cloud config in the guest').toContain(`token: ${ token }`);
  await expect.poll(async() => !!(await simClient.object(K3S_BARE.id, 'apps.deployment', 'kube-system/harvester-cloud-provider')) && !!(await simClient.object(K3S_BARE.id, 'apps.daemonset', 'kube-system/harvester-csi-driver')), { message: 'both charts installed through Apps', timeout: 20000 }).toBe(true);
  // R-SET-10: the page follows Rancher's operation until Helm is done, and says so (green).
  await page.locator(`${ SEL.setup.result('helm') }.success`).waitFor({ timeout: 20000 });

  return token;
}

test('12. set up K3s on Harvester VMs from the overview: kubeconfig, Secret and charts, then the overview is green', async({
  simClient, page, dashboardUrl, shot
}) => {
  await open(page, dashboardUrl, paths.overview(K3S_BARE.id), SEL.overview.setupLink);
  expect(await page.locator(SEL.overview.problems).innerText(), 'what the overview reports').toMatch(/cloud provider is not installed[\s\S]*CSI driver is not installed/);
  await page.locator(SEL.overview.setupLink).click();
  await page.locator(SEL.setup.generate).waitFor();

  // Prefilled from the machine pool and the cluster's name; a bad name is refused beside its field, nothing sent.
  expect(await page.locator(SEL.setup.namespace).inputValue(), 'the VMs\' namespace').toBe('default');
  expect(await page.locator(SEL.setup.serviceAccount).inputValue(), 'the service account').toBe(K3S_BARE.name);
  await typeInto(page, SEL.setup.serviceAccount, 'K3s_Bare');
  await page.locator(SEL.setup.generate).click();
  await page.locator(SEL.setup.fieldError).waitFor();
  await expectBeside(page, SEL.setup.serviceAccount, SEL.setup.fieldError, 'the service account\'s message');
  expect(await simClient.resourceWrites(), 'writes while the form is refused').toEqual([]);
  await typeInto(page, SEL.setup.serviceAccount, K3S_BARE.name);

  const token = await generateAndApply(page, simClient);

  expect(await page.locator(SEL.setup.planCharts).innerText(), 'the charts for Kubernetes 1.32').toContain('0.2.15');
  expect(await page.locator(SEL.setup.k3sConfig).innerText(), 'the K3s lines').toContain('disable-cloud-controller: true');
  await page.locator(SEL.setup.reveal).click();
  expect(await page.locator(SEL.setup.kubeconfig).innerText(), 'the kubeconfig, on request').toContain(`token: ${ token }`);
  expect(await seriousViolations(page, SEL.setup.root), 'serious/critical accessibility violations on the set-up page').toEqual([]);
  await page.locator(SEL.setup.reveal).click();
  await shot('setup', { doc: 'setup.png', tall: true });

  await page.locator(SEL.setup.back).click();
  await page.locator(SEL.overview.lbCounts).waitFor();
  expect(await page.locator(SEL.overview.problems).innerText(), 'the overview after the set-up').toContain('Nothing needs attention.');
  expect(await seriousViolations(page, SEL.overview.root), 'serious/critical accessibility violations on the overview').toEqual([]);
});

test('zh-hans: the set-up of k3s-bare shows no English and ends with a green overview', async({
  simClient, page, dashboardUrl, shot
}) => {
  await useLanguage(page, dashboardUrl, simClient, 'zh-hans');
  await open(page, dashboardUrl, paths.setup(K3S_BARE.id), SEL.setup.generate);
  await typeInto(page, SEL.setup.namespace, '');
  await page.locator(SEL.setup.generate).click();
  await page.locator(SEL.setup.fieldError).waitFor();
  await expectNoEnglish(page, 'set-up form with an error');
  await typeInto(page, SEL.setup.namespace, 'default');
  await generateAndApply(page, simClient);
  await expectNoEnglish(page, 'set-up page after applying');
  expect(await seriousViolations(page, SEL.setup.root), 'serious/critical accessibility violations (zh-hans)').toEqual([]);
  await shot('setup-zh', { tall: true });
  await page.locator(SEL.setup.back).click();
  await page.locator(SEL.overview.lbCounts).waitFor();
  expect(await page.locator(SEL.overview.problems).innerText(), 'the overview after the set-up (zh-hans)').toContain('没有需要处理的问题。');
  await useLanguage(page, dashboardUrl, simClient, 'en-us');
});
