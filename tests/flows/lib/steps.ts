/** Steps of the compatibility flows, as a user takes them in any Rancher version's dashboard. */
import { Page, Request } from '@playwright/test';
import { SEL } from './selectors';
import { choose } from './fields';
import { fillServiceBasics } from './cruPage';
import { paths, STEP_MS } from './pages';
import { CompatBackend } from '../../../lab/backends/backend';
import { PROVIDER } from '../../../lab/simulator/controllers/providerKeys';
import { DHCP_ADDRESS } from '../../../lab/simulator/controllers/hostLoadBalancer';
import { expect } from '../fixtures';

export const PROVIDER_PREFIX = 'cloudprovider.harvesterhci.io/';
/** What Rancher's agent writes on a Service with an address (its endpoints controller). */
const PUBLIC_ENDPOINTS = 'field.cattle.io/publicEndpoints';

/** A full page load of a dashboard path, done when `ready` shows (the whole dashboard boots first). */
export async function openPage(page: Page, dashboard: string, pathname: string, ready: string): Promise<void> {
  await page.goto(`${ dashboard }${ pathname }`, { waitUntil: 'commit' });
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 3 * STEP_MS });
}

/** The provider's keys of a set of annotations (what the Add-on Config may write). */
export function providerKeys(annotations: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(annotations || {}).filter(([k]) => k.startsWith(PROVIDER_PREFIX)).sort(([a], [b]) => a.localeCompare(b)));
}

export async function storedAnnotations(sim: CompatBackend, cluster: string, id: string): Promise<Record<string, string>> {
  // Where the real stack serves the cluster, what its kube-apiserver stores (the simulator's state has no such Service).
  const svc = await sim.client.object(cluster, 'service', id);

  expect(svc, `the server holds no Service ${ id }`).toBeTruthy();

  return svc?.metadata.annotations || {};
}

/** Exactly one Add-on Config: one side tab, one panel shown when it is open, and it is this extension's. */
export async function expectOneAddOnConfig(page: Page): Promise<void> {
  await page.locator(SEL.cru.tabButton('add-on-config')).first().waitFor({ state: 'visible', timeout: STEP_MS });
  await expect(page.locator(SEL.cru.tabButton('add-on-config'))).toHaveCount(1);
  await page.locator(SEL.cru.tabButton('add-on-config')).click();
  await page.locator(SEL.lb.root).first().waitFor({ state: 'visible', timeout: STEP_MS });
  // Rancher's own panel (2.12–2.14) may stay in the page hidden; none but ours may be visible.
  await expect(page.locator('section[role="tabpanel"]:visible')).toHaveCount(1);
  await expect(page.locator(`${ SEL.lb.root }:visible`)).toHaveCount(1);
  await expect(page.locator('ul.tabs li:visible', { hasText: /^\s*Add-on Config\s*$/ })).toHaveCount(1);
}

/** The create page of a LoadBalancer Service, by a full page load of its address or from the list's Create button. */
export async function openLoadBalancerCreate(page: Page, dashboard: string, cluster: string, how: 'address' | 'list'): Promise<void> {
  if (how === 'address') {
    await page.goto(`${ dashboard }${ paths.serviceCreate(cluster) }`, { waitUntil: 'commit' });
  } else {
    await openPage(page, dashboard, paths.services(cluster), SEL.table.createBtn);
    await page.locator(SEL.table.createBtn).click();
  }
  // A full load boots the whole dashboard and its cluster store first.
  await page.locator(SEL.cru.subtype('LoadBalancer')).click({ timeout: 3 * STEP_MS });
  await page.locator(SEL.cru.name).waitFor({ timeout: STEP_MS });
}

/** Name and one TCP port (9090: no demo Service uses it, so sharing an IP with web-pool has no port overlap). */
export async function fillNewService(page: Page, name: string, port = 9090): Promise<void> {
  await fillServiceBasics(page, name, { name: 'http', port });
}

export async function chooseSource(page: Page, source: 'pool' | 'dhcp' | 'share'): Promise<void> {
  await page.locator(SEL.lb.sourceOption(source)).click();
}

/**
 * The primary: its options are the namespace's LoadBalancer Services, read when the section opens; through Rancher's
 * proxy on a loaded machine that read took longer than choose's four tries (a CI rehearsal: "it shows: nothing"), so
 * the user's wait is up to STEP_MS.
 */
export async function choosePrimary(page: Page, ref: RegExp): Promise<void> {
  await expect(async() => choose(page, SEL.lb.primary, ref), `the primary ${ ref } offered`).toPass({ timeout: STEP_MS });
}

/** Opens a Service's edit page the way a user would: from the list's row menu, the detail page's menu, or its address. */
export async function openServiceEdit(page: Page, dashboard: string, cluster: string, ns: string, name: string, how: 'list' | 'detail' | 'address'): Promise<void> {
  if (how === 'address') {
    await page.goto(`${ dashboard }${ paths.serviceEdit(cluster, ns, name) }`, { waitUntil: 'commit' });
  } else if (how === 'list') {
    await openPage(page, dashboard, paths.services(cluster), SEL.table.rows);
    const row = page.locator(SEL.table.rows).filter({ has: page.getByRole('link', { name, exact: true }) }).first();

    await row.locator(SEL.table.rowActions).click();
    await page.locator(SEL.openMenu).getByText('Edit Config', { exact: true }).click();
  } else {
    await openPage(page, dashboard, paths.service(cluster, ns, name), SEL.detailActions);
    await page.locator(SEL.detailActions).first().click();
    await page.locator(SEL.openMenu).getByText('Edit Config', { exact: true }).click();
  }
  await page.locator(SEL.cru.save).waitFor({ state: 'visible', timeout: 3 * STEP_MS });
}

/**
 * Saves and waits until the dashboard has left the form (it does so only when the save succeeded). Returns the body
 * of the page's last write (POST or PUT through Steve): what the page saved, before any controller of the server
 * (Rancher's agent, Harvester's cloud provider) adds its own annotations to the stored object.
 */
export async function saveAndLeave(page: Page): Promise<any> {
  const writes: any[] = [];
  const onRequest = (r: Request) => {
    // The Service's own create or update through Steve (not the user's preferences or other writes meanwhile).
    if ((r.method() === 'POST' || r.method() === 'PUT') && /\/v1\/services(\/|$)/.test(new URL(r.url()).pathname)) {
      writes.push(r.postDataJSON());
    }
  };

  page.on('request', onRequest);
  try {
    await page.locator(SEL.cru.save).click();
    await page.waitForURL((u) => !u.pathname.endsWith('/create') && !u.search.includes('mode=edit'), { timeout: STEP_MS });
  } finally {
    page.off('request', onRequest);
  }

  return writes.filter((w) => w?.metadata).pop();
}

/**
 * What a save wrote is what the user chose: `scope` 'provider' compares the provider's keys only, 'all' every
 * annotation. The page's write is checked on every backend, and what the server then stores too: where Harvester's
 * cloud provider runs (the real stack), less what it writes itself after a save — v0.2.7
 * `updateSecondaryServiceLoadBalancerIP` copies the primary's network onto a Service sharing its IP.
 */
export async function expectSaved(sim: CompatBackend, written: any, cluster: string, id: string, expected: Record<string, string>, scope: 'provider' | 'all'): Promise<void> {
  const pick = (a: Record<string, string> | undefined) => (scope === 'provider' ? providerKeys(a) : a || {});

  expect(pick(written?.metadata?.annotations), `the annotations the page saved for ${ id }`).toEqual(expected);
  const stored = pick(await storedAnnotations(sim, cluster, id));
  const primary = expected[`${ PROVIDER_PREFIX }primary-service`];

  if (sim.kind !== 'simulator' && primary && scope === 'provider' && !(`${ PROVIDER_PREFIX }network` in expected)) {
    const { [`${ PROVIDER_PREFIX }network`]: network, ...rest } = stored;

    expect([undefined, (await storedAnnotations(sim, cluster, primary))[`${ PROVIDER_PREFIX }network`]], `${ id }'s network is its primary's, copied by the provider`).toContain(network);
    expect(rest, `the annotations stored for ${ id }`).toEqual(expected);

    return;
  }
  expect(stored, `the annotations stored for ${ id }`).toEqual(expected);
}

/**
 * Where the server's controllers act on a new LoadBalancer Service (Harvester's cloud provider gives it an address and
 * kube-vip's annotations; Rancher's agent then its public endpoints), waits for them and until its annotations stop
 * changing, so a page opened next loads what a user would find. An address alone is not enough: a Service made with
 * `kube-vip.io/loadbalancerIPs: 0.0.0.0` gets kube-vip's DHCP lease at once, and the pool's address only when the
 * provider, busy with an earlier Service, comes to it (k8s.io/cloud-provider controllers/service: its
 * `EnsuredLoadBalancer` event).
 */
export async function settled(sim: CompatBackend, cluster: string, id: string): Promise<Record<string, string>> {
  const read = async() => await sim.client.object(cluster, 'service', id) as any;
  const ensured = async(uid: string) => (await sim.client.objects(cluster, 'event') as any[])
    .some((e) => e.involvedObject?.uid === uid && e.reason === 'EnsuredLoadBalancer');

  if (sim.kind !== 'simulator') {
    await expect.poll(async() => {
      const svc = await read();
      const a = svc?.metadata?.annotations || {};
      const ip = svc?.status?.loadBalancer?.ingress?.[0]?.ip;
      // kube-vip serves what the provider wrote (its lease, for 0.0.0.0); Rancher's agent names that address.
      const served = !!ip && ip === (a[PROVIDER.kubeVipIPs] === DHCP_ADDRESS ? a[PROVIDER.kubeVipLease] : a[PROVIDER.kubeVipIPs]);

      return served && (sim.kind !== 'rancher' || `${ a[PUBLIC_ENDPOINTS] }`.includes(`"${ ip }"`)) && await ensured(svc.metadata.uid);
    }, { message: `Harvester's provider gives ${ id } its address${ sim.kind === 'rancher' ? ', and Rancher\'s agent its public endpoints' : '' }`, timeout: 2 * STEP_MS }).toBe(true);
  }
  let last = JSON.stringify(await storedAnnotations(sim, cluster, id));

  for (let i = 0; sim.kind !== 'simulator' && i < 15; i++) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const now = JSON.stringify(await storedAnnotations(sim, cluster, id));

    if (now === last) {
      break;
    }
    last = now;
  }

  return JSON.parse(last);
}

/** A LoadBalancer Service made through the API (kubectl, Helm): no Add-on Config annotations, one of someone else's. */
export async function createApiService(sim: CompatBackend, cluster: string, name: string, annotations: Record<string, string>): Promise<void> {
  const res = await sim.api('POST', `/k8s/clusters/${ cluster }/v1/services`, {
    type:     'service',
    metadata: {
      namespace: 'default', name, annotations
    },
    spec: {
      type:     'LoadBalancer',
      selector: { app: name },
      ports:    [{
        name: 'http', port: 80, protocol: 'TCP', targetPort: 80
      }]
    },
  });

  expect(res.status, `creating Service ${ name } through Steve`).toBe(201);
}
