/**
 * Extensions → Installed → Upgrade, as an admin upgrades when a new version is published: the version before the
 * one under test installed (this repository's published chart and files), the card offers the upgrade, Rancher runs
 * it (on its own server a helm-operation Pod, run by the Pod runner), and after the reload the browser runs the new
 * version's code. On Rancher's server the stack's repository lists both versions (scripts/stack/previousVersion.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { rancherBuilds, runsEveryFlow } from '../../lab/builds';
import { installRequest } from '../../lab/stack/rancher/extension';
import { EXTENSION_REPO } from '../../lab/world/ids';
import { previousPublished } from '../../scripts/stack/previousVersion';
import { cardAction, extensionCard, openExtensionsTab } from './lib/extensionCards';
import { held, listed, NS, OPERATION_MS } from './lib/extensionState';
import { STEP_MS } from './lib/pages';
import { expect, EXTENSION, ROOT, test } from './fixtures';
import { VERSIONS } from './needs';

const tid = (id: string) => `[data-testid="${ id }"]`;
const CURRENT: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'pkg', EXTENSION, 'package.json'), 'utf8')).version;
const PREVIOUS = previousPublished(ROOT, EXTENSION, CURRENT);
/** The file the shell loads first for a version of the extension (from Rancher's cache, /v1/uiplugins/…). */
const mainFile = (version: string) => new RegExp(`/v1/uiplugins/${ EXTENSION }/${ version.replace(/\./g, '\\.') }/plugin/${ EXTENSION }-${ version.replace(/\./g, '\\.') }\\.umd\\.min\\.js`);

test.use({ installed: false });
test('Installed → Upgrade: the card offers the new version, Rancher upgrades the release, and after the reload the new version runs', VERSIONS, async({ adminPage: page, sim, server }) => {
  const versions = rancherBuilds().map((b) => `rancher-${ b.version }`);

  // As the install flow: both page designs (2.12's buttons, 2.13+'s ⋮ menu) in the oldest and newest build present.
  test.skip(!server && test.info().project.name !== versions[0] && !runsEveryFlow(test.info().project.name), 'the 2.13+ page design runs in the newest build');
  test.skip(!PREVIOUS, `no version of ${ EXTENSION } was published before ${ CURRENT }`);
  test.slow();

  // The scene: the previous version installed (what an admin had before this one was published).
  const r = await sim.api('POST', `/v1/catalog.cattle.io.clusterrepos/${ EXTENSION_REPO }?action=install`, installRequest(PREVIOUS as string));

  expect(r.status, JSON.stringify(r.body)).toBe(201);
  await expect.poll(async() => (await sim.api('GET', '/v1/uiplugins')).body?.entries?.[EXTENSION], { timeout: OPERATION_MS })
    .toMatchObject({ version: PREVIOUS, Ready: true });
  // Had before: its install operation has ended. Rancher 2.12's page marks a card "Installing ..." for an operation
  // still running when it opens, and keeps it after the operation ends while that version is loaded (its helmOps
  // watcher clears only an uninstall or an error): a race the flow does not mean to test.
  await expect.poll(async() => (await listed(sim, 'catalog.cattle.io.operations'))
    .filter((o) => o.status?.releaseName === EXTENSION && o.metadata.state?.transitioning).map((o) => o.metadata.name), { timeout: OPERATION_MS })
    .toEqual([]);
  const before = new Set((await listed(sim, 'catalog.cattle.io.operations')).map((o) => o.metadata.name as string));
  const previousLoaded = page.waitForRequest(mainFile(PREVIOUS as string), { timeout: STEP_MS * 2 });

  await openExtensionsTab(page, sim.dashboard, 'installed');
  await previousLoaded;

  await cardAction(page, extensionCard(page, EXTENSION), 'upgrade', EXTENSION);
  // The dialog offers the newest version the repository lists: the one under test.
  await expect(page.getByRole('dialog').getByText(CURRENT).first()).toBeVisible();
  await page.locator(tid('install-ext-modal-install-btn')).click();

  await expect.poll(async() => (await sim.api('GET', '/v1/uiplugins')).body?.entries?.[EXTENSION], { timeout: OPERATION_MS })
    .toMatchObject({ version: CURRENT, Ready: true });
  await expect.poll(() => held(sim, before), { timeout: OPERATION_MS }).toEqual({
    uiplugins: [`${ NS }/${ EXTENSION }`], apps: [`${ NS }/${ EXTENSION }`], operations: [`upgrade ${ EXTENSION }`]
  });
  const app = (await sim.api('GET', `/v1/catalog.cattle.io.apps/${ NS }/${ EXTENSION }`)).body;

  expect(app.spec.chart.metadata.version).toBe(CURRENT);

  // The page asks for the reload that loads the new code, and the browser then loads the new version's files.
  await expect(page.locator(tid('extension-reload-banner'))).toBeVisible({ timeout: OPERATION_MS });
  const currentLoaded = page.waitForRequest(mainFile(CURRENT), { timeout: STEP_MS * 2 });

  await Promise.all([page.waitForEvent('load'), page.locator(tid('extension-reload-banner-reload-btn')).click()]);
  await currentLoaded;
  await expect(page.locator(tid('extensions-page-title'))).toBeVisible({ timeout: 60000 });
});
