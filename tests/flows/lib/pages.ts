/** Where the dashboard's pages are, opening one with a full page load, and how long a step may take. */
import type { Page } from 'playwright-core';

/** Waits the suite allows for one step on a page (the dev build is slow to render big pages). */
export const STEP_MS = 30000;
/** A full page load: the dev build runs 37 MB of JavaScript first, which takes minutes on a busy machine. */
export const FIRST_LOAD_MS = 180000;

/** A full page load of a dashboard path (a fresh store, so state the simulator was reset to is what shows). */
export async function open(page: Page, dashboardUrl: string, pathname: string, ready: string): Promise<void> {
  await page.goto(`${ dashboardUrl }${ pathname }`, { waitUntil: 'domcontentloaded', timeout: FIRST_LOAD_MS });
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: FIRST_LOAD_MS });
}

export const paths = {
  services:           (cluster: string) => `/c/${ cluster }/explorer/service`,
  serviceCreate:      (cluster: string) => `/c/${ cluster }/explorer/service/create`,
  service:            (cluster: string, ns: string, name: string) => `/c/${ cluster }/explorer/service/${ ns }/${ name }`,
  serviceEdit:        (cluster: string, ns: string, name: string) => `/c/${ cluster }/explorer/service/${ ns }/${ name }?mode=edit`,
  storageClasses:     (cluster: string) => `/c/${ cluster }/explorer/storage.k8s.io.storageclass`,
  storageClassCreate: (cluster: string) => `/c/${ cluster }/explorer/storage.k8s.io.storageclass/create`,
  storageClass:       (cluster: string, name: string) => `/c/${ cluster }/explorer/storage.k8s.io.storageclass/${ name }`,
  snapshotClassNew:   (cluster: string) => `/c/${ cluster }/explorer/snapshot.storage.k8s.io.volumesnapshotclass/create`,
  topology:           (cluster: string) => `/c/${ cluster }/explorer/harvester-topology`,
  overview:           (cluster: string) => `/c/${ cluster }/explorer/harvester-integration`,
  setup:              (cluster: string) => `/c/${ cluster }/explorer/harvester-integration/setup`,
  nodes:              (cluster: string) => `/c/${ cluster }/explorer/node`,
  clusterHome:        (cluster: string) => `/c/${ cluster }/explorer`,
  prefs:              () => '/prefs',
};

export function currentPath(page: Page): string {
  const u = new URL(page.url());

  return `${ u.pathname }${ u.search }`;
}
