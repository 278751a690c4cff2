/**
 * Way 1 of the air-gapped install in Rancher's own dashboards (docs/air-gapped.md): Extensions → ⋮ → Manage
 * Extension Catalogs → Import Extension Catalog with the catalog image's reference and its pull Secret; Rancher
 * creates the Deployment, Service and repository, the Deployment's Pod pulls the image (the Pod runner,
 * lab/standins/pods), and the extension is installed from that catalog and loaded after the reload, its files cached
 * by Rancher from the catalog's Service. The same steps through the API: tests/real/rancher/catalogImage.rancher.ts.
 */
import { cardAction, openExtensionsTab } from './lib/extensionCards';
import {
  catalogAnswers, catalogPods, catalogScene, CatalogScene, createPullSecret, dropCatalog, publishedVersion, PULL_SECRET, refreshRepo, repoDownload
} from './lib/catalogScene';
import { loadedFromRepo, NS, OPERATION_MS, uninstalledByApi } from './lib/extensionState';
import { STEP_MS } from './lib/pages';
import { expect, EXTENSION, test } from './fixtures';
import { EVERY_SERVER } from './needs';

const tid = (id: string) => `[data-testid="${ id }"]`;

test.use({ installed: false });
test('Manage Extension Catalogs → Import Extension Catalog with a pull Secret, then Install from that catalog: the extension loads from Rancher\'s cache of the catalog', EVERY_SERVER, async({ adminPage: page, sim, server }) => {
  test.skip(!server, 'needs Rancher\'s own server: the Pods of the Deployment the dialog creates run there (the Pod runner), not on the simulator');
  test.slow();
  const api = (method: string, path: string, body?: unknown) => sim.api(method, path, body);
  const scene: CatalogScene = await catalogScene(EXTENSION, publishedVersion(EXTENSION));
  const { names } = scene;

  try {
    await createPullSecret(api, scene);
    await openExtensionsTab(page, sim.dashboard, 'available');
    await page.locator(tid('extensions-page-menu')).click();
    await page.getByRole('menuitem', { name: 'Manage Extension Catalogs' }).click();
    await expect(page.locator(tid('extensions-catalog-title'))).toBeVisible({ timeout: STEP_MS });
    await page.locator(tid('extensions-catalog-load-dialog')).click();
    const dialog = page.getByRole('dialog');

    await dialog.getByRole('textbox').first().fill(scene.ref);
    // Image Pull Secrets: the dialog offers the namespace's docker-config Secrets.
    await dialog.locator('.labeled-select, .v-select').first().click();
    await page.getByRole('option', { name: PULL_SECRET }).click();
    await dialog.locator(tid('image-load-ext-modal-install-btn')).click();
    await expect(dialog).toBeHidden({ timeout: STEP_MS });

    // What the dialog created, with the admin's pull Secret, and its Pod run with the image pulled.
    const deployment = (await sim.api('GET', `/v1/apps.deployments/${ NS }/${ names.deployment }`)).body;

    expect(deployment.spec.template.spec).toMatchObject({ containers: [{ image: scene.ref }], imagePullSecrets: [{ name: PULL_SECRET }] });
    // The repository's URL: the Service's name from 2.15 on, its ClusterIP before (the dialog's `loadService`).
    const clusterIP = (await sim.api('GET', `/v1/services/${ NS }/${ names.service }`)).body.spec.clusterIP;
    const minor = Number(/^v?2\.(\d+)\./.exec(sim.rancherVersion)?.[1]);

    expect((await sim.api('GET', `/v1/catalog.cattle.io.clusterrepos/${ names.clusterRepo }`)).body.spec.url).toBe(minor >= 15 ? names.repoUrl : `http://${ clusterIP }:8080`);
    await expect.poll(async() => (await catalogPods(api, names.deployment)).map((p) => `${ p.status?.phase } ${ p.spec.nodeName }`), { timeout: OPERATION_MS })
      .toEqual(['Running pod-runner']);
    // Step 4: Rancher's first read came before the Pod; once the catalog answers, the admin refreshes the repository.
    await catalogAnswers(api, names.clusterRepo);
    await refreshRepo(api, names.clusterRepo);

    // Available: the catalog's card (its id names the repository), Install.
    const card = page.locator(tid(`item-card-cluster/${ names.clusterRepo }/${ EXTENSION }`));

    await expect.poll(async() => {
      await openExtensionsTab(page, sim.dashboard, 'available');

      return card.waitFor({ timeout: 15000 }).then(() => true, () => false);
    }, { timeout: OPERATION_MS, intervals: [5000] }).toBe(true)
      .catch(async(e: Error) => {
        throw new Error(`${ e.message }\nthe repository: ${ await repoDownload(api, names.clusterRepo) }`);
      });
    await cardAction(page, card, 'install', EXTENSION);
    await page.locator(tid('install-ext-modal-install-btn')).click();
    await loadedFromRepo(page, sim, names.clusterRepo, expect.stringContaining(names.repoUrl));
  } finally {
    await uninstalledByApi(sim);
    await dropCatalog(api, scene);
    await scene.stop();
  }
});
