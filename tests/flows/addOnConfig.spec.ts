/**
 * One Add-on Config, this extension's, in every Rancher dashboard build users run (../shared/rancher-ui), and what
 * it saves is what the user chose: nothing else of the provider's keys, whichever way the page was reached.
 * `@versions` (every build, both Rancher servers): the flows of what differs by build, which page paths reach the tab
 * and whether the built-in tab of 2.12–2.14 writes its `ipam: dhcp` on an untouched save (create by address and from
 * the list; edit from the list, the detail and the address). DHCP, sharing and a sharer's edit are the extension's own
 * form on the same extension point: they run on 2.15's build and the real stack, and through Rancher 2.15's server in
 * real/controllers.real.spec.ts.
 */
import { RKE2_GUEST, SERVICES } from '../../lab/world/ids';
import { SEL } from './lib/selectors';
import { expect, test } from './fixtures';
import { VERSIONS } from './needs';
import {
  choosePrimary, chooseSource, createApiService, expectOneAddOnConfig, expectSaved, fillNewService, openLoadBalancerCreate,
  openServiceEdit, saveAndLeave, settled, storedAnnotations
} from './lib/steps';
import { choose } from './lib/fields';

const CL = RKE2_GUEST.id;
const P = 'cloudprovider.harvesterhci.io';

test.describe('create a LoadBalancer Service', () => {
  test('untouched (page opened by its address): no provider key is written', VERSIONS, async({ adminPage: page, sim }) => {
    await openLoadBalancerCreate(page, sim.dashboard, CL, 'address');
    await fillNewService(page, 'untouched');
    await expectOneAddOnConfig(page);
    await expectSaved(sim, await saveAndLeave(page), CL, 'default/untouched', {}, 'provider');
  });

  test('untouched (from the list): no provider key is written', VERSIONS, async({ adminPage: page, sim }) => {
    await openLoadBalancerCreate(page, sim.dashboard, CL, 'list');
    await fillNewService(page, 'untouched-list');
    await expectOneAddOnConfig(page);
    await expectSaved(sim, await saveAndLeave(page), CL, 'default/untouched-list', {}, 'provider');
  });

  test('DHCP then back to IP pool: the provider default, so nothing is written', async({ adminPage: page, sim }) => {
    await openLoadBalancerCreate(page, sim.dashboard, CL, 'list');
    await fillNewService(page, 'back-to-pool');
    await expectOneAddOnConfig(page);
    await chooseSource(page, 'dhcp');
    await chooseSource(page, 'pool');
    await expectSaved(sim, await saveAndLeave(page), CL, 'default/back-to-pool', {}, 'provider');
  });

  test('DHCP on a network: ipam and network, nothing else', async({ adminPage: page, sim }) => {
    await openLoadBalancerCreate(page, sim.dashboard, CL, 'address');
    await fillNewService(page, 'on-dhcp');
    await expectOneAddOnConfig(page);
    await chooseSource(page, 'dhcp');
    await choose(page, SEL.lb.network, 'default/vlan100');
    await expectSaved(sim, await saveAndLeave(page), CL, 'default/on-dhcp', { [`${ P }/ipam`]: 'dhcp', [`${ P }/network`]: 'default/vlan100' }, 'provider');
  });

  test('sharing the IP of web-pool: primary-service only', async({ adminPage: page, sim }) => {
    await openLoadBalancerCreate(page, sim.dashboard, CL, 'list');
    await fillNewService(page, 'sharer');
    await expectOneAddOnConfig(page);
    await chooseSource(page, 'share');
    await choosePrimary(page, /default\/web-pool/);
    await expectSaved(sim, await saveAndLeave(page), CL, 'default/sharer', { [`${ P }/primary-service`]: 'default/web-pool' }, 'provider');
  });
});

test.describe('edit a Service and save it untouched: its annotations stay byte for byte', () => {
  for (const how of ['list', 'detail', 'address'] as const) {
    test(`made through the API, no ipam (from the ${ how })`, VERSIONS, async({ adminPage: page, sim }) => {
      const annotations = { 'example.com/owner': 'team-b', 'kube-vip.io/loadbalancerIPs': '0.0.0.0' };

      await createApiService(sim, CL, `api-made-${ how }`, annotations);
      // With real controllers the Service gets an address and their annotations first: those are what it has then.
      const before = await settled(sim, CL, `default/api-made-${ how }`);

      await openServiceEdit(page, sim.dashboard, CL, 'default', `api-made-${ how }`, how);
      await expectOneAddOnConfig(page);
      await expectSaved(sim, await saveAndLeave(page), CL, `default/api-made-${ how }`, before, 'all');
      expect(before).toMatchObject(sim.kind === 'simulator' ? annotations : { 'example.com/owner': 'team-b' });
    });
  }

  test('a Service sharing an IP keeps primary-service (by its address)', async({ adminPage: page, sim }) => {
    const before = await storedAnnotations(sim, CL, `default/${ SERVICES.webShared }`);

    expect(before[`${ P }/primary-service`]).toBeTruthy();
    await openServiceEdit(page, sim.dashboard, CL, 'default', SERVICES.webShared, 'address');
    await expectOneAddOnConfig(page);
    await expectSaved(sim, await saveAndLeave(page), CL, `default/${ SERVICES.webShared }`, before, 'all');
  });
});
