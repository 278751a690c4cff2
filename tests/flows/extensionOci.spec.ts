/**
 * Way 2 of the air-gapped install in Rancher's own dashboards (docs/air-gapped.md): the chart pushed to a registry
 * that wants credentials (`publish-pkgs --oci --mirror`, its files at a mirror Rancher reaches); Extensions → ⋮ →
 * Manage Repositories → Create with Target "OCI Repository", the registry's URL, a new HTTP Basic Auth Secret and
 * Insecure Plain Http; then Install from that repository's card, Rancher's helm-operation Pod (the Pod runner), and
 * the reload that loads the extension from Rancher's cache of the mirror. The same through the API:
 * tests/real/rancher/ociRepo.rancher.ts.
 */
import { Page } from '@playwright/test';
import { cardAction, openExtensionsTab } from './lib/extensionCards';
import { ociScene, OciScene } from './lib/ociScene';
import { loadedFromRepo, OPERATION_MS, uninstalledByApi } from './lib/extensionState';
import { STEP_MS } from './lib/pages';
import { expect, EXTENSION, test } from './fixtures';
import { EVERY_SERVER } from './needs';

const tid = (id: string) => `[data-testid="${ id }"]`;
/** A LabeledInput's text box: the test id is on the input itself or on its wrapper, by component and version. */
const input = (page: Page, id: string) => page.locator(`input${ tid(id) }, ${ tid(id) } input`).first();
const REPO = 'harvester-cloud-ui-oci';

/** Target "OCI Repository": 2.14 and later a card (RcItemCard `oci-url`), 2.12 and 2.13 a radio button. */
async function chooseOci(page: Page): Promise<void> {
  const card = page.locator(tid('item-card-oci-url'));
  const radio = page.locator(tid('clusterrepo-radio-input')).getByText('OCI Repository', { exact: true });

  await expect(card.or(radio)).toBeVisible({ timeout: STEP_MS });
  await (await card.isVisible() ? card : radio).click();
}

async function createRepository(page: Page, scene: OciScene): Promise<void> {
  await page.locator(tid('extensions-page-menu')).click();
  await page.getByRole('menuitem', { name: 'Manage Repositories' }).click();
  await page.locator(tid('masthead-create')).click();
  await chooseOci(page);
  await input(page, 'name-ns-description-name').fill(REPO);
  await input(page, 'clusterrepo-oci-url-input').fill(scene.url);
  const auth = page.locator(tid('auth-secret-select'));

  // The select reads the cluster's Secrets when it mounts and ignores clicks until they are read (shell
  // LabeledSelect: `loading` returns from its click handler and disables the inner vue-select, a spinner beside
  // it): wait for that, as a user waits for the spinner. LabeledSelect passes its attributes, the test id among
  // them, to that inner vue-select (`inheritAttrs: false`, 2.12 to master), so the test id's own element carries
  // `vs--disabled`; stop 54 looked for it inside that element, which never matched, and a click meanwhile left the
  // menu closed (Rancher 2.13: 4 runs in 5 with the registry starting beside).
  await expect(auth).toHaveClass(/(^|\s)v-select(\s|$)/);
  await expect(auth).not.toHaveClass(/(^|\s)vs--disabled(\s|$)/, { timeout: STEP_MS });
  await auth.click();
  await page.getByRole('option', { name: 'Create an HTTP Basic Auth Secret' }).click();
  await input(page, 'auth-secret-basic-username').fill(scene.user);
  await input(page, 'auth-secret-basic-password').fill(scene.password);
  await page.locator(tid('clusterrepo-oci-insecure-plain-http')).click();
  // The footer's last button: "Create" (2.13), or the "Add" the create page puts in its place (2.15).
  await page.locator(tid('clusterrepo-footer')).getByRole('button').last().click();
}

test.use({ installed: false });
test('Manage Repositories → Create an OCI Repository with HTTP Basic Auth, then Install from it: the extension loads from Rancher\'s cache of the mirror', EVERY_SERVER, async({ adminPage: page, sim, server }) => {
  test.skip(!server, 'needs Rancher\'s own server: its OCI client reads the registry, and the helm-operation Pod runs there (the Pod runner)');
  test.slow();
  const scene = await ociScene(EXTENSION);

  try {
    await openExtensionsTab(page, sim.dashboard, 'available');
    await createRepository(page, scene);

    // What the form created: the URL as typed, plain HTTP, and a basic-auth Secret holding the registry's account.
    let repo: any;

    await expect.poll(async() => (repo = (await sim.api('GET', `/v1/catalog.cattle.io.clusterrepos/${ REPO }`)).body), { timeout: STEP_MS })
      .toMatchObject({ spec: { url: scene.url, insecurePlainHttp: true } });
    const ref = repo.spec.clientSecret;
    const secret = (await sim.api('GET', `/v1/secrets/${ ref.namespace }/${ ref.name }`)).body;

    // Steve puts the Secret's own type in `_type` (`type` is its schema's).
    expect(secret._type).toBe('kubernetes.io/basic-auth');
    expect(Buffer.from(secret.data.password, 'base64').toString()).toBe(scene.password);
    await expect.poll(async() => ((await sim.api('GET', `/v1/catalog.cattle.io.clusterrepos/${ REPO }`)).body?.status?.conditions || [])
      .filter((c: any) => c.type === 'OCIDownloaded').map((c: any) => `${ c.status } ${ c.message || '' }`.trim()), { timeout: OPERATION_MS }).toEqual(['True']);

    // Available: this repository's card, Install.
    const card = page.locator(tid(`item-card-cluster/${ REPO }/${ EXTENSION }`));

    await expect.poll(async() => {
      await openExtensionsTab(page, sim.dashboard, 'available');

      return card.waitFor({ timeout: 15000 }).then(() => true, () => false);
    }, { timeout: OPERATION_MS, intervals: [5000] }).toBe(true);
    await cardAction(page, card, 'install', EXTENSION);
    await page.locator(tid('install-ext-modal-install-btn')).click();
    await loadedFromRepo(page, sim, REPO, scene.endpoint);
  } finally {
    await uninstalledByApi(sim);
    const secret = (await sim.api('GET', `/v1/catalog.cattle.io.clusterrepos/${ REPO }`)).body?.spec?.clientSecret;

    await sim.api('DELETE', `/v1/catalog.cattle.io.clusterrepos/${ REPO }`);
    if (secret?.name) {
      await sim.api('DELETE', `/v1/secrets/${ secret.namespace }/${ secret.name }`);
    }
    await scene.stop();
  }
});
