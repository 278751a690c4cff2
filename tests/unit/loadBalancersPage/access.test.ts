/**
 * Issue 26: the Load Balancers page tells a user who may not read what it needs why. The demo's viewer reads
 * rke2-guest's Services and Events but is no member of harvester-host: the rows, with the reason the pools are not
 * shown. A role that may not list Services gets that reason, not "No LoadBalancer Services" and controls that list
 * nothing; one that may not list Events is told why Pending rows have no reason.
 */
import { RouterLinkStub } from '@vue/test-utils';
import LoadBalancersPage from '@pkg/loadBalancersPage/LoadBalancersPage.vue';
import { eventsDenied, lbNotices, servicesDenied } from '@pkg/loadBalancersPage/access';
import { RKE2_GUEST } from '../../../lab/world/ids';
import { demoSeed } from '../../../lab/world/seed';
import { useDemoServer } from '../../harness/demoServer';
import { mountDemo, mountWithStore, settle } from '../../harness/mount';
import { demoStore } from '../../harness/store';

const demo = useDemoServer(demoSeed([]));
const byId = (w: any, id: string) => w.find(`[data-testid="${ id }"]`);

async function withoutSchemas(types: string[]) {
  const store = await demoStore(RKE2_GUEST.id);

  types.forEach((type) => store.commit('cluster/remove', store.getters['cluster/schemaFor'](type)));
  const mark = demo.mark();
  const wrapper = mountWithStore(LoadBalancersPage, store, { global: { stubs: { RouterLink: RouterLinkStub } } });

  await settle(12);

  return { wrapper, mark };
}

describe('what the Load Balancers page decides from the user\'s schemas and the host lookup', () => {
  const read = { collectionMethods: ['GET'], resourceMethods: ['GET'] };

  it('Services and Events need list', () => {
    expect(servicesDenied(() => read)).toBe(false);
    expect(servicesDenied(() => null)).toBe(true);
    expect(eventsDenied(() => ({ collectionMethods: [] }))).toBe(true);
  });

  it('one notice for the host (why, then what is left out), one for Events only when a row is Pending', () => {
    expect(lbNotices({
      hostProblem: 'notMember', eventsDenied: true, pending: true
    })).toEqual([
      { id: 'host-unreadable', keys: ['harvesterCloud.host.unknown.notMember', 'harvesterLoadBalancers.host.consequence'] },
      { id: 'events-denied', keys: ['harvesterLoadBalancers.eventsDenied'] },
    ]);
    expect(lbNotices({
      hostProblem: 'forbidden', eventsDenied: true, pending: false
    })).toEqual([{ id: 'host-unreadable', keys: ['harvesterLoadBalancers.host.forbidden'] }]);
    expect(lbNotices({
      hostProblem: null, eventsDenied: false, pending: true
    })).toEqual([]);
  });
});

describe('the Load Balancers page for a user who may not read all it needs', () => {
  it('the viewer gets the rows and is told they are no member of the Harvester host, so the pools are not shown', async() => {
    demo.as('viewer');
    const { wrapper } = await mountDemo(LoadBalancersPage, RKE2_GUEST.id);

    expect(byId(wrapper, 'lb-page-host-unreadable').text()).toBe('You are not a member of the Harvester cluster that hosts this cluster\'s VMs: Rancher shows a cluster only to its members. The IP pools and the host\'s load balancers are not shown.');
    expect(byId(wrapper, 'lb-row-default-web-pool').text()).toContain('192.168.100.50');
    expect(byId(wrapper, 'lb-page-events-denied').exists()).toBe(false);
  });

  it('the same in Simplified Chinese', async() => {
    demo.as('viewer');
    const { wrapper } = await mountDemo(LoadBalancersPage, RKE2_GUEST.id, 'zh-hans');

    expect(byId(wrapper, 'lb-page-host-unreadable').text()).toBe('您不是承载此集群虚拟机的 Harvester 集群的成员：Rancher 只向集群成员显示该集群。 不显示 IP 池和主机上的负载均衡器。');
  });

  it('the admin gets no notice', async() => {
    const { wrapper } = await mountDemo(LoadBalancersPage, RKE2_GUEST.id);

    expect(wrapper.find('[data-testid="lb-page-host-unreadable"]').exists()).toBe(false);
  });

  it('a role that may not list Services is told so, with no list controls and no request for them', async() => {
    const { wrapper, mark } = await withoutSchemas(['service']);

    expect(byId(wrapper, 'lb-page-denied').text()).toBe('Your role in this cluster does not allow listing Services, so its load balancers cannot be shown. Ask the cluster\'s owner for read access to Services.');
    expect(wrapper.find('input').exists()).toBe(false);
    expect(byId(wrapper, 'lb-page-pager').exists()).toBe(false);
    expect(byId(wrapper, 'lb-page-empty').exists()).toBe(false);
    expect(demo.requestsSince(mark).filter((r) => r.includes('/services'))).toEqual([]);
  });

  it('a role that may not list Events is told why the Pending rows have no reason', async() => {
    demo.state.faults.push({
      match: {
        method: 'GET', cluster: RKE2_GUEST.id, type: 'event'
      },
      respond: 403,
      times:   100
    });
    const { wrapper } = await withoutSchemas(['event']);

    expect(byId(wrapper, 'lb-page-events-denied').text()).toBe('Your role in this cluster does not allow listing Events, so the reason a load balancer is Pending cannot be shown.');
    expect(byId(wrapper, 'lb-row-default-other-network').text()).toContain('Pending');
    expect(wrapper.find('[data-testid="lb-row-reason"]').exists()).toBe(false);
  });
});
