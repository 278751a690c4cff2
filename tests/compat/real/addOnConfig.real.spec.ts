/**
 * The Add-on Config flows of tests/compat/addOnConfig.spec.ts in Rancher 2.15's production dashboard, with
 * rke2-guest served by the REAL stack (stack/: kube-apiserver + rancher/steve through the simulator's real-mode
 * proxy). What is asserted is read back from the real kube-apiserver. Harvester's cloud provider and load balancer
 * controller run too (built from ../shared/harvester): what they write on a Service (kube-vip's keys, the
 * secondary's label) is theirs, so "untouched" compares with the Service as they left it; controllers.real.spec.ts
 * has the flows that wait for their addresses and events.
 */
import { RKE2_GUEST, SERVICES } from '../../../simulator/demo/ids';
import { SEL } from '../../e2e/selectors';
import { choose, setChecked } from '../../e2e/ui';
import { expect, test } from '../fixtures';
import {
  choosePrimary, chooseSource, createApiService, expectOneAddOnConfig, fillNewService, openLoadBalancerCreate,
  openServiceEdit, providerKeys, saveAndLeave, settled
} from '../steps';
import { patchService, realService, storedAnnotations } from './realSteps';
import { realAddress } from './controllerSteps';

const CL = RKE2_GUEST.id;
const P = 'cloudprovider.harvesterhci.io';

test.describe('create a LoadBalancer Service (real kube-apiserver)', () => {
  test('untouched: no provider key is written', async({ adminPage: page, sim }) => {
    await openLoadBalancerCreate(page, sim.dashboard, CL, 'address');
    await fillNewService(page, 'untouched');
    await expectOneAddOnConfig(page);
    await saveAndLeave(page);
    expect(providerKeys(await storedAnnotations(sim, CL, 'default/untouched'))).toEqual({});
  });

  test('DHCP then back to IP pool: nothing is written', async({ adminPage: page, sim }) => {
    await openLoadBalancerCreate(page, sim.dashboard, CL, 'list');
    await fillNewService(page, 'back-to-pool');
    await expectOneAddOnConfig(page);
    await chooseSource(page, 'dhcp');
    await chooseSource(page, 'pool');
    await saveAndLeave(page);
    expect(providerKeys(await storedAnnotations(sim, CL, 'default/back-to-pool'))).toEqual({});
  });

  test('DHCP on a network: ipam and network, nothing else', async({ adminPage: page, sim }) => {
    await openLoadBalancerCreate(page, sim.dashboard, CL, 'address');
    await fillNewService(page, 'on-dhcp');
    await expectOneAddOnConfig(page);
    await chooseSource(page, 'dhcp');
    await choose(page, SEL.lb.network, 'default/vlan100');
    await saveAndLeave(page);
    expect(providerKeys(await storedAnnotations(sim, CL, 'default/on-dhcp'))).toEqual({ [`${ P }/ipam`]: 'dhcp', [`${ P }/network`]: 'default/vlan100' });
  });

  test('sharing the IP of web-pool: primary-service only', async({ adminPage: page, sim }) => {
    await openLoadBalancerCreate(page, sim.dashboard, CL, 'list');
    await fillNewService(page, 'sharer');
    await expectOneAddOnConfig(page);
    await chooseSource(page, 'share');
    await choosePrimary(page, /default\/web-pool/);
    await saveAndLeave(page);
    const { [`${ P }/network`]: network, ...chosen } = providerKeys(await storedAnnotations(sim, CL, 'default/sharer'));

    expect(chosen).toEqual({ [`${ P }/primary-service`]: 'default/web-pool' });
    // The network, if there yet, is the provider's: it copies the primary's to a secondary (v0.2.7
    // updateSecondaryServiceLoadBalancerIP).
    expect([undefined, (await storedAnnotations(sim, CL, `default/${ SERVICES.webPool }`))[`${ P }/network`]]).toContain(network);
  });
});

test.describe('edit a Service and save it untouched (real kube-apiserver)', () => {
  test('made through the API, no ipam (from the list): annotations stay byte for byte', async({ adminPage: page, sim }) => {
    await createApiService(sim, CL, 'api-made', { 'example.com/owner': 'team-b' });
    // Once the provider gave it its address (kube-vip's keys are the provider's), what the Service holds:
    await realAddress(sim, CL, 'default/api-made');
    // On Rancher's own server its agent annotates the Service too (settled waits for that).
    await settled(sim, CL, 'default/api-made');
    const annotations = await storedAnnotations(sim, CL, 'default/api-made');

    expect(annotations['example.com/owner']).toBe('team-b');
    await openServiceEdit(page, sim.dashboard, CL, 'default', 'api-made', 'list');
    await expectOneAddOnConfig(page);
    await saveAndLeave(page);
    expect(await storedAnnotations(sim, CL, 'default/api-made')).toEqual(annotations);
  });

  test('a Service sharing an IP keeps primary-service (by its address)', async({ adminPage: page, sim }) => {
    const before = await storedAnnotations(sim, CL, `default/${ SERVICES.webShared }`);

    expect(before[`${ P }/primary-service`]).toBeTruthy();
    await openServiceEdit(page, sim.dashboard, CL, 'default', SERVICES.webShared, 'address');
    await expectOneAddOnConfig(page);
    await saveAndLeave(page);
    expect(await storedAnnotations(sim, CL, `default/${ SERVICES.webShared }`)).toEqual(before);
  });
});

test.describe('a change made elsewhere meanwhile: the real Steve answers 409', () => {
  test('saved untouched after a label was added on the kube-apiserver: both kept', async({ adminPage: page, sim }) => {
    const id = `default/${ SERVICES.webPool }`;
    const annotations = await storedAnnotations(sim, CL, id);
    const puts: number[] = [];

    page.on('response', (r) => {
      if (r.request().method() === 'PUT' && r.url().includes(`/k8s/clusters/${ CL }/v1/services/${ id }`)) {
        puts.push(r.status());
      }
    });
    await openServiceEdit(page, sim.dashboard, CL, 'default', SERVICES.webPool, 'address');
    await expectOneAddOnConfig(page);
    await patchService(sim, CL, id, { metadata: { labels: { 'changed-by': 'someone-else' } } });
    // The Save meets the real 409 (stale resourceVersion); 2.15's shell merges the server's version
    // (dashboard-store normalize.js handleConflict) and saves again.
    await saveAndLeave(page);
    const saved = await realService(sim, CL, id);

    expect(saved.metadata.labels?.['changed-by']).toBe('someone-else');
    expect(saved.metadata.annotations).toEqual(annotations);
    expect(puts, 'updates of web-pool, by status').toEqual([409, 200]);
  });

  test('health-check port chosen while someone else set it on the kube-apiserver: the conflict is shown, theirs kept', async({ adminPage: page, sim }) => {
    // (The IP source cannot be the changed field: the Add-on Config locks it on edit.)
    const id = `default/${ SERVICES.webPool }`;
    const port = `${ P }/healthcheck-port`;

    await openServiceEdit(page, sim.dashboard, CL, 'default', SERVICES.webPool, 'address');
    await expectOneAddOnConfig(page);
    await setChecked(page, SEL.hc.enabled, true);
    await choose(page, SEL.hc.port, '443');
    await patchService(sim, CL, id, { metadata: { annotations: { [port]: '80' } } });
    await page.locator(SEL.cru.save).click();
    // Both changed the same key: the shell's conflict merge gives up and shows the conflict; the form stays.
    await page.locator(SEL.cru.errorBanners).first().waitFor();
    await expect(page.locator(SEL.cru.errorBanners).first()).toContainText(/modified|conflict/i);
    expect(page.url()).toContain('mode=edit');
    expect((await storedAnnotations(sim, CL, id))[port]).toBe('80');
  });
});
