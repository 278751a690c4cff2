/**
 * The extension in Rancher 2.15's production dashboard against Harvester's own controllers (issue 25): the load
 * balancer controller and webhook v1.8.2 on harvester-host, the cloud provider v0.2.7 and the CSI driver v0.2.9
 * with the Kubernetes CSI sidecars on rke2-guest, built from ../shared/harvester and run by the stack (only VMs,
 * kube-vip's datapath and Longhorn's disks are stood in for, docs/demo-mode.md). What the user sees comes from
 * what those components did: addresses, IP pools, events, snapshots and restored volumes.
 */
import { RKE2_GUEST, SERVICES } from '../../../lab/world/ids';
import { SEL } from '../lib/selectors';
import { open, STEP_MS } from '../lib/pages';
import { expect, test } from '../fixtures';
import {
  choosePrimary, chooseSource, createApiService, expectOneAddOnConfig, fillNewService, openLoadBalancerCreate, openPage, saveAndLeave
} from '../lib/steps';
import { listCell, listHeaders, realAddress, realFailure } from '../lib/controllerSteps';
import { realService } from '../lib/realSteps';
import { kubeRequest } from '../../../lab/core/kubeClient';
import { kubeTarget } from '../../../lab/stack/stack';
import { SERVER } from '../needs';

const CL = RKE2_GUEST.id;
const P = 'cloudprovider.harvesterhci.io';
const LB_PAGE_ROW = (name: string) => `[data-testid="lb-page"] [data-testid="lb-row-default-${ name }"]`;
const services = (dashboard: string) => `${ dashboard }/c/${ CL }/explorer/service`;
const detail = (dashboard: string, name: string) => `${ dashboard }/c/${ CL }/explorer/service/default/${ name }`;

test('a pool Service made in the Add-on Config gets its address from Harvester: list, detail and Load Balancers page', SERVER, async({ adminPage: page, sim }) => {
  await openLoadBalancerCreate(page, sim.dashboard, CL, 'list');
  await fillNewService(page, 'real-pool');
  await expectOneAddOnConfig(page);
  await saveAndLeave(page);
  const ip = await realAddress(sim, CL, 'default/real-pool');

  expect(ip, 'an address of pool-rke2-guest (192.168.100.50-59)').toMatch(/^192\.168\.100\.5\d$/);
  await page.goto(services(sim.dashboard));
  const headers = await listHeaders(page);

  await expect(listCell(page, 'real-pool', headers, 'LB Address')).toHaveText(new RegExp(ip.replace(/\./g, '\\.')), { timeout: STEP_MS });
  await open(page, sim.dashboard.replace(/\/dashboard$/, ''), `/dashboard/c/${ CL }/explorer/service/default/real-pool`, SEL.cru.tabButton('add-on-config'));
  await page.locator(SEL.cru.tabButton('add-on-config')).click();
  await expect(page.locator(SEL.lb.root).first()).toContainText(ip, { timeout: STEP_MS });
  // The pool of origin is the host's real allocation (LoadBalancer status.allocatedAddress.ipPool).
  await openPage(page, sim.dashboard, `/c/${ CL }/explorer/harvester-load-balancers`, LB_PAGE_ROW('real-pool'));
  await expect(page.locator(LB_PAGE_ROW('real-pool'))).toContainText(ip);
  await expect(page.locator(LB_PAGE_ROW('real-pool'))).toContainText('pool-rke2-guest');
});

test('a Service on a network the NAD mapping lacks: the provider\'s real event and what it means, on the detail page', SERVER, async({ adminPage: page, sim }) => {
  await createApiService(sim, CL, 'off-mapping', { [`${ P }/ipam`]: 'dhcp', [`${ P }/network`]: 'default/vlan300' });
  const message = await realFailure(sim, 'default/off-mapping');

  expect(message).toBe('Error syncing load balancer: failed to ensure load balancer: network default/vlan300 not found in NAD mapping for service default/off-mapping');
  await page.goto(detail(sim.dashboard, 'off-mapping'));
  await page.locator(SEL.cru.tabButton('add-on-config')).click();
  await page.locator(SEL.lb.hostReasons).waitFor({ timeout: STEP_MS });
  // The explanation (addOnConfig/pendingReasons.ts networkNotInMapping), then the provider's own words.
  await expect(page.locator(SEL.lb.hostReasons)).toContainText(/default\/vlan300 is not one the guest's nodes share \(kube-system\/harvester-nad-mapping\)/);
  await expect(page.locator(SEL.lb.hostReasons)).toContainText('network default/vlan300 not found in NAD mapping for service default/off-mapping');
  await expect(page.locator(SEL.lb.hostAddress)).toHaveText(/Pending/);
});

test('sharing web-pool\'s IP and DHCP, made in the Add-on Config: the addresses Harvester gives them', SERVER, async({ adminPage: page, sim }) => {
  const primary = await realAddress(sim, CL, `default/${ SERVICES.webPool }`);

  await openLoadBalancerCreate(page, sim.dashboard, CL, 'list');
  await fillNewService(page, 'real-sharer', 9191);
  await expectOneAddOnConfig(page);
  await chooseSource(page, 'share');
  await choosePrimary(page, /default\/web-pool/);
  await saveAndLeave(page);
  expect(await realAddress(sim, CL, 'default/real-sharer'), 'the secondary\'s address').toBe(primary);
  expect((await realService(sim, CL, 'default/real-sharer')).metadata.labels?.[`${ P }/primary-service`], 'the provider\'s label').toBe(`default.${ SERVICES.webPool }`);

  await openLoadBalancerCreate(page, sim.dashboard, CL, 'list');
  await fillNewService(page, 'real-dhcp');
  await expectOneAddOnConfig(page);
  await chooseSource(page, 'dhcp');
  await saveAndLeave(page);
  const lease = await realAddress(sim, CL, 'default/real-dhcp');

  // A DHCP load balancer is Ready on the host with 0.0.0.0; the lease is kube-vip's (stood in: 192.168.100.200+).
  expect(lease).toMatch(/^192\.168\.100\.2\d\d$/);
  await page.goto(services(sim.dashboard));
  const headers = await listHeaders(page);

  await expect(listCell(page, 'real-dhcp', headers, 'LB Address')).toHaveText(new RegExp(lease.replace(/\./g, '\\.')), { timeout: STEP_MS });
  await expect(listCell(page, 'real-sharer', headers, 'LB Address')).toHaveText(new RegExp(primary.replace(/\./g, '\\.')));
});

test('a snapshot of data-db-0 taken in the PVC tab gets ready, restores to a new PVC and is deleted, through the real CSI driver', SERVER, async({ adminPage: page, sim }) => {
  const tid = (id: string) => `[data-testid="${ id }"]`;
  const guest = kubeTarget(sim.stack as NonNullable<typeof sim.stack>, 'guest');
  const snapshots = async() => ((await kubeRequest(guest, 'GET', '/apis/snapshot.storage.k8s.io/v1/namespaces/default/volumesnapshots')).body?.items || [])
    .filter((s: any) => /^data-db-0-snapshot-\d{14}$/.test(s.metadata.name) && s.metadata.name !== 'data-db-0-snapshot-20261120093000');

  await page.goto(`${ sim.dashboard }/c/${ CL }/explorer/persistentvolumeclaim/default/data-db-0`);
  await page.locator(SEL.cru.tabButton('harvester-volume-snapshots')).click();
  await page.locator(tid('pvc-snapshots-table')).waitFor({ state: 'visible', timeout: STEP_MS });
  await page.locator(tid('pvc-take-snapshot')).click();
  await page.locator(tid('volume-snapshot-create')).click();
  await expect.poll(async() => (await snapshots()).length, { message: 'the snapshot created on the real guest', timeout: STEP_MS }).toBe(1);
  const [snap] = await snapshots();
  const row = page.locator(tid(`pvc-snapshot-row-${ snap.metadata.name }`));

  // csi-snapshotter → the driver's CreateSnapshot → a VolumeSnapshot on the host (Longhorn's readiness stood in).
  // The state cell (the host column says "Ready" of the host's object as soon as that is).
  await expect(row.locator('td').nth(1)).toHaveText('Ready', { timeout: 90000 });
  await page.locator(`${ tid(`pvc-snapshot-row-${ snap.metadata.name }`) } ${ tid('pvc-snapshot-restore') }`).click();
  await page.locator(tid('volume-restore-create')).click();
  const name = `${ snap.metadata.name }-restore`;

  await expect(page.locator(tid('pvc-restored-link'))).toHaveText(name, { timeout: STEP_MS });
  // external-provisioner → the driver's CreateVolume from the snapshot → a host PVC; kube-controller-manager binds.
  await expect(page.locator(tid('pvc-restored-phase'))).toHaveText('Bound', { timeout: 90000 });
  const pvc = (await kubeRequest(guest, 'GET', `/api/v1/namespaces/default/persistentvolumeclaims/${ name }`)).body;

  expect(pvc.status.phase).toBe('Bound');
  expect(pvc.spec.dataSource).toMatchObject({ kind: 'VolumeSnapshot', name: snap.metadata.name });

  // Deleted in the tab: the snapshot controller and the driver remove it (its class deletes the host snapshot), and
  // the row leaves the table without a reload, though the list read just after the delete may still hold it.
  await page.locator(`${ tid(`pvc-snapshot-row-${ snap.metadata.name }`) } ${ tid('pvc-snapshot-delete') }`).click();
  await page.locator(tid('pvc-snapshot-delete-confirm')).click();
  await expect(row).toHaveCount(0, { timeout: 60000 });
  await expect.poll(async() => (await snapshots()).length, { message: 'the snapshot gone from the real guest', timeout: STEP_MS }).toBe(0);
});
