/**
 * What Rancher's server holds of the extension as the Extensions flows read it through its API (its UIPlugins, Helm
 * Apps and Operations), and whether the dashboard has the extension loaded (its LB Mode column).
 */
import { Page } from '@playwright/test';
import { RKE2_GUEST } from '../../../lab/world/ids';
import { CompatBackend } from '../../../lab/backends/backend';
import { SEL } from './selectors';
import { open, paths } from './pages';
import { expect, EXTENSION } from '../fixtures';

export const NS = 'cattle-ui-plugin-system';
/**
 * A Helm operation seen through to the page: on Rancher's server its helm-operation Pod, Rancher's controllers, then
 * the dashboard's websocket watch of the Operation. In a rehearsal of CI, with another Rancher starting beside the
 * flows on the 2 cores, the card still said "Uninstalling" 30 s after Rancher had the Operation done.
 */
export const OPERATION_MS = 120000;

export async function listed(backend: CompatBackend, type: string): Promise<any[]> {
  const r = await backend.api('GET', `/v1/${ type }`);

  expect(r.status, `GET /v1/${ type }`).toBe(200);

  return r.body?.data || [];
}

/**
 * What the server holds of the extension: its UIPlugins and Apps, and the Helm operations since `before`. An Operation
 * Rancher has just created has no status yet (a CI rehearsal read one so): it reads "undefined undefined" until then,
 * so a poll asks again rather than failing on it.
 */
export async function held(backend: CompatBackend, before: Set<string> = new Set()) {
  const ids = async(type: string) => (await listed(backend, type)).filter((o) => o.metadata.name === EXTENSION).map((o) => `${ o.metadata.namespace }/${ o.metadata.name }`);

  return {
    uiplugins:  await ids('catalog.cattle.io.uiplugins'),
    apps:       await ids('catalog.cattle.io.apps'),
    operations: (await listed(backend, 'catalog.cattle.io.operations')).filter((o) => !before.has(o.metadata.name)).map((o) => `${ o.status?.action } ${ o.status?.releaseName }`).sort(),
  };
}

/**
 * How far Rancher's server has the Helm operations since `before`, as its API summarises them (metadata.state, from
 * the Operation's conditions, which Rancher's operation controller sets from its Pod's `helm` container).
 */
export async function operationStates(backend: CompatBackend, before: Set<string>): Promise<string[]> {
  const ops = (await listed(backend, 'catalog.cattle.io.operations')).filter((o) => !before.has(o.metadata.name));
  const state = (o: any) => (o.metadata.state?.error ? 'failed' : o.metadata.state?.transitioning ? `running (${ o.metadata.state?.message || '' })` : 'done');

  return ops.map((o) => `${ o.status?.action } ${ state(o) }`).sort();
}

/** The "LB Mode" column this extension adds to the Service list of a Harvester guest cluster: there when loaded. */
export async function lbModeColumns(page: Page, sim: CompatBackend): Promise<number> {
  await open(page, sim.dashboard, paths.services(RKE2_GUEST.id), SEL.table.rows);

  return page.locator(SEL.table.headerCells, { hasText: /^\s*LB Mode\s*$/ }).count();
}

/**
 * After Install from a repository's card: Rancher's UIPlugin Ready with files from `endpoint` (a string or a matcher),
 * one App labelled with that repository, and after the reload Rancher asks for, the extension loaded in the dashboard.
 */
export async function loadedFromRepo(page: Page, sim: CompatBackend, repo: string, endpoint: unknown): Promise<void> {
  const tid = (id: string) => `[data-testid="${ id }"]`;

  await expect.poll(async() => (await sim.api('GET', '/v1/uiplugins')).body?.entries?.[EXTENSION], { timeout: OPERATION_MS })
    .toMatchObject({ endpoint, Ready: true });
  expect((await held(sim)).apps).toEqual([`${ NS }/${ EXTENSION }`]);
  expect((await sim.api('GET', `/v1/catalog.cattle.io.apps/${ NS }/${ EXTENSION }`)).body.metadata.labels['catalog.cattle.io/cluster-repo-name']).toBe(repo);
  await expect(page.locator(tid('extension-reload-banner'))).toBeVisible({ timeout: OPERATION_MS });
  await Promise.all([page.waitForEvent('load'), page.locator(tid('extension-reload-banner-reload-btn')).click()]);
  await expect(page.locator(tid('extensions-page-title'))).toBeVisible({ timeout: 60000 });
  expect(await lbModeColumns(page, sim), 'the extension\'s LB Mode column in the guest\'s Services list').toBe(1);
}

/** The extension's App uninstalled through Rancher's API, and gone. */
export async function uninstalledByApi(sim: CompatBackend): Promise<void> {
  await sim.api('POST', `/v1/catalog.cattle.io.apps/${ NS }/${ EXTENSION }?action=uninstall`, {});
  await expect.poll(async() => (await sim.api('GET', `/v1/catalog.cattle.io.apps/${ NS }/${ EXTENSION }`)).status, { timeout: OPERATION_MS }).toBe(404);
}
