/** Steps of the real-mode flows that wait for Harvester's controllers (stack/: built from ../shared/harvester). */
import type { Page } from '@playwright/test';
import { kubeRequest } from '../../../lab/core/kubeClient';
import { kubeTarget } from '../../../lab/stack/stack';
import { SEL } from './selectors';
import { STEP_MS } from './pages';
import { CompatBackend as CompatSim } from '../../../lab/backends/backend';
import { expect } from '../fixtures';
import { realService } from './realSteps';
import { RKE2_GUEST } from '../../../lab/world/ids';

/** Waits until the real Service has an address (the provider's, written to the Service by kube-vip's stand-in). */
export async function realAddress(sim: CompatSim, cluster: string, id: string, ms = 90000): Promise<string> {
  const end = Date.now() + ms;

  for (;;) {
    const ip = (await realService(sim, cluster, id))?.status?.loadBalancer?.ingress?.[0]?.ip;

    if (ip) {
      return ip;
    }
    expect(Date.now() < end, `Service ${ id } got no address from Harvester's controllers within ${ ms / 1000 } s`).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Waits for the service controller's SyncLoadBalancerFailed event about a Service on the real guest. */
export async function realFailure(sim: CompatSim, id: string, ms = 90000): Promise<string> {
  const [ns, name] = id.split('/');
  const end = Date.now() + ms;
  const target = kubeTarget(sim.stack as NonNullable<CompatSim['stack']>, 'guest');
  // This Service's, by its uid: an earlier Service of the same name (a flow run before on the same stack) left its own.
  const uid = (await realService(sim, RKE2_GUEST.id, id)).metadata.uid;

  for (;;) {
    const events = (await kubeRequest(target, 'GET', `/api/v1/namespaces/${ ns }/events`)).body?.items || [];
    const failed = events.find((e: any) => e.involvedObject?.name === name && e.involvedObject?.uid === uid && e.reason === 'SyncLoadBalancerFailed');

    if (failed) {
      return failed.message;
    }
    expect(Date.now() < end, `no SyncLoadBalancerFailed event for ${ id } within ${ ms / 1000 } s`).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The Services list's cell of a column for a Service (the extension's LB columns among them). */
export function listCell(page: Page, service: string, headers: string[], column: string) {
  return page.locator(SEL.table.rows).filter({ has: page.getByRole('link', { name: service, exact: true }) }).locator('td').nth(headers.indexOf(column));
}

export async function listHeaders(page: Page): Promise<string[]> {
  await page.locator(SEL.table.rows).first().waitFor({ timeout: STEP_MS });

  return (await page.locator(SEL.table.headerCells).allInnerTexts()).map((h) => h.trim());
}
